import { isDeepStrictEqual } from 'node:util';
import type { DbOrTx } from '@/db/client';
import { requireRelease } from '@/lib/functions/service';
import { requireProfile } from '@/lib/profiles/service';
import { dropPendingTriggerEvents } from '@/lib/triggers/events';
import { checkTrigger } from './check-trigger';
import type { SecretBindingInput, TriggerInput } from './schemas';
import { type ExecutableRow, mutate, toExecutable } from './service';
import { nextRunAt } from './triggers';
import { checkArgs, checkCoverage, checkGasMode, checkSecretBindings, usableProfile } from './validation';

// Configuration facets: one per request, each rechecked under the executable's row lock.

type GasMode = ExecutableRow['gasMode'];

export async function updateArgs(db: DbOrTx, workspaceId: string, executableId: string, args: string) {
  return toExecutable(
    await mutate(db, workspaceId, executableId, async (row, tx) => {
      checkArgs(args);
      const release = await requireRelease(tx, workspaceId, row.functionId);
      const profile = await requireProfile(tx, workspaceId, row.profileId);
      await checkCoverage(release, profile, args);
      return { args };
    }),
  );
}

export async function updateGasMode(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
  input: { gasMode: GasMode; gasFallback?: boolean; sponsorshipProvider?: 'pimlico' | 'alchemy' },
) {
  return toExecutable(
    await mutate(db, workspaceId, executableId, async (row, tx) => {
      const profile = await requireProfile(tx, workspaceId, row.profileId);
      checkGasMode(profile.kind, input.gasMode);
      return {
        gasMode: input.gasMode,
        ...(input.gasFallback !== undefined && { gasFallback: input.gasFallback }),
        ...(input.sponsorshipProvider !== undefined && { sponsorshipProvider: input.sponsorshipProvider }),
      };
    }),
  );
}

export async function updatePinned(db: DbOrTx, workspaceId: string, executableId: string, pinned: boolean) {
  return toExecutable(await mutate(db, workspaceId, executableId, async () => ({ pinned })));
}

export async function updateProfile(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
  profileId: string,
) {
  return toExecutable(
    await mutate(db, workspaceId, executableId, async (row, tx) => {
      const profile = await usableProfile(tx, workspaceId, row.projectId, profileId);
      checkGasMode(profile.kind, row.gasMode);
      await checkCoverage(await requireRelease(tx, workspaceId, row.functionId), profile, row.args);
      return { profileId: profile.id };
    }),
  );
}

export async function updateSecrets(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
  bindings: SecretBindingInput[],
) {
  return toExecutable(
    await mutate(db, workspaceId, executableId, async (row, tx) => ({
      secretBindings: await checkSecretBindings(tx, workspaceId, row.projectId, bindings),
    })),
  );
}

export async function updateSponsorshipProvider(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
  sponsorshipProvider: 'pimlico' | 'alchemy',
) {
  return toExecutable(await mutate(db, workspaceId, executableId, async () => ({ sponsorshipProvider })));
}

/**
 * A new trigger; an active executable's next run is recomputed from now (null for an event or block trigger:
 * the chain follower runs those). An event or block trigger without a chain takes the profile's. A changed
 * trigger drops the events matched under the old one that have not run yet.
 */
export async function updateTrigger(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
  input: TriggerInput,
) {
  return toExecutable(
    await mutate(db, workspaceId, executableId, async (row, tx) => {
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
