import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executables, executions, functionReleases, profiles, secrets, workspaces } from '@/db/schema';
import { type ChainConfig, findChain } from '@/lib/chains/config';
import { decryptSecret } from '@/lib/crypto/envelope';
import type { JsonObject } from '@/lib/runtime/task-types';
import { PLANS, type Plan } from '@/lib/usage/plans';

/** Everything one run reads from the database, loaded once at the start of a step. */
export type RunContext = {
  execution: typeof executions.$inferSelect;
  executable: typeof executables.$inferSelect;
  profile: typeof profiles.$inferSelect;
  release: {
    permissions: (typeof functionReleases.$inferSelect)['permissions'];
    /** The release's run limits (within the platform's), or null for the defaults. */
    limits: (typeof functionReleases.$inferSelect)['limits'];
  };
  chain: ChainConfig | undefined;
  /** The workspace's plan (its free RPC requests per execution price the run). */
  plan: Plan;
};

export async function loadRunContext(db: DbOrTx, executionId: string): Promise<RunContext | null> {
  const [row] = await db
    .select({
      execution: executions,
      executable: executables,
      profile: profiles,
      permissions: functionReleases.permissions,
      limits: functionReleases.limits,
      plan: workspaces.plan,
    })
    .from(executions)
    .innerJoin(executables, eq(executables.id, executions.executableId))
    .innerJoin(profiles, eq(profiles.id, executables.profileId))
    .innerJoin(functionReleases, eq(functionReleases.id, executions.functionId))
    .innerJoin(workspaces, eq(workspaces.id, executions.workspaceId))
    .where(eq(executions.id, executionId));
  if (!row) return null;
  return {
    execution: row.execution,
    executable: row.executable,
    profile: row.profile,
    release: { permissions: row.permissions, limits: row.limits },
    chain: findChain(row.profile.chainId),
    plan: PLANS[row.plan],
  };
}

/** Why a queued run may no longer go ahead (the executable changed after it was queued), or null. */
export function refusalToRun({ execution, executable, profile, chain }: RunContext): string | null {
  if (executable.state === 'deleted') return 'the executable was deleted';
  if (executable.pendingFunctionSwitch && !execution.dryRun) return 'a function switch is pending';
  const runnable = executable.state === 'active' || (execution.dryRun && executable.state === 'paused');
  if (!runnable) return `the executable is ${executable.state}`;
  if (executable.functionId !== execution.functionId) return 'the executable switched to another function';
  if (profile.state !== 'active') return `the profile is ${profile.state}`;
  if (!chain) return `chain ${profile.chainId} is not enabled on this deployment`;
  return null;
}

/** The plaintext of the secrets bound to the executable, by envKey (bindings of deleted secrets drop out). */
export async function boundSecrets(db: DbOrTx, executable: RunContext['executable']) {
  const bindings = executable.secretBindings;
  if (bindings.length === 0) return {};
  const rows = await db
    .select({ id: secrets.id, ciphertext: secrets.ciphertext })
    .from(secrets)
    .where(
      and(
        eq(secrets.projectId, executable.projectId),
        inArray(
          secrets.id,
          bindings.map((b) => b.secretId),
        ),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r.ciphertext]));
  const out: Record<string, string> = {};
  for (const { secretId, envKey } of bindings) {
    const ciphertext = byId.get(secretId);
    if (ciphertext) out[envKey] = decryptSecret(ciphertext);
  }
  return out;
}

/** The run's args: a webhook call's custom args, else the saved ones (both JSON object text). */
export function runArgs({
  execution,
  executable,
}: Pick<RunContext, 'execution' | 'executable'>): JsonObject | null {
  try {
    const parsed = JSON.parse(execution.args ?? executable.args);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
