// The plan table's count and chain rows, each at its exact boundary. The executable counts (Free 3 / 4th
// refused, Pro 20 / 21st, Enterprise 100 / 101st) are tested in test/api/executables/error.test.ts, the Free
// uploads (3rd ok / 4th refused) in test/api/functions/happy.test.ts and a Free mainnet profile in
// test/api/profiles/error.test.ts; here: a mainnet executable on Free (the running stack has only anvil, so
// the check runs in-process with a mainnet in TICKWORK_CHAINS) and the limits the usage API reports.
import { describe, expect, it } from 'vitest';
import { usableProfile } from '@/lib/executables/validation';
import { PLANS } from '@/lib/usage/plans';
import { newProject, newWorkspace, testDb } from '../support/fixtures';
import { api } from '../support/http';
import { seedProfile } from '../support/seed';

process.env.TICKWORK_CHAINS = JSON.stringify([
  { chainId: 31337, name: 'Anvil', network: 'anvil', rpcUrl: 'http://127.0.0.1:1', testnet: true },
  { chainId: 1, name: 'Ethereum', network: 'mainnet', rpcUrl: 'http://127.0.0.1:1', testnet: false },
]);

describe('testnets only on Free', () => {
  it('an executable on a mainnet profile: 403 chain_not_on_plan on Free, accepted on Pro and Enterprise', async () => {
    for (const plan of ['free', 'pro', 'enterprise'] as const) {
      const owner = await newWorkspace({ plan });
      const project = await newProject(owner.workspaceId);
      const mainnet = await seedProfile(owner.workspaceId, project.id, { chainId: 1 });
      const testnet = await seedProfile(owner.workspaceId, project.id, { chainId: 31337 });
      const check = usableProfile(testDb(), owner.workspaceId, project.id, mainnet.id);
      if (plan === 'free')
        await expect(check).rejects.toMatchObject({
          status: 403,
          code: 'chain_not_on_plan',
          extra: { chainId: 1, plan: 'free' },
        });
      else await expect(check).resolves.toMatchObject({ id: mainnet.id });
      await expect(usableProfile(testDb(), owner.workspaceId, project.id, testnet.id)).resolves.toMatchObject(
        {
          id: testnet.id,
        },
      );
    }
  });
});

describe('the usage API reports every row of the plan table', () => {
  it.each(['free', 'pro', 'enterprise'] as const)('%s', async (planId) => {
    const plan = PLANS[planId];
    const owner = await newWorkspace({ plan: planId });
    const u = (await api('/api/v1/usage', { token: owner.token })).body.data;
    expect(u.computeUnits.included).toBe(plan.computeUnitsPerMonth);
    expect(u.computeUnits.onExhaustion).toBe(planId === 'free' ? 'refuse' : 'meter');
    expect(u.executables.limit).toBe(plan.executables);
    expect(u.functionUploads.limit).toBe(plan.functionUploadsPerCycle);
    expect(u.rpcRequests.freePerExecution).toBe({ free: 0, pro: 25, enterprise: 100 }[planId]);
    expect(u.gasCredits.includedUsd).toBe({ free: 0, pro: 5, enterprise: 0 }[planId]);
  });
});
