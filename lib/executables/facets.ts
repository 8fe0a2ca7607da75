import { isDeepStrictEqual } from 'node:util';
import type { DbOrTx } from '@/db/client';
import type { SponsorshipProvider } from '@/db/enums';
import { afterIncidentCommit } from '@/lib/alerts/incidents';
import type { Actor } from '@/lib/audit/actor';
import { argsAuditFacts } from '@/lib/audit/args-facts';
import { requireRelease } from '@/lib/functions/service';
import { requireProfile } from '@/lib/profiles/service';
import { nextRunAt } from '@/lib/schedules/clock';
import { dropPendingTriggerEvents } from '@/lib/triggers/events';
import { checkTrigger } from './check-trigger';
import { liftFeeHoldOnCapChange } from './fee-hold';
import type { GasModeInput, SecretBindingInput, TriggerInput } from './schemas';
import { type ExecutableRow, mutate, toExecutable } from './service';
import {
  checkArgs,
  checkCoverage,
  checkGasMode,
  checkPrivateSubmission,
  checkSecretBindings,
  usableProfile,
} from './validation';

// Configuration facets: one per request, each rechecked under the executable's row lock and recorded in the audit
// log in the same transaction.

export async function updateArgs(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  executableId: string,
  args: string,
) {
  const audit = { actor, action: 'executable.args_changed', details: () => argsAuditFacts(args) } as const;
  return toExecutable(
    await mutate(db, workspaceId, executableId, audit, async (row, tx) => {
      checkArgs(args);
      const release = await requireRelease(tx, workspaceId, row.functionId);
      const profile = await requireProfile(tx, workspaceId, row.profileId);
      await checkCoverage(release, profile, args);
      return { args };
    }),
  );
}

/**
 * The gas facet: mode, fallback, sponsor and the fee caps (an omitted field stays, a null cap is removed). A cap
 * that changes lifts a fee hold (fee-hold.ts): the next run bids under the new cap.
 */
export async function updateGasMode(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  executableId: string,
  input: GasModeInput,
) {
  const audit = {
    actor,
    action: 'executable.gas_changed',
    details: (before: ExecutableRow) => ({
      previousGasMode: before.gasMode,
      ...(input.maxFeePerGas !== undefined && { previousMaxFeePerGas: before.maxFeePerGas }),
      ...(input.maxCostPerRun !== undefined && { previousMaxCostPerRun: before.maxCostPerRun }),
      ...input,
    }),
  } as const;
  let incidents: string[] = [];
  const updated = await mutate(db, workspaceId, executableId, audit, async (row, tx) => {
    const profile = await requireProfile(tx, workspaceId, row.profileId);
    checkGasMode(profile.kind, input.gasMode);
    checkPrivateSubmission(profile.chainId, input.privateSubmission);
    const capChanged = (['maxFeePerGas', 'maxCostPerRun'] as const).some(
      (cap) => input[cap] !== undefined && input[cap] !== row[cap],
    );
    if (capChanged && row.feeHeldSince) incidents = await liftFeeHoldOnCapChange(tx, row.id);
    return {
      gasMode: input.gasMode,
      ...(input.gasFallback !== undefined && { gasFallback: input.gasFallback }),
      ...(input.sponsorshipProvider !== undefined && { sponsorshipProvider: input.sponsorshipProvider }),
      ...(input.maxFeePerGas !== undefined && { maxFeePerGas: input.maxFeePerGas }),
      ...(input.maxCostPerRun !== undefined && { maxCostPerRun: input.maxCostPerRun }),
      ...(input.privateSubmission !== undefined && { privateSubmission: input.privateSubmission }),
    };
  });
  afterIncidentCommit(db, incidents);
  return toExecutable(updated);
}

export async function updatePinned(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  executableId: string,
  pinned: boolean,
) {
  const audit = { actor, action: 'executable.pinned_changed', details: () => ({ pinned }) } as const;
  return toExecutable(await mutate(db, workspaceId, executableId, audit, async () => ({ pinned })));
}

export async function updateProfile(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  executableId: string,
  profileId: string,
) {
  const audit = {
    actor,
    action: 'executable.profile_changed',
    details: (before: ExecutableRow) => ({ previousProfileId: before.profileId, profileId }),
  } as const;
  return toExecutable(
    await mutate(db, workspaceId, executableId, audit, async (row, tx) => {
      const profile = await usableProfile(tx, workspaceId, row.projectId, profileId);
      checkGasMode(profile.kind, row.gasMode);
      checkPrivateSubmission(profile.chainId, row.privateSubmission);
      await checkCoverage(await requireRelease(tx, workspaceId, row.functionId), profile, row.args);
      return { profileId: profile.id };
    }),
  );
}

/** The audit log names the bindings (environment key and secret id), never a secret's value. */
export async function updateSecrets(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  executableId: string,
  bindings: SecretBindingInput[],
) {
  const audit = {
    actor,
    action: 'executable.secrets_changed',
    details: (before: ExecutableRow) => ({
      previousSecrets: before.secretBindings.map((b) => b.envKey),
      secrets: bindings.map((b) => `${b.envKey} ${b.secretId}`),
    }),
  } as const;
  return toExecutable(
    await mutate(db, workspaceId, executableId, audit, async (row, tx) => ({
      secretBindings: await checkSecretBindings(tx, workspaceId, row.projectId, bindings),
    })),
  );
}

export async function updateSponsorshipProvider(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  executableId: string,
  sponsorshipProvider: SponsorshipProvider,
) {
  const audit = {
    actor,
    action: 'executable.gas_changed',
    details: (before: ExecutableRow) => ({
      previousSponsorshipProvider: before.sponsorshipProvider,
      sponsorshipProvider,
    }),
  } as const;
  return toExecutable(
    await mutate(db, workspaceId, executableId, audit, async () => ({ sponsorshipProvider })),
  );
}

/**
 * A new trigger; an active executable's next run is recomputed from now (null for an event or block trigger:
 * the chain follower runs those). An event or block trigger without a chain takes the profile's. A changed
 * trigger drops the events matched under the old one that have not run yet.
 */
export async function updateTrigger(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  executableId: string,
  input: TriggerInput,
) {
  const audit = {
    actor,
    action: 'executable.trigger_changed',
    details: (before: ExecutableRow, change: { trigger?: unknown }) => ({
      previousType: before.trigger.type,
      trigger: change.trigger,
    }),
  } as const;
  return toExecutable(
    await mutate(db, workspaceId, executableId, audit, async (row, tx) => {
      const { chainId } = await requireProfile(tx, workspaceId, row.profileId);
      const trigger = checkTrigger(input, chainId);
      // logs or blocks matched under the old trigger and not run yet are not this trigger's (the stored jsonb
      // orders its keys its own way: compared as values, a save without change keeps them)
      if (!sameTrigger(trigger, row.trigger)) await dropPendingTriggerEvents(tx, row.id);
      return { trigger, ...(row.state === 'active' && { nextRunAt: nextRunAt(trigger) }) };
    }),
  );
}

/** Whether two triggers are the same value, whatever their key order (undefined keys count as absent). */
const sameTrigger = (a: unknown, b: unknown) =>
  isDeepStrictEqual(JSON.parse(JSON.stringify(a ?? null)), JSON.parse(JSON.stringify(b ?? null)));

/** active → paused; scheduling stops (next_run_at null). */
