'use client';

import { FileArchive, Loader2, Plus, Upload, UploadCloud } from 'lucide-react';
import { type DragEvent, type FormEvent, useEffect, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, FormDialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/console/format';
import { FUNCTION_NAME_PATTERN } from '@/lib/functions/schemas';
import { uploadReleaseAction } from '../actions';
import { type FormError, ReleaseError } from './release-error';
import { usedTags, useVersionReservation } from './use-version-reservation';

/** BUNDLE_LIMITS.archiveBytes (lib/functions/bundle.ts): checked here too, before anything is sent. */
const MAX_ARCHIVE_BYTES = 5 * 1024 * 1024;

type Picked = { file: File; checksum: string | null; problem: string | null };

/** A ZIP starts with a local file header (PK\x03\x04), or an end record when it is empty. */
async function looksLikeZip(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);
}

async function sha256Hex(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** `price-watcher (2).zip` → `price-watcher-2`: a valid function name (letters, digits, . _ -) or ''. */
export function nameFromFile(fileName: string): string {
  return fileName
    .replace(/\.zip$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .replace(/-+$/, '')
    .slice(0, 64);
}

/** Client-side check of the optional args schema: JSON, and an object. The server compiles it with ajv. */
function schemaProblem(schema: string): string | null {
  if (!schema.trim()) return null;
  try {
    const parsed = JSON.parse(schema);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return 'The schema must be a JSON object (a JSON Schema).';
    }
    return null;
  } catch (error) {
    return `Not valid JSON: ${(error as Error).message}`;
  }
}

const FIELD_OF: Record<string, string> = { taskName: 'name', versionTag: 'tag', schema: 'schema' };

export function UploadReleaseDialog({
  workspaceSlug,
  projectId,
  existingNames,
  defaultName,
}: {
  workspaceSlug: string;
  projectId: string;
  existingNames: string[];
  /** Set on a function's own "New version" button: the name is fixed up front. */
  defaultName?: string;
}) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [dragging, setDragging] = useState(false);
  const [name, setName] = useState(defaultName ?? '');
  const [nameEdited, setNameEdited] = useState(Boolean(defaultName));
  const [tag, setTag] = useState('v1');
  const [tagEdited, setTagEdited] = useState(false);
  const [schema, setSchema] = useState('');
  const [schemaError, setSchemaError] = useState<string | null>(null);
  const [error, setError] = useState<FormError | null>(null);
  const [pending, startTransition] = useTransition();
  const reservation = useVersionReservation(workspaceSlug, projectId, name.trim(), open);

  // Prefill the tag with the service's suggestion for this name (v1 for a new one) until it is edited.
  useEffect(() => {
    if (reservation && !tagEdited) setTag(reservation.suggestedVersionTag);
  }, [reservation, tagEdited]);

  const toggle = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setPicked(null);
      setDragging(false);
      setName(defaultName ?? '');
      setNameEdited(Boolean(defaultName));
      setTag('v1');
      setTagEdited(false);
      setSchema('');
      setSchemaError(null);
      setError(null);
    }
  };

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!nameEdited) setName(nameFromFile(file.name));
    if (file.size > MAX_ARCHIVE_BYTES) {
      setPicked({
        file,
        checksum: null,
        problem: `Over the ${formatBytes(MAX_ARCHIVE_BYTES)} bundle limit.`,
      });
      return;
    }
    if (!(await looksLikeZip(file))) {
      setPicked({ file, checksum: null, problem: 'Not a ZIP archive.' });
      return;
    }
    if (!crypto.subtle) {
      setPicked({ file, checksum: null, problem: 'Checksums need a secure (HTTPS) connection.' });
      return;
    }
    setPicked({ file, checksum: null, problem: null });
    const checksum = await sha256Hex(file);
    setPicked((p) => (p?.file === file ? { ...p, checksum } : p));
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void pick(e.dataTransfer.files[0]);
  };

  const upload = (versionTag: string) => {
    if (!picked?.checksum) return;
    const problem = schemaProblem(schema);
    setSchemaError(problem);
    if (problem) return;
    const bundle = new FormData();
    bundle.set('blob', picked.file);
    startTransition(async () => {
      const result = await uploadReleaseAction(
        workspaceSlug,
        projectId,
        { name, versionTag, checkSum: picked.checksum ?? '', schema },
        bundle,
      );
      if (!result.ok) {
        const field = result.code === 'invalid_schema' ? 'schema' : FIELD_OF[result.field ?? ''];
        setError({ message: result.error, field, code: result.code, details: result.details });
        return;
      }
      const { name: released, versionTag: releasedTag, created } = result.data;
      if (created) toast.success(`Uploaded ${released}@${releasedTag}`);
      else
        toast.info(`${released}@${releasedTag} already exists`, {
          description: 'The same ZIP was uploaded under this tag before; nothing changed.',
        });
      toggle(false);
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!awaitingSuggestion) upload(tag);
  };

  /** The one-click fix of a tag conflict: take the suggested tag and upload again. */
  const retryWith = (suggested: string) => {
    setTag(suggested);
    setTagEdited(true);
    upload(suggested);
  };

  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  const taken = reservation ? usedTags(reservation) : [];
  const tagTaken = taken.includes(tag.trim());
  // Until the suggestion for a valid name arrives, the prefilled tag may be one the name already used.
  const awaitingSuggestion = !tagEdited && FUNCTION_NAME_PATTERN.test(name.trim()) && !reservation;

  return (
    <>
      {defaultName ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => toggle(true)}
          aria-label={`New version of ${defaultName}`}
        >
          <Plus />
          New version
        </Button>
      ) : (
        <Button onClick={() => toggle(true)}>
          <Upload />
          Upload release
        </Button>
      )}
      <Dialog
        open={open}
        onOpenChange={toggle}
        className="max-w-xl"
        title={defaultName ? `New version of ${defaultName}` : 'Upload release'}
        description="A release is immutable: its version tag always names exactly this ZIP."
      >
        <form onSubmit={submit}>
          <DialogBody>
            <label
              htmlFor="release-zip"
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={(e) => {
                if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
              }}
              onDrop={onDrop}
              data-testid="release-drop-zone"
              className={cn(
                'group flex cursor-pointer rounded-lg border border-dashed transition-colors',
                dragging ? 'border-primary bg-accent' : 'border-input bg-muted/40 hover:border-primary/50',
                picked ? 'items-center gap-3 p-3' : 'flex-col items-center px-6 py-8 text-center',
              )}
            >
              <input
                id="release-zip"
                type="file"
                accept=".zip,application/zip,application/x-zip-compressed"
                aria-label="Release ZIP"
                className="sr-only"
                onChange={(e) => {
                  void pick(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              {picked ? (
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
                  <span className="shrink-0 font-medium text-primary text-xs group-hover:underline">
                    Replace
                  </span>
                </>
              ) : (
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
              )}
            </label>

            <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_170px]">
              <Field
                label="Name"
                htmlFor="release-name"
                className="content-start"
                error={fieldError('name')}
                hint={
                  !defaultName && existingNames.length > 0 ? (
                    <span className="flex flex-wrap items-center gap-1">
                      Existing:
                      {existingNames.map((n) => (
                        <button
                          key={n}
                          type="button"
                          onClick={() => {
                            setName(n);
                            setNameEdited(true);
                            setTagEdited(false);
                          }}
                          className="rounded border bg-card px-1.5 font-mono text-[11px] text-foreground transition-colors hover:border-primary/50 hover:text-primary"
                        >
                          {n}
                        </button>
                      ))}
                    </span>
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
                  value={name}
                  readOnly={Boolean(defaultName)}
                  onChange={(e) => {
                    setName(e.target.value);
                    setNameEdited(true);
                    setTagEdited(false);
                  }}
                />
                <datalist id="release-existing-names">
                  {existingNames.map((n) => (
                    <option key={n} value={n} />
                  ))}
                </datalist>
              </Field>
              <Field
                label="Version tag"
                htmlFor="release-tag"
                error={fieldError('tag')}
                className="content-start"
              >
                <Input
                  id="release-tag"
                  required
                  maxLength={32}
                  className="font-mono"
                  value={tag}
                  aria-invalid={tagTaken || undefined}
                  onChange={(e) => {
                    setTag(e.target.value);
                    setTagEdited(true);
                  }}
                />
              </Field>
            </div>
            <TagStatus
              name={name.trim()}
              reservation={reservation}
              taken={taken}
              tagTaken={tagTaken}
              onUseSuggested={(t) => {
                setTag(t);
                setTagEdited(true);
              }}
            />

            <Field
              label="Args schema"
              htmlFor="release-schema"
              error={schemaError ?? fieldError('schema')}
              hint="Optional. The JSON Schema executables' args are checked against."
            >
              <Textarea
                id="release-schema"
                rows={4}
                spellCheck={false}
                className="font-mono text-[12px]"
                placeholder={'{ "type": "object", "properties": { "threshold": { "type": "number" } } }'}
                value={schema}
                aria-invalid={Boolean(schemaError) || undefined}
                onChange={(e) => {
                  setSchema(e.target.value);
                  // Once flagged, re-check while typing so the message goes away as soon as it is fixed.
                  if (schemaError) setSchemaError(schemaProblem(e.target.value));
                }}
                onBlur={() => setSchemaError(schemaProblem(schema))}
              />
            </Field>

            {error && !['name', 'tag', 'schema'].includes(error.field ?? '') && (
              <ReleaseError
                error={error}
                workspaceSlug={workspaceSlug}
                pending={pending}
                onRetryWithTag={retryWith}
                action="Upload"
              />
            )}
          </DialogBody>
          <FormDialogFooter
            onCancel={() => toggle(false)}
            pending={pending}
            disabled={!picked?.checksum || awaitingSuggestion}
          >
            Upload release
          </FormDialogFooter>
        </form>
      </Dialog>
    </>
  );
}

function TagStatus({
  name,
  reservation,
  taken,
  tagTaken,
  onUseSuggested,
}: {
  name: string;
  reservation: ReturnType<typeof useVersionReservation>;
  taken: string[];
  tagTaken: boolean;
  onUseSuggested: (tag: string) => void;
}) {
  if (!name || !reservation) return null;
  if (!reservation.exists) {
    return (
      <p className="-mt-2 text-muted-foreground text-xs" data-testid="release-tag-status">
        <Badge variant="success" className="mr-1.5">
          New function
        </Badge>
        A new name starts at <span className="font-mono">v1</span>.
      </p>
    );
  }
  return (
    <div className="-mt-2 grid gap-1.5 text-xs" data-testid="release-tag-status">
      <p className="text-muted-foreground">
        <Badge className="mr-1.5">New version</Badge>
        <span className="font-mono">{name}</span> exists. Suggested tag{' '}
        <button
          type="button"
          className="font-medium font-mono text-primary hover:underline"
          onClick={() => onUseSuggested(reservation.suggestedVersionTag)}
        >
          {reservation.suggestedVersionTag}
        </button>
        .
      </p>
      <p className="flex flex-wrap items-center gap-1 text-muted-foreground">
        Reserved:
        {taken.map((t) => (
          <Badge key={t} variant="secondary" className="font-mono">
            {t}
          </Badge>
        ))}
        <span className="opacity-80">(deleted tags stay reserved)</span>
      </p>
      {tagTaken && (
        <p className="text-[oklch(0.48_0.12_65)]">
          This tag is taken: only the identical ZIP can be uploaded under it again.
        </p>
      )}
    </div>
  );
}
