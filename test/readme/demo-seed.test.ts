import { describe, expect, inject, it } from 'vitest';
import { demoInstructions, seedDemo } from '@/cli/demo';
import { newAddress } from '../support/fixtures';
import { api } from '../support/http';

// The demo `npm run dev` seeds on its first start, seeded here into the test deployment.

describe('the first-start demo', () => {
  it('makes a workspace with a funded profile, the three examples and one active executable', async () => {
    const owner = newAddress();
    const seed = await seedDemo({ apiUrl: inject('baseUrl'), databaseUrl: inject('databaseUrl'), owner });
    const token = seed.token;

    const profile = await api(`/api/v1/profiles/${seed.profileId}`, { token });
    expect(profile.body.data).toMatchObject({ state: 'active', chainId: 31337 });
    expect(BigInt(profile.body.data.balance.wei)).toBe(10n * 10n ** 18n);

    const functions = await api(`/api/v1/functions?projectId=${seed.projectId}`, { token });
    expect(functions.body.data.map((f: { name: string }) => f.name).sort()).toEqual([
      'balance-threshold',
      'storage-counter',
      'webhook-args',
    ]);

    const executable = await api(`/api/v1/executables/${seed.executableId}`, { token });
    expect(executable.body.data).toMatchObject({
      state: 'active',
      functionId: seed.functionIds['storage-counter'],
    });

    const text = demoInstructions(seed, 'http://localhost:3000');
    expect(text).toContain(`http://localhost:3000/${seed.workspaceSlug}`);
    expect(text).toContain(owner);
    expect(text).toContain(`TICKWORK_TOKEN=${seed.token}`);
  }, 180_000);
});
