'use server';

import { apiError } from '@/lib/api/errors';
import { findChain } from '@/lib/chains/config';
import { consoleAction } from '@/lib/console/workspace-action';
import { checkTrigger } from '@/lib/executables/check-trigger';
import { TriggerBody } from '@/lib/executables/schemas';
import { previewTriggerLogs } from '@/lib/follower/preview';
import { ChainReadError } from '@/lib/follower/rpc';
import { triggerFieldOf } from './_components/chain-draft';
import type { TriggerInput } from './_components/schedule';

/** How many logs the trigger preview shows at most, and how far back it looks. */
const PREVIEW_LOGS = 10;
const PREVIEW_BLOCKS = 5_000;

export type PreviewedLog = {
  blockNumber: number;
  transactionHash: string;
  logIndex: number;
  address: string;
  event: { name: string; args: unknown } | null;
};
export type TriggerPreview = { logs: PreviewedLog[]; fromBlock: number; toBlock: number; blocks: number };

/**
 * The last matching logs of an event trigger draft (up to 10, over the last 5,000 blocks), for the trigger form's
 * Preview. The draft is checked as saving it would check it (`checkTrigger`, the API's code), with
 * `profileChainId` for a trigger that names no chain; a refusal names its field.
 */
export async function previewTriggerAction(
  workspaceSlug: string,
  trigger: TriggerInput,
  profileChainId: number,
) {
  const result = await consoleAction<TriggerPreview>(workspaceSlug, { allow: 'members' }, async () => {
    const checked = checkTrigger(TriggerBody.parse({ trigger }).trigger, profileChainId);
    if (checked.type !== 'event')
      throw apiError('invalid_trigger', 'Preview shows the logs of an event trigger');
    const chain = findChain(checked.chainId);
    if (!chain) throw apiError('invalid_trigger', `chain ${checked.chainId} is not enabled`);
    try {
      const found = await previewTriggerLogs(chain, checked, PREVIEW_LOGS, { maxBlocks: PREVIEW_BLOCKS });
      return {
        logs: found.logs.reverse().map((l) => ({
          blockNumber: l.blockNumber,
          transactionHash: l.transactionHash,
          logIndex: l.logIndex,
          address: l.address,
          event: l.event ?? null,
        })),
        fromBlock: found.fromBlock,
        toBlock: found.toBlock,
        blocks: found.toBlock - found.fromBlock + 1,
      };
    } catch (error) {
      if (error instanceof ChainReadError)
        throw apiError('chain_unavailable', `Chain ${chain.chainId} did not answer: ${error.message}`);
      throw error;
    }
  });
  if (result.ok || result.field || result.code !== 'invalid_trigger') return result;
  return { ...result, field: triggerFieldOf(result.error) };
}
