'use client';

import { FileArchive, FolderUp, Loader2, UploadCloud } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/console/format';
import type { PickedZip } from './use-picked-zip';

/** What the dialog uploads: a ZIP `tickwork bundle` built, or a task folder (or a ZIP of it) the server builds. */
export type UploadSource = 'bundle' | 'folder';

/**
 * Where the release ZIP is dropped or chosen, or, for a folder, where the folder is chosen (a ZIP of it may be
 * dropped); once picked, it shows the file and its checksum.
 */
export function ReleaseZipDropZone({
  picked,
  onPick,
  source = 'bundle',
  onPickFolder,
}: {
  picked: PickedZip | null;
  onPick: (file: File | undefined) => void;
  source?: UploadSource;
  /** The files of a folder chosen in folder mode. */
  onPickFolder?: (files: File[]) => void;
}) {
  const folder = source === 'folder';
  const [dragging, setDragging] = useState(false);

  return (
    <label
      htmlFor="release-zip"
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        onPick(e.dataTransfer.files[0]);
      }}
      data-testid="release-drop-zone"
      className={cn(
        'group flex cursor-pointer rounded-lg border border-dashed transition-colors',
        dragging ? 'border-primary bg-accent' : 'border-input bg-muted/40 hover:border-primary/50',
        picked ? 'items-center gap-3 p-3' : 'flex-col items-center px-6 py-8 text-center',
      )}
    >
      {folder ? (
        <input
          id="release-zip"
          type="file"
          // a folder picker: every file inside, each named by its path from the folder
          {...{ webkitdirectory: '' }}
          multiple
          aria-label="Task folder"
          className="sr-only"
          onChange={(e) => {
            onPickFolder?.([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      ) : (
        <input
          id="release-zip"
          type="file"
          accept=".zip,application/zip,application/x-zip-compressed"
          aria-label="Release ZIP"
          className="sr-only"
          onChange={(e) => {
            onPick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      )}
      {picked ? <PickedZipSummary picked={picked} /> : folder ? <FolderPrompt /> : <DropPrompt />}
    </label>
  );
}

function PickedZipSummary({ picked }: { picked: PickedZip }) {
  return (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md border bg-card">
        <FileArchive className="size-5 text-primary" />
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate font-medium text-sm">{picked.file.name}</span>
        <span className="flex items-center gap-1.5 text-muted-foreground text-xs">
          {formatBytes(picked.file.size)} ·{' '}
          {picked.problem ? (
            <span className="text-destructive">{picked.problem}</span>
          ) : picked.checksum ? (
            <span className="font-mono" data-testid="release-checksum" title={picked.checksum}>
              sha256 {picked.checksum.slice(0, 16)}…
            </span>
          ) : (
            <>
              <Loader2 className="size-3 animate-spin" /> computing checksum…
            </>
          )}
        </span>
      </span>
      <span className="shrink-0 font-medium text-primary text-xs group-hover:underline">Replace</span>
    </>
  );
}

function DropPrompt() {
  return (
    <>
      <span className="mb-3 flex size-11 items-center justify-center rounded-xl border bg-card shadow-xs">
        <UploadCloud className="size-5 text-primary" />
      </span>
      <span className="font-medium text-sm">Drop a release ZIP here</span>
      <span className="mt-1 text-muted-foreground text-xs">
        or <span className="text-primary group-hover:underline">choose a file</span> ·{' '}
        <code className="font-mono">index.js</code> at the root, optional{' '}
        <code className="font-mono">permissions.json</code>, up to 5 MB
      </span>
    </>
  );
}

function FolderPrompt() {
  return (
    <>
      <span className="mb-3 flex size-11 items-center justify-center rounded-xl border bg-card shadow-xs">
        <FolderUp className="size-5 text-primary" />
      </span>
      <span className="font-medium text-sm">
        <span className="text-primary group-hover:underline">Choose a task folder</span>, or drop a ZIP of one
      </span>
      <span className="mt-1 text-muted-foreground text-xs">
        <code className="font-mono">index.ts</code> or <code className="font-mono">index.js</code>, optional{' '}
        <code className="font-mono">permissions.json</code> and <code className="font-mono">schema.json</code>
        ; Tickwork builds it as <code className="font-mono">tickwork bundle</code> does (node_modules stays
        behind)
      </span>
    </>
  );
}
