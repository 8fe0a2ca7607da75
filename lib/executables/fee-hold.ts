import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { formatGwei } from 'viem';
import type { DbOrTx } from '@/db/client';
import { executables, profiles } from '@/db/schema';
import { rulesInForce } from '@/lib/alerts/in-force';
import { afterIncidentCommit, consoleUrl, openIncident, resolveIncidents } from '@/lib/alerts/incidents';
import { publicClientFor } from '@/lib/chains/client';
import { findChain } from '@/lib/chains/config';
import { feePolicyOf } from '@/lib/chains/fee-policy';
import { capNeededFor, minimumRequired } from '@/lib/chains/fees';
import { readMarket } from '@/lib/chains/market';
import { log } from '@/lib/log';

// The fee hold (docs/executions.md#fee-caps-and-the-fee-hold): while the chain needs a higher max fee per gas than
// an executable's cap allows, its scheduled runs and trigger events wait (scheduler.ts, follower/dispatch.ts)
// instead of ending fee_cap_exceeded one after another. A run ending fee_cap_exceeded sets it (finish.ts); the
// watcher releases it once the chain's fee falls; a cap change or a confirmed run lifts it too. Each change opens
// or resolves the executable's `fee_cap_held` incident in the same transaction.

/**
 * Holds the executable's runs: `fee_held_since` keeps the start of a hold already running, `fee_hold_required`
 * takes the latest fee the chain asked for. Opens the `fee_cap_held` incident of the rule in force (an alert that
 * cannot be written never fails the caller). Called in the transaction of the run's ending; answers the ids of
 * the incidents opened (for `afterIncidentCommit`).
 */
export async function holdForFee(tx: DbOrTx, executableId: string, requiredWei: bigint): Promise<string[]> {
  const [held] = await tx
    .update(executables)
    .set({
      feeHeldSince: sql`coalesce(${executables.feeHeldSince}, now())`,
      feeHoldRequired: requiredWei.toString(),
    })
    .where(eq(executables.id, executableId))
    .returning({
      id: executables.id,
      workspaceId: executables.workspaceId,
      projectId: executables.projectId,
      name: executables.name,
      maxFeePerGas: executables.maxFeePerGas,
      maxCostPerRun: executables.maxCostPerRun,
    });
  return held ? openHoldIncident(tx, held, requiredWei) : [];
}

type Held = {
  id: string;
  workspaceId: string;
  projectId: string;
  name: string;
  maxFeePerGas: string | null;
  maxCostPerRun: string | null;
};

async function openHoldIncident(db: DbOrTx, exe: Held, requiredWei: bigint): Promise<string[]> {
  try {
    return await db.transaction(async (tx) => {
      const [rule] = await rulesInForce(tx, exe.projectId, exe.id, ['fee_cap_held']);
      if (!rule) return [];
      const id = await openIncident(
        tx,
        rule,
        exe.id,
        {
          title: `Executable “${exe.name}” is held by its fee cap`,
          text: `The chain needs a max fee per gas of ${formatGwei(requiredWei)} gwei, more than the executable's fee cap allows. Its scheduled runs and trigger events wait until the fee falls or the cap is raised; manual runs still try.`,
          severity: 'warning',
          facts: {
            Executable: `${exe.name} (${exe.id})`,
            'Fee needed': `${formatGwei(requiredWei)} gwei`,
            'Max fee per gas': exe.maxFeePerGas
              ? `${formatGwei(BigInt(exe.maxFeePerGas))} gwei`
              : 'chain default',
            ...(exe.maxCostPerRun && { 'Max cost per run': `${exe.maxCostPerRun} wei` }),
          },
          url: await consoleUrl(tx, exe.workspaceId, `/projects/${exe.projectId}/executables/${exe.id}`),
        },
        { executableId: exe.id, requiredMaxFeePerGas: requiredWei.toString() },
      );
      return id ? [id] : [];
    });
  } catch (error) {
    log.error({ err: error, executableId: exe.id }, 'could not open the fee hold alert');
    return [];
  }
}

/**
 * Ends the holds of the executables `where` picks (only those held): with `runNow`, an active clock trigger is due
 * at once (its runs were skipped while held); event triggers dispatch their waiting events by themselves. Resolves
 * their `fee_cap_held` incidents. Answers the executables lifted and the incidents resolved.
 */
async function lift(
  tx: DbOrTx,
  where: SQL | undefined,
  why: string,
  runNow: boolean,
): Promise<{ ids: string[]; incidents: string[] }> {
  const lifted = await tx
    .update(executables)
    .set({
      feeHeldSince: null,
      feeHoldRequired: null,
      ...(runNow && {
        nextRunAt: sql`case when ${executables.state} = 'active' and ${executables.trigger}->>'type' in ('interval', 'cron') then now() else ${executables.nextRunAt} end`,
      }),
    })
    .where(and(where, isNotNull(executables.feeHeldSince)))
    .returning({ id: executables.id, projectId: executables.projectId });
  const incidents: string[] = [];
  for (const exe of lifted) {
    try {
      incidents.push(
        ...(await resolveIncidents(
          tx,
          { projectId: exe.projectId, kinds: ['fee_cap_held'], subject: exe.id },
          why,
        )),
      );
    } catch (error) {
      log.error({ err: error, executableId: exe.id }, 'could not resolve the fee hold alert');
    }
  }
  return { ids: lifted.map((e) => e.id), incidents };
}

/**
 * The fee hold's part of a run's ending, in its transaction (finish.ts): an ending with `feeHold` holds the
 * executable, a confirmed run lifts its hold (the chain took a fee under the cap; the schedule stays as it is).
 * Dry runs change nothing. Answers the incidents opened or resolved.
 */
export async function feeHoldOfEnding(
  tx: DbOrTx,
  run: { id: string; executableId: string; dryRun: boolean },
  ending: { status: string; feeHold?: { requiredWei: string } },
): Promise<string[]> {
  if (run.dryRun) return [];
  if (ending.feeHold) return holdForFee(tx, run.executableId, BigInt(ending.feeHold.requiredWei));
  if (ending.status !== 'confirmed') return [];
  const why = `A run was confirmed under the fee cap: execution ${run.id}.`;
  return (await lift(tx, eq(executables.id, run.executableId), why, false)).incidents;
}

/**
 * A cap change through the gas facet (facets.ts, under its row lock) lifts the executable's hold: the next run
 * checks the new cap, so a clock trigger is due at once. Answers the incidents resolved.
 */
export async function liftFeeHoldOnCapChange(tx: DbOrTx, executableId: string): Promise<string[]> {
  return (await lift(tx, eq(executables.id, executableId), 'The fee cap was changed.', true)).incidents;
}

/**
 * Releases the holds on one chain once its fee has fallen: every held executable whose profile is on `chainId`
 * and whose cap (`max_fee_per_gas`; without one, `defaultCapWei`, the chain's default cap, or no cap at all) is at
 * least `minimumRequiredWei` (the least max fee per gas that can be mined now) plus the 12.5 % replacement reserve.
 * `max_cost_per_run` needs the run's gas limit and is checked when the run bids. An active clock trigger is due at
 * once; the `fee_cap_held` incidents are resolved. Answers the ids of the executables released. The watcher calls
 * it each tick with the chain's current figure.
 */
export async function releaseFeeHolds(
  db: DbOrTx,
  chainId: number,
  minimumRequiredWei: bigint,
  opts: { defaultCapWei?: bigint | null } = {},
): Promise<string[]> {
  const needed = capNeededFor(minimumRequiredWei);
  const { ids, incidents } = await db.transaction(async (tx) => {
    const held = await tx
      .select({ id: executables.id, maxFeePerGas: executables.maxFeePerGas })
      .from(executables)
      .innerJoin(profiles, eq(profiles.id, executables.profileId))
      .where(and(isNotNull(executables.feeHeldSince), eq(profiles.chainId, chainId)))
      .orderBy(asc(executables.id))
      .for('update', { of: executables });
    const released = held
      .filter((e) => {
        const cap = e.maxFeePerGas === null ? (opts.defaultCapWei ?? null) : BigInt(e.maxFeePerGas);
        return cap === null || cap >= needed;
      })
      .map((e) => e.id);
    if (released.length === 0) return { ids: [], incidents: [] };
    const why = `The chain's fee fell to ${formatGwei(minimumRequiredWei)} gwei, within the fee cap.`;
    return lift(tx, inArray(executables.id, released), why, true);
  });
  afterIncidentCommit(db, incidents);
  return ids;
}

/**
 * The watcher's part: on each chain where an executable is held, the chain's fee now (one read), and the holds it
 * releases. Answers the ids released.
 */
export async function releaseHoldsWhereFeesFell(db: DbOrTx): Promise<string[]> {
  const chains = await db
    .selectDistinct({ chainId: profiles.chainId })
    .from(executables)
    .innerJoin(profiles, eq(profiles.id, executables.profileId))
    .where(isNotNull(executables.feeHeldSince));
  const released: string[] = [];
  for (const { chainId } of chains) {
    const chain = findChain(chainId);
    if (!chain) continue;
    const policy = feePolicyOf(chain);
    try {
      const market = await readMarket(publicClientFor(chain, { timeoutMs: 5_000 }), policy);
      released.push(
        ...(await releaseFeeHolds(db, chainId, minimumRequired(market), {
          defaultCapWei: policy.defaultCap,
        })),
      );
    } catch (error) {
      log.warn({ err: error, chainId }, 'could not read the fees to release held executables');
    }
  }
  return released;
}
