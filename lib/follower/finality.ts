import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { evaluateFinality } from '@/lib/alerts/evaluate-finality';
import { afterIncidentCommit } from '@/lib/alerts/incidents';
import type { ChainConfig } from '@/lib/chains/config';
import { forwardCall } from '@/lib/gateway/forward';
import { log } from '@/lib/log';
import { chainTriggerSettings } from '@/lib/triggers/settings';
import { headNumber } from './rpc';

/** Confirmed runs one pass re-checks per chain at most (the next tick goes on). */
const FINALITY_BATCH = 50;

/**
 * Re-checks, once, the confirmed executions of a chain whose block is `finalityDepth` blocks deep: the
 * transaction's receipt still on the chain → `final`; gone (a reorg removed it after it confirmed) → `vanished`,
 * logged as a warning and alerted (`transaction_vanished`; a later run checked final resolves it). Any run with a transaction counts, whatever
 * started it. Answers how many it marked vanished.
 */
export async function checkFinality(db: DbOrTx, chain: ChainConfig, head?: number): Promise<number> {
  const oldest = await db.execute<{
    id: string;
    tx_hash: string;
    block_number: string;
    executable_id: string;
    workspace_id: string;
    project_id: string;
    name: string;
  }>(sql`
    select e.id, e.tx_hash, e.block_number, e.executable_id, x.workspace_id, x.project_id, x.name
      from executions e join executables x on x.id = e.executable_id
     where e.chain_id = ${chain.chainId} and e.status = 'confirmed' and e.finality is null
       and e.tx_hash is not null and e.block_number is not null
     order by e.block_number limit ${FINALITY_BATCH}`);
  if (oldest.length === 0) return 0;
  const deepest = (head ?? (await headNumber(chain))) - chainTriggerSettings(chain).finalityDepth;
  const due = oldest.filter((run) => Number(run.block_number) <= deepest);
  let vanished = 0;
  for (const run of due) {
    const reply = await forwardCall(chain, 'eth_getTransactionReceipt', [run.tx_hash]);
    if (!reply || reply.error) continue; // no answer: the next pass asks again
    const finality = reply.result ? 'final' : 'vanished';
    const marked = await db.execute(sql`
      update executions set finality = ${finality}, finality_checked_at = now()
       where id = ${run.id} and finality is null returning id`);
    if (marked.length === 0) continue; // another instance checked it meanwhile
    const exe = {
      id: run.executable_id,
      workspaceId: run.workspace_id,
      projectId: run.project_id,
      name: run.name,
    };
    const tx = { id: run.id, txHash: run.tx_hash, chainId: chain.chainId };
    afterIncidentCommit(db, await evaluateFinality(db, exe, tx, finality));
    if (finality === 'vanished') {
      vanished += 1;
      log.warn(
        { executionId: run.id, executableId: run.executable_id, chainId: chain.chainId, txHash: run.tx_hash },
        'a confirmed run’s transaction vanished from the chain (reorg past its confirmation)',
      );
    }
  }
  return vanished;
}
