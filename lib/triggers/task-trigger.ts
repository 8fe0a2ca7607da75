import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { triggerEvents } from '@/db/schema';
import type { Trigger } from '@/db/schema/executables';
import type { TriggerPayload } from '@/db/schema/triggers';
import type { TaskTrigger } from '@/lib/runtime/task-types';
import { decodeTriggerLog } from './event-abi';

/** `ctx.trigger` of a stored trigger event: the log (decoded with the trigger's signature when it has one) or block. */
export function taskTriggerOf(payload: TriggerPayload, trigger: Trigger | null): TaskTrigger {
  if (payload.kind === 'block')
    return {
      type: 'block',
      block: { number: payload.blockNumber, hash: payload.blockHash, timestamp: payload.timestamp },
    };
  const { kind: _kind, ...log } = payload;
  const event = trigger?.type === 'event' && trigger.event ? decodeTriggerLog(trigger.event, log) : undefined;
  return { type: 'event', log: { ...log, ...(event && { event }) } };
}

/** The trigger of an execution that an event or block trigger started (executions.trigger_event_id), or undefined. */
export async function loadTaskTrigger(
  db: DbOrTx,
  triggerEventId: string | null,
  trigger: Trigger,
): Promise<TaskTrigger | undefined> {
  if (!triggerEventId) return undefined;
  const [row] = await db
    .select({ payload: triggerEvents.payload })
    .from(triggerEvents)
    .where(eq(triggerEvents.id, triggerEventId));
  return row ? taskTriggerOf(row.payload, trigger) : undefined;
}
