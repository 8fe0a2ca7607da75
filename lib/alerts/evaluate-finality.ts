import type { DbOrTx } from '@/db/client';
import { log } from '@/lib/log';
import { rulesInForce } from './in-force';
import { consoleUrl, openIncident, resolveIncidents } from './incidents';

type Run = { id: string; txHash: string; chainId: number };
type Exe = { id: string; workspaceId: string; projectId: string; name: string };

/**
 * The alert of a finality re-check (lib/follower/finality.ts): a confirmed run whose transaction vanished opens a
 * `transaction_vanished` incident for its executable (a second one while it is open adds nothing); a later run
 * checked final resolves it. Never fails the check.
 */
export async function evaluateFinality(
  db: DbOrTx,
  exe: Exe,
  run: Run,
  finality: 'final' | 'vanished',
): Promise<string[]> {
  try {
    return await db.transaction(async (tx) => {
      if (finality === 'final')
        return resolveIncidents(
          tx,
          { projectId: exe.projectId, kinds: ['transaction_vanished'], subject: exe.id },
          `A later run (${run.id}) is past the chain's finality depth with its transaction in place.`,
        );
      const [rule] = await rulesInForce(tx, exe.projectId, exe.id, ['transaction_vanished']);
      if (!rule) return [];
      const id = await openIncident(
        tx,
        rule,
        exe.id,
        {
          title: `A confirmed transaction of “${exe.name}” vanished from the chain`,
          text: `Run ${run.id} confirmed transaction ${run.txHash}, but past the chain's finality depth it is no longer on chain ${run.chainId} (a reorg removed it). Its calls did not take effect; it is not run again by itself.`,
          severity: 'critical',
          facts: { Executable: `${exe.name} (${exe.id})`, Execution: run.id, Transaction: run.txHash },
          url: await consoleUrl(tx, exe.workspaceId, `/projects/${exe.projectId}/executions/${run.id}`),
        },
        { executableId: exe.id, executionId: run.id, txHash: run.txHash },
      );
      return id ? [id] : [];
    });
  } catch (error) {
    log.error({ err: error, executionId: run.id }, 'could not evaluate the alert of a finality check');
    return [];
  }
}
