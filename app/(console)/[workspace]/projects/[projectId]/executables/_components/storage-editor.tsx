'use client';

import { Loader2, RotateCcw, Save } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { readStorageAction, writeStorageAction } from '../actions';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

type Conflict = { value: unknown; version: number };

/**
 * The executable's storage object as JSON. A save sends the version it was based on; when the server moved
 * on (an execution wrote), the current server value is shown with "reload" and "overwrite".
 */
export function StorageEditor({
  workspaceSlug,
  executableId,
  initial,
  canMutate,
}: {
  workspaceSlug: string;
  executableId: string;
  initial: { value: unknown; version: number };
  canMutate: boolean;
}) {
  const [text, setText] = useState(() => pretty(initial.value));
  const [version, setVersion] = useState(initial.version);
  // The server state the editor last showed. When a run moves storage on (the page refreshes while runs
  // finish), the editor follows, unless it holds unsaved edits: those stay, and a save meets the conflict.
  const [shown, setShown] = useState(initial);
  if (initial.version > shown.version) {
    setShown(initial);
    if (text === pretty(shown.value)) {
      setText(pretty(initial.value));
      setVersion(initial.version);
    }
  }
  const show = (value: unknown, at: number) => {
    setShown({ value, version: at });
    setText(pretty(value));
    setVersion(at);
  };
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [pending, startTransition] = useTransition();

  let parseError: string | null = null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      parseError = 'Storage is a JSON object.';
  } catch (e) {
    parseError = `Not valid JSON: ${(e as Error).message}`;
  }

  const save = (expectedVersion: number) =>
    startTransition(async () => {
      const result = await writeStorageAction(workspaceSlug, executableId, {
        value: parsed,
        expectedVersion,
      });
      if (result.ok) {
        show(parsed, result.data.version);
        setConflict(null);
        setError(null);
        toast.success(result.data.changed ? `Storage saved (v${result.data.version})` : 'Storage unchanged');
        return;
      }
      const current = result.details?.current as Conflict | undefined;
      if (result.code === 'storage_version_conflict' && current) {
        setConflict(current);
        setError(null);
        return;
      }
      setError(result.error);
    });

  const reload = () =>
    startTransition(async () => {
      const result = await readStorageAction(workspaceSlug, executableId);
      if (!result.ok) return setError(result.error);
      show(result.data.value, result.data.version);
      setConflict(null);
      setError(null);
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save(version);
  };

  return (
    <form onSubmit={submit} className="grid gap-3">
      <div className="flex items-center justify-between">
        <label htmlFor="storage-json" className="font-medium text-sm">
          Storage JSON
        </label>
        <Badge variant="secondary" data-testid="storage-version">
          v{version}
        </Badge>
      </div>
      <Textarea
        id="storage-json"
        rows={8}
        spellCheck={false}
        className="font-mono text-xs"
        value={text}
        readOnly={!canMutate}
        onChange={(e) => setText(e.target.value)}
      />
      {parseError && (
        <p className="text-destructive text-xs" role="alert">
          {parseError}
        </p>
      )}
      {conflict && (
        <Alert variant="warning" title={`Storage changed on the server (now v${conflict.version})`}>
          <div className="grid gap-2" data-testid="storage-conflict">
            <p>Your edit was based on v{version}. The server holds:</p>
            <pre className="max-h-40 overflow-auto rounded-md bg-background/70 p-2 font-mono text-foreground text-xs">
              {pretty(conflict.value)}
            </pre>
            <div className="flex gap-2">
              <Button size="sm" variant="outline" disabled={pending} onClick={reload}>
                <RotateCcw />
                Reload server value
              </Button>
              <Button
                size="sm"
                variant="destructive"
                disabled={pending}
                onClick={() => save(conflict.version)}
              >
                Overwrite with mine
              </Button>
            </div>
          </div>
        </Alert>
      )}
      {error && <Alert variant="destructive">{error}</Alert>}
      {canMutate && (
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={pending || Boolean(parseError)}>
            {pending ? <Loader2 className="animate-spin" /> : <Save />}
            Save storage
          </Button>
          <Button size="sm" variant="ghost" disabled={pending} onClick={reload}>
            <RotateCcw />
            Reload
          </Button>
        </div>
      )}
    </form>
  );
}
