'use client';

import { Hammer, Loader2, Pause, Play, RefreshCcw, Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogBody, DialogFooter } from '@/components/ui/dialog';
import { REGENERABLE_EXECUTABLE_STATES } from '@/db/enums';
import { executableLifecycleAction } from '../actions';
import type { ExecutableIds } from './ids';
import {
  type PermissionsRefusal,
  PermissionsRefusalAlert,
  permissionsRefusalOf,
} from './permissions-refusal';

type Op = 'pause' | 'resume' | 'delete' | 'reprovision' | 'regenerate';

/**
 * Pause / resume / reprovision / regenerate / delete, each shown only where the state allows it. A resume the
 * profile's permissions refuse shows what is missing (and for a roles profile, offers to allow it).
 */
export function ExecutableControls({
  ids,
  executable,
}: {
  ids: ExecutableIds;
  executable: { name: string; state: string; switchPending: boolean };
}) {
  const { workspaceSlug, projectId, executableId } = ids;
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [running, setRunning] = useState<Op | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<PermissionsRefusal | null>(null);
  const { state, switchPending } = executable;

  const run = (op: Op) => {
    setRunning(op);
    startTransition(async () => {
      const result = await executableLifecycleAction(workspaceSlug, projectId, executableId, op);
      setRunning(null);
      const refused = permissionsRefusalOf(result);
      setRefusal(refused);
      if (!result.ok) {
        if (op === 'delete') setError(result.error);
        else if (!refused) toast.error(result.error);
        return;
      }
      if (op === 'delete') {
        toast.success(`${executable.name} deleted`);
        router.push(`/${workspaceSlug}/projects/${projectId}/executables`);
        return;
      }
      toast.success(`${executable.name}: ${op} done`, { description: `Now ${result.data.state}.` });
    });
  };

  const spin = (op: Op) => pending && running === op && <Loader2 className="animate-spin" />;

  return (
    <div className="flex flex-wrap gap-2">
      {state === 'active' && (
        <Button size="sm" variant="outline" disabled={pending} onClick={() => run('pause')}>
          {spin('pause') || <Pause />}
          Pause
        </Button>
      )}
      {state === 'paused' && (
        <Button size="sm" disabled={pending || switchPending} onClick={() => run('resume')}>
          {spin('resume') || <Play />}
          Resume
        </Button>
      )}
      {state === 'error' && (
        <Button size="sm" variant="outline" disabled={pending} onClick={() => run('reprovision')}>
          {spin('reprovision') || <Hammer />}
          Reprovision
        </Button>
      )}
      {(REGENERABLE_EXECUTABLE_STATES as readonly string[]).includes(state) && (
        <Button
          size="sm"
          variant="outline"
          disabled={pending || switchPending}
          onClick={() => run('regenerate')}
        >
          {spin('regenerate') || <RefreshCcw />}
          Regenerate
        </Button>
      )}
      {state !== 'active' && (
        <Button
          size="sm"
          variant="outline"
          className="text-destructive hover:text-destructive"
          disabled={pending}
          onClick={() => {
            setError(null);
            setConfirmDelete(true);
          }}
        >
          <Trash2 />
          Delete
        </Button>
      )}
      <Dialog
        open={refusal !== null}
        onOpenChange={(o) => !o && setRefusal(null)}
        title={`${executable.name} cannot resume yet`}
        description="Its profile must allow every call the release declares."
        className="max-w-xl"
      >
        <DialogBody>
          {refusal && (
            <PermissionsRefusalAlert
              workspaceSlug={workspaceSlug}
              projectId={projectId}
              profileId={ids.profileId}
              refusal={refusal}
            />
          )}
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => setRefusal(null)}>
            Close
          </Button>
        </DialogFooter>
      </Dialog>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete ${executable.name}?`}
        description="Scheduling stops for good and its webhooks stop working. Past executions stay in history."
        error={error}
        confirmLabel="Delete executable"
        onConfirm={() => run('delete')}
        pending={pending}
      />
    </div>
  );
}
