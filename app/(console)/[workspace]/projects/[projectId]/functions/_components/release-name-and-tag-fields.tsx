'use client';

import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ReleaseTagStatus } from './release-tag-status';
import type { ReleaseNameAndTag } from './use-release-name-and-tag';

/** The release's name (fixed, or typed / picked from the existing ones) and version tag, with the tag's status. */
export function ReleaseNameAndTagFields({
  release,
  defaultName,
  existingNames,
  nameError,
  tagError,
}: {
  release: ReleaseNameAndTag;
  defaultName?: string;
  existingNames: string[];
  nameError?: string;
  tagError?: string;
}) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_170px]">
        <Field
          label="Name"
          htmlFor="release-name"
          className="content-start"
          error={nameError}
          hint={
            !defaultName && existingNames.length > 0 ? (
              <ExistingNames names={existingNames} onChoose={release.editName} />
            ) : defaultName ? undefined : (
              'Letters, digits, . _ -; up to 64 characters.'
            )
          }
        >
          <Input
            id="release-name"
            required
            maxLength={64}
            list="release-existing-names"
            className="font-mono read-only:bg-muted/60 read-only:text-muted-foreground"
            placeholder="price-watcher"
            value={release.name}
            readOnly={Boolean(defaultName)}
            onChange={(e) => release.editName(e.target.value)}
          />
          <datalist id="release-existing-names">
            {existingNames.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
        </Field>
        <Field label="Version tag" htmlFor="release-tag" error={tagError} className="content-start">
          <Input
            id="release-tag"
            required
            maxLength={32}
            className="font-mono"
            value={release.tag}
            aria-invalid={release.tagTaken || undefined}
            onChange={(e) => release.editTag(e.target.value)}
          />
        </Field>
      </div>
      <ReleaseTagStatus
        name={release.name.trim()}
        reservation={release.reservation}
        taken={release.taken}
        tagTaken={release.tagTaken}
        onUseSuggested={release.editTag}
      />
    </>
  );
}

function ExistingNames({ names, onChoose }: { names: string[]; onChoose: (name: string) => void }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      Existing:
      {names.map((n) => (
        <button
          key={n}
          type="button"
          onClick={() => onChoose(n)}
          className="rounded border bg-card px-1.5 font-mono text-[11px] text-foreground transition-colors hover:border-primary/50 hover:text-primary"
        >
          {n}
        </button>
      ))}
    </span>
  );
}
