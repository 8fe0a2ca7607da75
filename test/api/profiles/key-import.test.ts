// Private-key import (console only, owners and admins): the key becomes a pending legacy profile, encrypted at
// rest at once, delegated (EIP-7702) and funded by the same provisioning job as a generated account; refused
// where the address has other code on chain, for a duplicate, a member, a foreign workspace and a bad key, with
// nothing written; and the key's hex appears in no answer, no API response, no audit event and no log line.
import pino from 'pino';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runEmbedded } from '@/lib/jobs/providers/embedded';
import { log } from '@/lib/log';
import { type ExtraApp, startExtraApp } from '../../support/app';
import { testStackChain } from '../../support/chain';
import { type Actor, newMember, newProject, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';
import { DELEGATION_CODE, rpc, storedKey } from '../../support/profiles';

// The console action runs in this process as the user of this session, on the test database and chain.
const session: { userId?: string } = {};
vi.mock('@/lib/auth/next-auth', () => ({ auth: async () => session }));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));
vi.mock('@/db/client', async (original) => {
  const actual = await original<typeof import('@/db/client')>();
  const { target } = await import('../../support/target');
  let db: ReturnType<typeof actual.createDb> | undefined;
  return { ...actual, getDb: () => (db ??= actual.createDb(target().databaseUrl, 2)) };
});
// Provisioning is queued as for a generated profile; this file runs the queued job here (the same workflow the
// app's worker runs), so every log line of the import and of the delegation is captured below.
const queued: { event: string; payload: unknown }[] = [];
vi.mock('@/lib/jobs/port', async (original) => ({
  ...(await original<typeof import('@/lib/jobs/port')>()),
  enqueue: async (event: string, payload: unknown) => {
    queued.push({ event, payload });
  },
}));

testStackChain();
// an operator of its own for the delegation transactions, so its nonces never race the app's operator
const operatorKey = generatePrivateKey();
process.env.TICKWORK_OPERATOR_PRIVATE_KEY = operatorKey;

/** Every line the app's logger writes in this process (at every level), and anything else on stdout/stderr. */
const logged: string[] = [];
const logStream = (log as unknown as Record<symbol, { write: (line: string) => unknown }>)[
  pino.symbols.streamSym
];
const writeLog = logStream.write.bind(logStream);
logStream.write = (line: string) => {
  logged.push(line);
  return writeLog(line);
};
log.level = 'trace';
for (const out of [process.stdout, process.stderr]) {
  const write = out.write.bind(out) as (...args: unknown[]) => boolean;
  out.write = ((chunk: unknown, ...rest: unknown[]) => {
    logged.push(String(chunk));
    return write(chunk, ...rest);
  }) as typeof out.write;
}

const action = async () =>
  (await import('@/app/(console)/[workspace]/projects/[projectId]/profiles/actions')).importProfileKeyAction;

const slugOf = async (workspaceId: string) =>
  (await testDb().$sql`select slug from workspaces where id = ${workspaceId}`)[0].slug as string;
const profileRows = async (address: string) =>
  testDb()
    .$sql`select id, project_id, workspace_id, key_source, state from profiles where lower(address) = ${address.toLowerCase()}`;
const auditRows = (workspaceId: string) =>
  testDb().$sql`select * from audit_events where workspace_id = ${workspaceId} order by id`;
const code = async (address: string) => (await rpc<string>('eth_getCode', [address, 'latest'])).toLowerCase();

/** The key's hex, as it could leak: without 0x, lower and upper case. */
const keyForms = (key: Hex) => [key.slice(2).toLowerCase(), key.slice(2).toUpperCase()];
function expectNoKeyIn(text: string, key: Hex) {
  for (const form of keyForms(key)) expect(text).not.toContain(form);
  expect(text.toLowerCase()).not.toContain(key.slice(2).toLowerCase());
}

type World = Actor & { slug: string; projectId: string };
async function world(): Promise<World> {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  return { ...owner, slug: await slugOf(owner.workspaceId), projectId: project.id };
}

async function importAs(w: World, userId: string, privateKey: string, alias = 'Imported') {
  session.userId = userId;
  return (await action())(w.slug, w.projectId, { alias, chainId: 31337, privateKey });
}

/** Runs the provisioning jobs the imports queued, here, as the app's worker would. */
async function runQueued() {
  const jobs = queued.splice(0);
  return Promise.all(jobs.map((j) => runEmbedded(j.event as 'profile/provision.requested', j.payload)));
}

let app: ExtraApp;
beforeAll(async () => {
  await rpc('anvil_setBalance', [privateKeyToAccount(operatorKey).address, '0x56bc75e2d63100000']); // 100 ETH
  // a second app of the build whose log output is kept: the API reads of an imported profile go through it
  app = await startExtraApp({ LOG_LEVEL: 'debug' }, { captureOutput: true });
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

describe('private-key import (console)', () => {
  it('imports a pasted key: pending, encrypted at rest, delegated and funded by provisioning, active; the key is in no answer, row, event or log', async () => {
    const w = await world();
    const key = generatePrivateKey();
    const { address } = privateKeyToAccount(key);
    expect(await rpc<string>('eth_getBalance', [address, 'latest'])).toBe('0x0');

    // pasted with surrounding whitespace and upper-case hex: normalised
    const result = await importAs(w, w.userId, `  0x${key.slice(2).toUpperCase()}\n`, 'Treasury hot');
    expect(result).toEqual({
      ok: true,
      data: { id: expect.stringMatching(/^prf_/), name: 'Treasury hot', address },
    });
    if (!result.ok) throw new Error('unreachable');
    const profileId = result.data.id;
    expectNoKeyIn(JSON.stringify(result), key);

    // stored pending, imported, with the key only envelope-encrypted
    expect(await profileRows(address)).toEqual([
      {
        id: profileId,
        project_id: w.projectId,
        workspace_id: w.workspaceId,
        key_source: 'imported',
        state: 'pending',
      },
    ]);
    const stored = await storedKey(profileId);
    expect(stored.envelope).toMatch(/^v1\./);
    expectNoKeyIn(stored.envelope, key);
    expect(stored.key).toBe(key);

    // the same provisioning job as a generated profile: delegation (the operator pays) and dev funding. A first
    // attempt with an operator that cannot pay fails, is logged, and leaves the profile pending with a reason.
    expect(queued).toEqual([{ event: 'profile/provision.requested', payload: { profileId } }]);
    process.env.TICKWORK_OPERATOR_PRIVATE_KEY = generatePrivateKey();
    await expect(runEmbedded('profile/provision.requested', { profileId })).rejects.toThrow(
      /the delegation failed on chain/,
    );
    process.env.TICKWORK_OPERATOR_PRIVATE_KEY = operatorKey;
    expect(await testDb().$sql`select state, state_reason from profiles where id = ${profileId}`).toEqual([
      { state: 'pending', state_reason: expect.stringMatching(/^the delegation failed on chain/) },
    ]);
    expect(logged.join('')).toContain('profile provisioning attempt failed');
    expect(await runQueued()).toEqual([
      { profileId, state: 'active', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), funded: true },
    ]);
    expect(await code(address)).toBe(DELEGATION_CODE);
    expect(await rpc<string>('eth_getBalance', [address, 'latest'])).toBe('0x8ac7230489e80000'); // 10 ETH

    // the API record (read through the app whose log is captured): active, imported, its address, no key
    const one = await api(`/api/v1/profiles/${profileId}`, { token: w.token, baseUrl: app.baseUrl });
    expect(one.status, one.text).toBe(200);
    expect(one.body.data).toMatchObject({
      id: profileId,
      kind: 'legacy',
      state: 'active',
      keySource: 'imported',
      address,
      stateReason: null,
    });
    const list = await api(`/api/v1/profiles?projectId=${w.projectId}`, {
      token: w.token,
      baseUrl: app.baseUrl,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { id: string }) => p.id)).toEqual([profileId]);
    for (const res of [one, list]) {
      expectNoKeyIn(res.text, key);
      expect(res.text).not.toContain(stored.envelope.split('.')[1]);
    }

    // one audit event, in the workspace, naming the profile and the address, never the key
    const events = await auditRows(w.workspaceId);
    expect(events.map((e) => [e.action, e.target_type, e.target_id, e.actor_user_id])).toEqual([
      ['profile.key_imported', 'profile', profileId, w.userId],
    ]);
    expect(events[0].details).toEqual({ name: 'Treasury hot', address, chainId: 31337 });
    expectNoKeyIn(JSON.stringify(events), key);

    // the logs of this process (the action and the job) and of the app that served the reads
    await new Promise((r) => setTimeout(r, 300)); // the app's log lines are written as responses go out
    expect(app.output()).toContain('Next.js'); // its output is captured
    expectNoKeyIn(logged.join(''), key);
    expectNoKeyIn(app.output(), key);
  }, 60_000);

  it('an address already delegated to our Simple7702Account is accepted, and provisioning sends nothing', async () => {
    const w = await world();
    const key = generatePrivateKey();
    const { address } = privateKeyToAccount(key);
    await rpc('anvil_setCode', [address, DELEGATION_CODE]);
    const result = await importAs(w, w.userId, key.slice(2));
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const [job] = await runQueued();
    expect(job).toMatchObject({ state: 'active', txHash: null });
    expect((await profileRows(address))[0]).toMatchObject({ state: 'active', key_source: 'imported' });
  });

  it('refuses an address with other code (a contract, or a delegation to another contract): nothing written', async () => {
    const w = await world();
    for (const other of ['0x6001600055', `0xef0100${'11'.repeat(20)}`]) {
      const key = generatePrivateKey();
      const { address } = privateKeyToAccount(key);
      await rpc('anvil_setCode', [address, other]);
      const result = await importAs(w, w.userId, key);
      expect(result).toMatchObject({
        ok: false,
        code: 'address_has_code',
        details: { address, chainId: 31337 },
      });
      expectNoKeyIn(JSON.stringify(result), key);
      expect(await profileRows(address)).toEqual([]);
    }
    expect(await auditRows(w.workspaceId)).toEqual([]);
    expect(queued).toEqual([]);
  });

  it('refuses a key already imported into the project on that chain (profile_already_in_project)', async () => {
    const w = await world();
    const key = generatePrivateKey();
    const first = await importAs(w, w.userId, key, 'First');
    expect(first.ok).toBe(true);
    queued.splice(0);
    const again = await importAs(w, w.userId, key, 'Second');
    expect(again).toMatchObject({
      ok: false,
      code: 'profile_already_in_project',
      details: { profileId: first.ok ? first.data.id : '', state: 'pending' },
    });
    expectNoKeyIn(JSON.stringify(again), key);
    expect(await profileRows(privateKeyToAccount(key).address)).toHaveLength(1);
    expect((await auditRows(w.workspaceId)).length).toBe(1);
    expect(queued).toEqual([]);
  });

  it('refuses a member (403); an admin may import', async () => {
    const w = await world();
    const member = await newMember(w.workspaceId, { role: 'member' });
    const key = generatePrivateKey();
    const refused = await importAs(w, member.userId, key);
    expect(refused).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await profileRows(privateKeyToAccount(key).address)).toEqual([]);
    expect(await auditRows(w.workspaceId)).toEqual([]);

    const admin = await newMember(w.workspaceId, { role: 'admin' });
    expect((await importAs(w, admin.userId, key)).ok).toBe(true);
    queued.splice(0);
  });

  it("refuses a foreign workspace (not found) and another workspace's project (404): the profile lands nowhere", async () => {
    const mine = await world();
    const theirs = await world();
    const key = generatePrivateKey();
    // a workspace the user is not a member of reads as not found (Next's notFound)
    await expect(importAs(theirs, mine.userId, key)).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404/);
    // their project named in my workspace
    const crossed = await importAs({ ...mine, projectId: theirs.projectId }, mine.userId, key);
    expect(crossed).toMatchObject({ ok: false, code: 'not_found' });
    expect(await profileRows(privateKeyToAccount(key).address)).toEqual([]);
    expect([...(await auditRows(mine.workspaceId)), ...(await auditRows(theirs.workspaceId))]).toEqual([]);
    expect(queued).toEqual([]);
  });

  it('refuses a bad key with a clear message that never repeats it; nothing written', async () => {
    const w = await world();
    const good = generatePrivateKey().slice(2);
    const bad = [
      `0x${good.slice(0, 63)}`, // 31.5 bytes
      `0x${good}00`, // 33 bytes
      `0x${good.slice(0, 62)}zz`, // not hex
      `0x${'0'.repeat(64)}`, // zero
      `0x${'f'.repeat(64)}`, // above the curve order
      `${good} ${good}`,
      '',
    ];
    for (const input of bad) {
      const result = await importAs(w, w.userId, input);
      expect(result, input).toMatchObject({ ok: false, field: 'privateKey' });
      if (result.ok) continue;
      expect(result.error).toMatch(/private key/);
      if (input.length > 8) {
        expect(result.error.toLowerCase()).not.toContain(input.slice(2, 20).toLowerCase());
        expect(JSON.stringify(result)).not.toContain(input.slice(2, 20));
      }
    }
    expect(await testDb().$sql`select id from profiles where project_id = ${w.projectId}`).toEqual([]);
    expect(await auditRows(w.workspaceId)).toEqual([]);
    expect(queued).toEqual([]);
    expectNoKeyIn(logged.join(''), `0x${good}`);
  });

  it('no management API route imports a key: unknown body fields are refused', async () => {
    const w = await world();
    const key = generatePrivateKey();
    const res = await api('/api/v1/profiles', {
      method: 'POST',
      token: w.token,
      body: { projectId: w.projectId, alias: 'Nope', chainId: 31337, privateKey: key },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
    expectNoKeyIn(res.text, key);
    expect(await profileRows(privateKeyToAccount(key).address)).toEqual([]);
  });
});
