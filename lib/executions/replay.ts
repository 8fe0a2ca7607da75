import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { DbOrTx } from '@/db/client';
import { executables, functionReleases, profiles } from '@/db/schema';
import { apiError } from '@/lib/api/errors';
import { loadReleaseCode } from '@/lib/functions/release-code';
import { storageAtVersion } from '@/lib/storage/versions';
import { loadTaskTrigger } from '@/lib/triggers/task-trigger';
import { runArgs } from './context';
import { requireExecution } from './queries';
import type { ExecutionReplayRecord } from './schemas';

/**
 * What an execution saw, for `tickwork replay` (`GET /api/v1/executions/{id}/replay`): the execution and its
 * recorded outcome, the release (its limits too) and its `index.js`, the args, the storage before the run (null
 * once its version is past the retention), the names of the bound secrets (never their values), the run's
 * `ctx.execution.sender`, and its `ctx.trigger` when an event or block trigger started it. A bundle that cannot be loaded (missing, checksum mismatch) leaves `source` null and
 * says why in `sourceError`. Args, secret bindings and the sender are the executable's as they are now: only the
 * release, a webhook call's custom args, the block and the storage version are kept per execution.
 * Without `canReadStorage` (the credential's storage:read) the args and the storage are withheld: null, and
 * named in `withheld`. They are what the task read from storage and what its caller gave it, as private as the
 * storage route's answer.
 */
export async function replayRecord(
  db: DbOrTx,
  workspaceId: string,
  executionId: string,
  { canReadStorage }: { canReadStorage: boolean },
): Promise<ExecutionReplayRecord> {
  const execution = await requireExecution(db, workspaceId, executionId);
  const [row] = await db
    .select({
      executable: executables,
      profileAddress: profiles.address,
      release: {
        functionId: functionReleases.id,
        name: functionReleases.name,
        versionTag: functionReleases.versionTag,
        checksum: functionReleases.checksum,
        permissions: functionReleases.permissions,
        limits: functionReleases.limits,
      },
    })
    .from(executables)
    .innerJoin(profiles, eq(profiles.id, executables.profileId))
    .innerJoin(functionReleases, eq(functionReleases.id, execution.functionId))
    .where(eq(executables.id, execution.executableId));
  if (!row) throw apiError('release_unavailable', 'the function release of this execution is gone');
  const code = await loadReleaseCode(db, execution.functionId);
  const version = execution.storageVersion;
  const storage =
    version === null || !canReadStorage ? null : await storageAtVersion(db, execution.executableId, version);
  const trigger = await loadTaskTrigger(db, execution.triggerEventId, row.executable.trigger);
  return {
    execution: {
      id: execution.id,
      executableId: execution.executableId,
      functionId: execution.functionId,
      status: execution.status,
      trigger: execution.trigger,
      dryRun: execution.dryRun,
      scheduledAt: execution.scheduledAt.toISOString(),
      chainId: execution.chainId,
      readBlock: execution.readBlock,
      storageVersion: version,
      message: execution.message,
      calls: execution.calls,
      error: execution.error,
      txHash: execution.txHash,
    },
    release: row.release,
    source: code.ok ? code.source : null,
    sourceError: code.ok ? null : code.reason,
    args: canReadStorage ? runArgs({ execution, executable: row.executable }) : null,
    storage,
    storageAvailable: storage !== null,
    withheld: canReadStorage ? [] : (['args', 'storage'] as const),
    secretNames: row.executable.secretBindings.map((b) => b.envKey),
    sender: getAddress(row.profileAddress),
    trigger: trigger ?? null,
    executableId: execution.executableId,
  };
}
