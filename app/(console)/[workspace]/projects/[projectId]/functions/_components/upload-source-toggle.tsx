'use client';

import { cn } from '@/lib/cn';
import type { UploadSource } from './release-zip-drop-zone';

const SOURCES: { value: UploadSource; label: string; hint: string }[] = [
  { value: 'bundle', label: 'Bundled ZIP', hint: 'built with tickwork bundle' },
  { value: 'folder', label: 'Task folder', hint: 'Tickwork builds it' },
];

/** Which upload the dialog makes: a ZIP the CLI bundled, or a task folder the server bundles. */
export function UploadSourceToggle({
  value,
  onChange,
}: {
  value: UploadSource;
  onChange: (next: UploadSource) => void;
}) {
  return (
    <div
      role="radiogroup"
      aria-label="What to upload"
      className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1"
    >
      {SOURCES.map((source) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control, styled as one group of buttons
        <button
          key={source.value}
          type="button"
          role="radio"
          aria-checked={value === source.value}
          onClick={() => onChange(source.value)}
          className={cn(
            'grid rounded-md px-3 py-1.5 text-left transition-colors',
            value === source.value ? 'bg-card shadow-xs' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          <span className="font-medium text-sm">{source.label}</span>
          <span className="text-xs opacity-80">{source.hint}</span>
        </button>
      ))}
    </div>
  );
}
