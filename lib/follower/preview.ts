import type { EventTrigger } from '@/db/schema/executables';
import type { ChainConfig } from '@/lib/chains/config';
import type { TriggerLog } from '@/lib/runtime/task-types';
import { followerLimits } from '@/lib/triggers/settings';
import { taskTriggerOf } from '@/lib/triggers/task-trigger';
import { logMatches, logPayload, unionFilter } from './match';
import { headNumber, logsIn } from './rpc';

/**
 * The last `n` logs (newest last) an event trigger matches on its chain, as `ctx.trigger.log` would carry them:
 * for the console's trigger preview. Looks back from the head range by range, `maxBlocks` blocks at most.
 */
export async function previewTriggerLogs(
  chain: ChainConfig,
  trigger: EventTrigger,
  n: number,
  opts: { maxBlocks?: number } = {},
): Promise<{ logs: TriggerLog[]; fromBlock: number; toBlock: number }> {
  const head = await headNumber(chain);
  const maxBlocks = opts.maxBlocks ?? 10_000;
  const { rangeBlocks } = followerLimits();
  const filter = unionFilter([{ executableId: 'preview', trigger }]);
  const found: TriggerLog[] = [];
  let to = head;
  let from = head;
  while (found.length < n && to >= 0 && head - to < maxBlocks) {
    from = Math.max(0, to - rangeBlocks + 1, head - maxBlocks + 1);
    const logs = filter ? await logsIn(chain, from, to, filter) : [];
    const matched = logs
      .map(logPayload)
      .filter((log) => logMatches(trigger, log))
      .map((payload) => {
        const shown = taskTriggerOf(payload, trigger);
        return shown.type === 'event' ? shown.log : null;
      })
      .filter((log): log is TriggerLog => log !== null);
    found.unshift(...matched);
    if (from === 0) break;
    to = from - 1;
  }
  return { logs: found.slice(-n), fromBlock: from, toBlock: head };
}
