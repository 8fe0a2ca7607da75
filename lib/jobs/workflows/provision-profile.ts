import { getDb } from '@/db/client';
import { fundNewDevProfile } from '@/lib/profiles/dev-funding';
import {
  activateDelegatedProfile,
  delegateProfileAccount,
  provisioningAction,
} from '@/lib/profiles/provision';
import { refreshSafeProfile } from '@/lib/profiles/safe';
import type { Workflow } from '../workflow';

/**
 * `profile/provision.requested`: a pending legacy profile's account (a Safe profile's executor) gets its EIP-7702
 * delegation and the profile becomes active (a Safe profile: once its module is seen enabled on chain) (on the local dev chain it is funded first). Idempotent: a profile that is gone, not legacy or no longer pending is left alone, and an
 * account that already carries the delegation gets no second transaction. A failed attempt keeps the profile
 * pending with a readable `stateReason` (written by the step itself) and fails the run, so the provider's retry
 * policy applies; `POST …/retry` queues it again.
 */
export const provisionProfile: Workflow<'profile/provision.requested'> = async ({ profileId }, { step }) => {
  const plan = await step.run('check-profile', () => provisioningAction(getDb(), profileId));
  if (plan.action === 'skip') return { profileId, skipped: plan.reason };
  const { txHash } = await step.run('delegate-account', () => delegateProfileAccount(getDb(), profileId));
  // Funded before it turns active, so an active profile on the dev chain can pay for its first run.
  const { funded } = await step.run('fund-dev-account', () => fundNewDevProfile(getDb(), profileId));
  if (plan.kind !== 'legacy') {
    // A Safe profile turns active only once the owners' enableModule is seen on chain; until then it stays pending.
    const { state, moduleEnabled } = await step.run('check-safe-module', () =>
      refreshSafeProfile(getDb(), profileId),
    );
    return { profileId, state, moduleEnabled, txHash, funded };
  }
  await step.run('verify-and-activate', () => activateDelegatedProfile(getDb(), profileId));
  return { profileId, state: 'active', txHash, funded };
};
