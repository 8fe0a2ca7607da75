// Plan switching with the local provider (the default): owners only (403 for admins and members, 404 for another
// workspace), the plan row and its audit event change together, limits follow at once, and a downgrade the
// workspace does not fit is refused naming what to change.

import { beforeAll, describe, expect, it, vi } from 'vitest';
import { executables } from '@/db/schema';
import { operatorActor } from '@/lib/audit/actor';
import { setWorkspacePlan } from '@/lib/billing/plan';
import { resumeExecutable } from '@/lib/executables/lifecycle';
import { newId } from '@/lib/ids';
import { newMember, newProject, newWorkspace, testDb } from '../support/fixtures';
import { api } from '../support/http';
import { seedExecutable, seedExecutableLike, seedProfile } from '../support/seed';
import { planEvents, planOf, workspaceSlug } from './support';

// A mainnet beside the local chain, for the "testnets only" refusal (read by the in-process action).
process.env.TICKWORK_CHAINS = JSON.stringify([
  { chainId: 31337, name: 'Anvil', network: 'anvil', rpcUrl: 'http://127.0.0.1:1', testnet: true },
  { chainId: 1, name: 'Ethereum', network: 'mainnet', rpcUrl: 'http://127.0.0.1:1', testnet: false },
]);
delete process.env.STRIPE_SECRET_KEY;

// The console action runs as the user of this session, on the test database.
const session: { userId?: string } = {};
vi.mock('@/lib/auth/next-auth', () => ({ auth: async () => session }));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));
vi.mock('next/headers', () => ({ headers: async () => new Headers({ host: 'console.test' }) }));
vi.mock('@/db/client', async (original) => {
  const actual = await original<typeof import('@/db/client')>();
  const { target } = await import('../support/target');
  let db: ReturnType<typeof actual.createDb> | undefined;
  return { ...actual, getDb: () => (db ??= actual.createDb(target().databaseUrl, 2)) };
});

const { changePlanAction, billingPortalAction } = await import(
  '@/app/(console)/[workspace]/settings/plan/actions'
);

const usage = async (token: string) => (await api('/api/v1/usage', { token })).body.data;

describe('plan switching, local provider', () => {
  it('an owner switches Free → Pro: the plan, its audit event and the limits change at once', async () => {
    const owner = await newWorkspace({ plan: 'free' });
    const slug = await workspaceSlug(owner.workspaceId);
    expect((await usage(owner.token)).executables.limit).toBe(3);

    session.userId = owner.userId;
    expect(await changePlanAction(slug, 'pro')).toEqual({ ok: true, data: { kind: 'switched' } });

    expect(await planOf(owner.workspaceId)).toBe('pro');
    const events = await planEvents(owner.workspaceId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor_user_id: owner.userId,
      actor_label: owner.address.toLowerCase(),
      credential_kind: 'console',
      target_type: 'workspace',
      target_id: owner.workspaceId,
      details: { from: 'free', to: 'pro', provider: 'local' },
    });
    // the running app reads the new plan on the next request
    const u = await usage(owner.token);
    expect(u.plan).toEqual({ id: 'pro', name: 'Pro', priceUsdPerMonth: 29 });
    expect([u.computeUnits.included, u.executables.limit, u.functionUploads.limit]).toEqual([
      600_000,
      20,
      null,
    ]);

    // back to Free, and the same plan again is refused without a second event
    expect(await changePlanAction(slug, 'free')).toEqual({ ok: true, data: { kind: 'switched' } });
    expect(await changePlanAction(slug, 'free')).toMatchObject({ ok: false, code: 'plan_unchanged' });
    expect((await planEvents(owner.workspaceId)).map((e) => e.details)).toEqual([
      { from: 'free', to: 'pro', provider: 'local' },
      { from: 'pro', to: 'free', provider: 'local' },
    ]);
    expect((await usage(owner.token)).executables.limit).toBe(3);
  });

  it.each([
    ['an admin', 'admin'],
    ['a member', 'member'],
  ] as const)('%s is refused (403) and nothing changes', async (_, role) => {
    const owner = await newWorkspace({ plan: 'free' });
    const slug = await workspaceSlug(owner.workspaceId);
    const other = await newMember(owner.workspaceId, { role });
    session.userId = other.userId;
    expect(await changePlanAction(slug, 'pro')).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await billingPortalAction(slug)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await planOf(owner.workspaceId)).toBe('free');
    expect(await planEvents(owner.workspaceId)).toHaveLength(0);
    expect((await usage(owner.token)).plan.id).toBe('free');
  });

  it('the plan and its audit event land together: a failed audit write leaves the plan as it was', async () => {
    const owner = await newWorkspace({ plan: 'free' });
    // an actor naming no user breaks the audit row's foreign key, inside the plan's transaction
    const ghost = { userId: 'usr_missing', label: 'ghost', credentialKind: 'console' as const };
    await expect(setWorkspacePlan(testDb(), owner.workspaceId, 'pro', ghost, 'local')).rejects.toThrow();
    expect(await planOf(owner.workspaceId)).toBe('free');
    expect(await planEvents(owner.workspaceId)).toHaveLength(0);
  });

  it("another workspace's owner gets not-found and the workspace stays on its plan", async () => {
    const theirs = await newWorkspace({ plan: 'free' });
    const mine = await newWorkspace({ plan: 'free' });
    session.userId = mine.userId;
    await expect(
      changePlanAction(await workspaceSlug(theirs.workspaceId), 'enterprise'),
    ).rejects.toMatchObject({
      digest: expect.stringContaining('404'),
    });
    expect(await planOf(theirs.workspaceId)).toBe('free');
    expect(await planEvents(theirs.workspaceId)).toHaveLength(0);
  });

  it('an unknown plan is refused with a message; the local provider has no billing portal', async () => {
    const owner = await newWorkspace({ plan: 'free' });
    const slug = await workspaceSlug(owner.workspaceId);
    session.userId = owner.userId;
    expect(await changePlanAction(slug, 'gold')).toMatchObject({
      ok: false,
      error: 'Choose Free, Pro or Enterprise',
    });
    expect(await billingPortalAction(slug)).toMatchObject({ ok: false, code: 'not_found' });
    expect(await planOf(owner.workspaceId)).toBe('free');
  });

  describe('downgrades', () => {
    let owner: Awaited<ReturnType<typeof newWorkspace>>;
    let slug: string;
    beforeAll(async () => {
      owner = await newWorkspace({ plan: 'pro' });
      slug = await workspaceSlug(owner.workspaceId);
    });

    it('more executables than the plan allows (paused ones count): refused naming them, until one is deleted', async () => {
      const project = await newProject(owner.workspaceId);
      const first = await seedExecutable(owner.workspaceId, project.id, { state: 'paused' });
      const ids = [first.executableId];
      for (let i = 0; i < 3; i++) ids.push(await seedExecutableLike(first, 'paused'));
      await seedExecutableLike(first, 'deleted'); // deleted ones do not count

      session.userId = owner.userId;
      const refused = await changePlanAction(slug, 'free');
      expect(refused).toMatchObject({
        ok: false,
        code: 'plan_downgrade_blocked',
        details: { reason: 'executables', limit: 3, used: 4 },
      });
      if (refused.ok) throw new Error('expected a refusal');
      expect(refused.error).toMatch(/Free plan allows 3 executables and this workspace has 4.*Delete 1/);
      expect(((refused.details?.executables ?? []) as { id: string }[]).map((e) => e.id).sort()).toEqual(
        [...ids].sort(),
      );
      expect(await planOf(owner.workspaceId)).toBe('pro');
      expect(await planEvents(owner.workspaceId)).toHaveLength(0);

      await testDb().$sql`update executables set state = 'deleted', deleted_at = now() where id = ${ids[3]}`;
      expect(await changePlanAction(slug, 'free')).toEqual({ ok: true, data: { kind: 'switched' } });
      const u = await usage(owner.token);
      expect([u.plan.id, u.executables.used, u.executables.limit]).toEqual(['free', 3, 3]);
    });

    it('to a testnets-only plan while an executable runs on a mainnet: refused until it is paused', async () => {
      const w = await newWorkspace({ plan: 'pro' });
      const wSlug = await workspaceSlug(w.workspaceId);
      const project = await newProject(w.workspaceId);
      const testnet = await seedExecutable(w.workspaceId, project.id, { state: 'active' });
      const mainnetProfile = await seedProfile(w.workspaceId, project.id, { chainId: 1 });
      const [onMainnet] = await testDb()
        .insert(executables)
        .values({
          id: newId('executable'),
          workspaceId: w.workspaceId,
          projectId: project.id,
          functionId: testnet.functionId,
          profileId: mainnetProfile.id,
          name: 'mainnet-keeper',
          state: 'active',
          trigger: { type: 'interval', intervalMs: 60_000 },
          sandboxRef: 'isolate:built',
        })
        .returning({ id: executables.id });

      session.userId = w.userId;
      const refused = await changePlanAction(wSlug, 'free');
      expect(refused).toMatchObject({
        ok: false,
        code: 'plan_downgrade_blocked',
        error: expect.stringMatching(/testnets only.*Pause.*“mainnet-keeper”/),
        details: { reason: 'mainnet', executables: [{ id: onMainnet.id, chainId: 1, state: 'active' }] },
      });
      expect(await planOf(w.workspaceId)).toBe('pro');
      // Enterprise keeps mainnets: no refusal
      expect(await changePlanAction(wSlug, 'enterprise')).toEqual({ ok: true, data: { kind: 'switched' } });

      await testDb()
        .$sql`update executables set state = 'paused', next_run_at = null where id = ${onMainnet.id}`;
      expect(await changePlanAction(wSlug, 'free')).toEqual({ ok: true, data: { kind: 'switched' } });
      expect((await planEvents(w.workspaceId)).map((e) => e.details.to)).toEqual(['enterprise', 'free']);
      // paused on Free, it cannot be resumed there
      await expect(
        resumeExecutable(testDb(), w.workspaceId, operatorActor(), onMainnet.id),
      ).rejects.toMatchObject({
        status: 403,
        code: 'chain_not_on_plan',
      });
      expect((await testDb().$sql`select state from executables where id = ${onMainnet.id}`)[0].state).toBe(
        'paused',
      );
    });
  });
});
