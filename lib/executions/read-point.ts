import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executions } from '@/db/schema';
import { chainHead } from '@/lib/gateway/head';
import type { RunContext } from './context';

/**
 * Records what a run is about to read, for replay (`GET /api/v1/executions/{id}/replay`): the chain's head block
 * (`read_block`; null when the chain does not answer) and the storage version it holds the lock on
 * (`storage_version`). Called once the storage lock is held, so the version cannot move under the run.
 */
export async function recordReadPoint(db: DbOrTx, ctx: RunContext): Promise<void> {
  const head = ctx.chain ? await chainHead(ctx.chain).catch(() => null) : null;
  await db
    .update(executions)
    .set({
      readBlock: head === null ? null : Number(head),
      storageVersion: sql`(select version from executable_storage where executable_id = ${ctx.executable.id})`,
    })
    .where(eq(executions.id, ctx.execution.id));
}
