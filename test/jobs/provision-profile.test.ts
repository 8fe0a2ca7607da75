import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InngestTestEngine } from '@inngest/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { inngest } from '@/lib/jobs/inngest-client';
import { enqueue } from '@/lib/jobs/port';
import { runEmbedded, stopEmbeddedJobs } from '@/lib/jobs/providers/embedded';
import { INNGEST_FUNCTIONS } from '@/lib/jobs/providers/inngest';
import { newProject, newWorkspace, testDb } from '../support/fixtures';
import { DELEGATION_CODE, rpc } from '../support/profiles';
import { seedProfile } from '../support/seed';

/** An RPC endpoint in front of anvil that can be made to fail (HTTP 503) and recover. */
let rpcUp = true;
let proxy: Server;
const operatorKey = generatePrivateKey();
const operator = privateKeyToAccount(operatorKey);

beforeAll(async () => {
  const upstream = inject('rpcUrl');
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (!rpcUp) {
      res.writeHead(503).end('unavailable');
      return;
    }
    const answer = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  // the workflow runs in this process: same database, master key and chain as the app, through the proxy,
  // paid by an operator of its own (so its nonces never race the app's operator)
  process.env.DATABASE_URL = inject('databaseUrl');
  process.env.TICKWORK_MASTER_KEY = inject('masterKey');
  process.env.TICKWORK_LOCAL_RPC_URL = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  process.env.TICKWORK_OPERATOR_PRIVATE_KEY = operatorKey;
  await rpc('anvil_setBalance', [operator.address, '0x56bc75e2d63100000']); // 100 ETH
});

afterAll(async () => {
  await stopEmbeddedJobs();
  await getDb().$sql.end({ timeout: 5 });
  await new Promise((r) => proxy.close(r));
});

async function pendingProfile() {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  return seedProfile(owner.workspaceId, project.id, { state: 'pending' });
}

const row = async (id: string) =>
  (await testDb().$sql`select state, state_reason from profiles where id = ${id}`)[0] as {
    state: string;
    state_reason: string | null;
  };
const code = async (address: string) => (await rpc<string>('eth_getCode', [address, 'latest'])).toLowerCase();
const operatorNonce = () => rpc<string>('eth_getTransactionCount', [operator.address, 'latest']);
const event = (profileId: string) => ({ name: 'profile/provision.requested', data: { profileId } });
const engine = () => new InngestTestEngine({ function: INNGEST_FUNCTIONS['provision-profile'] });
const stepIds = (ctx: unknown) =>
  (ctx as { step: { run: { mock: { calls: unknown[][] } } } }).step.run.mock.calls.map((c) => c[0]);

describe('provision-profile: one workflow, two providers', () => {
  it('the Inngest function runs the workflow: pending → active with the 7702 delegation', async () => {
    const profile = await pendingProfile();
    const { result, error, ctx } = await engine().execute({ events: [event(profile.id)] as never });
    expect(error).toBeUndefined();
    expect(result).toEqual({
      profileId: profile.id,
      state: 'active',
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      funded: true,
    });
    expect(stepIds(ctx)).toEqual([
      'check-profile',
      'delegate-account',
      'fund-dev-account',
      'verify-and-activate',
    ]);
    // the dev chain's starting funds: 10 ether and 100 TICK
    expect(await rpc<string>('eth_getBalance', [profile.address, 'latest'])).toBe('0x8ac7230489e80000');
    expect(await row(profile.id)).toEqual({ state: 'active', state_reason: null });
    expect(await code(profile.address)).toBe(DELEGATION_CODE);
  });

  it('the embedded runner runs the same workflow with the same result shape', async () => {
    const profile = await pendingProfile();
    const result = await runEmbedded('profile/provision.requested', { profileId: profile.id });
    expect(result).toEqual({
      profileId: profile.id,
      state: 'active',
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      funded: true,
    });
    expect(await row(profile.id)).toEqual({ state: 'active', state_reason: null });
    expect(await code(profile.address)).toBe(DELEGATION_CODE);
  });

  it('is idempotent: an active profile is left alone, an already delegated account gets no second transaction', async () => {
    const profile = await pendingProfile();
    await runEmbedded('profile/provision.requested', { profileId: profile.id });
    const nonce = await operatorNonce();

    const again = await engine().execute({ events: [event(profile.id)] as never });
    expect(again.result).toEqual({ profileId: profile.id, skipped: 'state active' });
    expect(stepIds(again.ctx)).toEqual(['check-profile']);
    expect(await runEmbedded('profile/provision.requested', { profileId: profile.id })).toEqual({
      profileId: profile.id,
      skipped: 'state active',
    });

    // pending again (e.g. a crash after the transaction, before the row was updated): activates without sending
    await testDb().$sql`update profiles set state = 'pending' where id = ${profile.id}`;
    expect(await runEmbedded('profile/provision.requested', { profileId: profile.id })).toEqual({
      profileId: profile.id,
      state: 'active',
      txHash: null,
      funded: false,
    });
    expect(await operatorNonce()).toBe(nonce);
    expect(await row(profile.id)).toEqual({ state: 'active', state_reason: null });
  });

  it('skips what is neither a pending legacy profile nor a live Safe or roles profile', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const safe = await seedProfile(owner.workspaceId, project.id, { kind: 'roles', state: 'archived' });
    const archived = await seedProfile(owner.workspaceId, project.id, { state: 'archived' });
    expect((await engine().execute({ events: [event(safe.id)] as never })).result).toEqual({
      profileId: safe.id,
      skipped: 'kind roles',
    });
    expect(await runEmbedded('profile/provision.requested', { profileId: archived.id })).toEqual({
      profileId: archived.id,
      skipped: 'state archived',
    });
    expect(await runEmbedded('profile/provision.requested', { profileId: 'prf_missing' })).toEqual({
      profileId: 'prf_missing',
      skipped: 'not found',
    });
    expect(await row(safe.id)).toEqual({ state: 'archived', state_reason: null });
  });
});

describe('provision-profile: failures', () => {
  it('an RPC that fails leaves the profile pending with a readable reason (no URL); a new run recovers', async () => {
    const profile = await pendingProfile();
    rpcUp = false;
    try {
      await expect(runEmbedded('profile/provision.requested', { profileId: profile.id })).rejects.toThrow(
        "the chain's RPC endpoint did not answer; retry later",
      );
    } finally {
      rpcUp = true;
    }
    const failed = await row(profile.id);
    expect(failed).toEqual({
      state: 'pending',
      state_reason: "the chain's RPC endpoint did not answer; retry later",
    });
    expect(failed.state_reason).not.toMatch(/http|127\.0\.0\.1/);

    const result = await runEmbedded('profile/provision.requested', { profileId: profile.id });
    expect(result).toMatchObject({ state: 'active' });
    expect(await row(profile.id)).toEqual({ state: 'active', state_reason: null });
    expect(await code(profile.address)).toBe(DELEGATION_CODE);
  });

  it("on Inngest a failed step attempt records the reason itself and fails the run (the retry is Inngest's)", async () => {
    const profile = await pendingProfile();
    rpcUp = false;
    let outcome: Awaited<ReturnType<ReturnType<typeof engine>['execute']>>;
    try {
      outcome = await engine().execute({ events: [event(profile.id)] as never });
    } finally {
      rpcUp = true;
    }
    expect(outcome.result).toBeUndefined();
    expect(String((outcome.error as Error | undefined)?.message ?? outcome.error)).toContain(
      "the chain's RPC endpoint did not answer",
    );
    expect(stepIds(outcome.ctx)).toEqual(['check-profile', 'delegate-account']);
    expect(await row(profile.id)).toEqual({
      state: 'pending',
      state_reason: "the chain's RPC endpoint did not answer; retry later",
    });
    // the next attempt (a new run here) succeeds and clears the reason
    const retried = await engine().execute({ events: [event(profile.id)] as never });
    expect(retried.result).toMatchObject({ state: 'active' });
    expect(await row(profile.id)).toEqual({ state: 'active', state_reason: null });
  });

  it('with the delegation step mocked away, verification refuses to activate an undelegated account', async () => {
    const profile = await pendingProfile();
    const { error, ctx } = await engine().execute({
      events: [event(profile.id)] as never,
      steps: [{ id: 'delegate-account', handler: () => ({ txHash: null }) }],
    });
    expect(error).toBeDefined();
    expect(stepIds(ctx)).toEqual([
      'check-profile',
      'delegate-account',
      'fund-dev-account',
      'verify-and-activate',
    ]);
    expect(await row(profile.id)).toEqual({
      state: 'pending',
      state_reason: 'the account does not carry the EIP-7702 delegation after the transaction',
    });
    expect(await code(profile.address)).toBe('0x');
  });
});

describe('enqueue: the job port picks the provider by environment', () => {
  it('with INNGEST_EVENT_KEY the event goes to Inngest (inngest.send)', async () => {
    const send = vi.spyOn(inngest, 'send').mockResolvedValue({ ids: ['evt'] } as never);
    process.env.INNGEST_EVENT_KEY = 'test-key';
    try {
      await enqueue('profile/provision.requested', { profileId: 'prf_x' });
      expect(send).toHaveBeenCalledWith({
        name: 'profile/provision.requested',
        data: { profileId: 'prf_x' },
      });
    } finally {
      delete process.env.INNGEST_EVENT_KEY;
      send.mockRestore();
    }
  });

  it('without it the job goes to the embedded Postgres queue, where the app worker runs it', async () => {
    const profile = await pendingProfile();
    await enqueue('profile/provision.requested', { profileId: profile.id });
    await expect
      .poll(async () => (await row(profile.id)).state, { timeout: 15_000, interval: 100 })
      .toBe('active');
    expect(await code(profile.address)).toBe(DELEGATION_CODE);
  });

  it('payloads are validated before anything is sent', async () => {
    await expect(enqueue('profile/provision.requested', { profileId: '' })).rejects.toThrow();
    await expect(enqueue('profile/provision.requested', {} as never)).rejects.toThrow();
  });
});
