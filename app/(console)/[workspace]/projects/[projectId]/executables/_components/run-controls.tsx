'use client';

import { FlaskConical, Loader2, Zap } from 'lucide-react';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { requestRunAction } from '../actions';
import type { ExecutableIds } from './ids';

type Mode = 'run' | 'simulate';

/**
 * Run now (active executables only) and Simulate (active or paused): each queues a manual execution, which
 * then appears in the Executions card; a refusal (already running, not runnable) is shown as a toast.
 */
export function RunControls({ ids, state, name }: { ids: ExecutableIds; state: string; name: string }) {
  const [pending, startTransition] = useTransition();
  const [mode, setMode] = useState<Mode | null>(null);

  const request = (next: Mode) => {
    setMode(next);
    startTransition(async () => {
      const dryRun = next === 'simulate';
      const result = await requestRunAction(ids.workspaceSlug, ids.projectId, ids.executableId, dryRun);
      setMode(null);
      if (!result.ok) {
        toast.error(dryRun ? 'Could not simulate' : 'Could not run', { description: result.error });
        return;
      }
      toast.success(dryRun ? `Simulation of ${name} queued` : `Run of ${name} queued`, {
        description: dryRun
          ? 'The task runs and its calls are simulated; nothing is submitted.'
          : 'The task runs now and its calls are sent with the profile.',
      });
    });
  };

  const icon = (m: Mode, Idle: typeof Zap) =>
    pending && mode === m ? <Loader2 className="animate-spin" /> : <Idle />;

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        disabled={pending || (state !== 'active' && state !== 'paused')}
        onClick={() => request('simulate')}
      >
        {icon('simulate', FlaskConical)}
        Simulate
      </Button>
      <Button size="sm" disabled={pending || state !== 'active'} onClick={() => request('run')}>
        {icon('run', Zap)}
        Run now
      </Button>
    </div>
  );
}
