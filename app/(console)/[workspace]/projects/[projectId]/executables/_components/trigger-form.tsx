'use client';

import { Loader2, Save } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { Trigger } from '@/db/schema/executables';
import { updateTriggerAction } from '../actions';
import type { FieldError } from './chain-trigger-fields';
import type { ExecutableIds } from './ids';
import { draftOf, draftProblem, isSchedule, sameTrigger, triggerOf } from './schedule';
import { type ChainContext, TriggerEditor } from './trigger-editor';

/**
 * Edits the trigger, any of the four types. A schedule's runs preview the scheduler's: anchored on the stored
 * next run (`nextRunAt`, as the Details card shows it) while the draft is the saved trigger of an active
 * executable, else from now. A refusal shows at its field.
 */
export function TriggerForm({
  ids,
  trigger,
  nextRunAt,
  chain,
}: {
  ids: ExecutableIds;
  trigger: Trigger;
  nextRunAt: string | null;
  chain: ChainContext;
}) {
  const [draft, setDraft] = useState(() => draftOf(trigger));
  const saved = sameTrigger(triggerOf(draft), trigger);
  const [error, setError] = useState<FieldError>(null);
  const [pending, startTransition] = useTransition();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    startTransition(async () => {
      const result = await updateTriggerAction(
        ids.workspaceSlug,
        ids.projectId,
        ids.executableId,
        triggerOf(draft),
      );
      if (!result.ok) return setError({ field: result.field, message: result.error });
      setError(null);
      toast.success('Trigger saved');
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-3">
      <TriggerEditor
        id="trigger"
        draft={draft}
        onChange={setDraft}
        chain={chain}
        error={error}
        onError={setError}
        scheduledAt={saved ? nextRunAt : null}
        caption={
          // a chain trigger has no next run even when active: a schedule replacing it starts once saved
          nextRunAt === null && isSchedule(trigger)
            ? 'Not scheduled: next runs once active (UTC)'
            : saved
              ? 'Next runs (UTC)'
              : 'Next runs once saved (UTC)'
        }
      />
      {error && !error.field?.startsWith('trigger.') && <Alert variant="destructive">{error.message}</Alert>}
      <div>
        <Button type="submit" size="sm" disabled={pending || draftProblem(draft) !== undefined}>
          {pending ? <Loader2 className="animate-spin" /> : <Save />}
          Save trigger
        </Button>
      </div>
    </form>
  );
}
