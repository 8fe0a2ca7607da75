// A profile's `nonceBlocked`: the sending account's lowest nonce a recorded transaction still holds, once held too
// long (docs/executions.md#transaction-lifecycle). The runs are rows written here, never watched (`watch_at` null,
// never started, paused executables), so the app's watcher, reconciler and run requeue leave them as they are.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BroadcastState, ExecutionStatus } from '@/db/enums';
import { executions, profiles, transactionBroadcasts } from '@/db/schema';
import { newId } from '@/lib/ids';
import { expectStatus } from '../../support/expect';
import { newAddress, newProject, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';
import { PROFILE_KEYS } from '../../support/profiles';
import { type SeededExecutable, seedExecutable, seedExecutableLike } from '../../support/seed';

/** Older than any chain's slot wait (two re-pricing intervals, at most 60 s). */
const LONG_AGO = () => new Date(Date.now() - 120_000);

type Account = SeededExecutable & { sender: string };

/** A paused executable on a fresh legacy profile of the local chain; `sender` is the profile's address. */
async function account(): Promise<Account & { token: string }> {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  const exe = await seedExecutable(owner.workspaceId, project.id);
  const [row] = await testDb()
    .select({ address: profiles.address })
    .from(profiles)
    .where(eq(profiles.id, exe.profileId));
  return { ...exe, sender: row.address, token: owner.token };
}

type SeededBroadcast = {
  nonce: number;
  kind?: 'original' | 'replacement' | 'cancellation';
  state?: BroadcastState;
  sentAt?: Date | null;
  createdAt?: Date;
  sender?: string;
  envelope?: 'transaction' | 'user_operation';
};

/** A run of the account in `status` with the transactions it signed; answers its id. */
async function seedRun(
  acc: Account,
  opts: {
    status: ExecutionStatus;
    errorCode?: string;
    executableId?: string;
    broadcasts: SeededBroadcast[];
  },
): Promise<string> {
  const id = newId('execution');
  await testDb()
    .insert(executions)
    .values({
      id,
      workspaceId: acc.workspaceId,
      projectId: acc.projectId,
      executableId: opts.executableId ?? acc.executableId,
      functionId: acc.functionId,
      status: opts.status,
      trigger: 'schedule',
      chainId: 31337,
      scheduledAt: new Date(),
      nonce: opts.broadcasts[0]?.nonce,
      error: opts.errorCode ? { code: opts.errorCode, message: 'seeded' } : null,
      watchAt: null,
    });
  for (const b of opts.broadcasts)
    await testDb()
      .insert(transactionBroadcasts)
      .values({
        executionId: id,
        chainId: 31337,
        sender: (b.sender ?? acc.sender).toLowerCase(),
        envelope: b.envelope ?? 'transaction',
        nonce: b.nonce,
        kind: b.kind ?? 'original',
        txHash: `0x${randomBytes(32).toString('hex')}`,
        raw: '0x02',
        gasLimit: '21000',
        maxFeePerGas: '1000000000',
        maxPriorityFeePerGas: '1000000',
        state: b.state ?? 'sent',
        sentAt: b.sentAt === undefined ? LONG_AGO() : b.sentAt,
        ...(b.createdAt && { createdAt: b.createdAt }),
      });
  return id;
}

async function nonceBlockedOf(acc: Account & { token: string }, profileId = acc.profileId) {
  const res = await api(`/api/v1/profiles/${profileId}`, { token: acc.token });
  expectStatus(res, 200);
  expect(Object.keys(res.body.data).sort()).toEqual(PROFILE_KEYS);
  return res.body.data.nonceBlocked;
}

describe('profiles: nonceBlocked', () => {
  it('null for a free account, and for a transaction simply in flight', async () => {
    const acc = await account();
    expect(await nonceBlockedOf(acc)).toBeNull();
    await seedRun(acc, { status: 'submitted', broadcasts: [{ nonce: 0, sentAt: new Date() }] });
    expect(await nonceBlockedOf(acc)).toBeNull();
  });

  it("a user operation long unincluded holds none of the account's transaction nonces", async () => {
    const acc = await account();
    // its nonce is the EntryPoint's under a key of its own: the account's next transaction does not wait for it
    await seedRun(acc, {
      status: 'submitted',
      broadcasts: [{ nonce: 0, envelope: 'user_operation', createdAt: LONG_AGO() }],
    });
    expect(await nonceBlockedOf(acc)).toBeNull();
  });

  it('cancellation_pending: the run gave up and its cancellation is not mined; since its first send', async () => {
    const acc = await account();
    const first = new Date(Date.now() - 600_000);
    const id = await seedRun(acc, {
      status: 'submitted_unknown',
      errorCode: 'cancellation_pending',
      broadcasts: [
        { nonce: 3, sentAt: first, createdAt: new Date(first.getTime() - 50) },
        { nonce: 3, kind: 'cancellation', sentAt: new Date(Date.now() - 30_000) },
      ],
    });
    expect(await nonceBlockedOf(acc)).toEqual({
      nonce: 3,
      executionId: id,
      since: first.toISOString(),
      reason: 'cancellation_pending',
    });
  });

  it('not_mined: still submitted, first sent longer ago than the slot wait (signed but never accepted: since it was signed)', async () => {
    const acc = await account();
    const sent = LONG_AGO();
    const id = await seedRun(acc, { status: 'submitted', broadcasts: [{ nonce: 7, sentAt: sent }] });
    expect(await nonceBlockedOf(acc)).toEqual({
      nonce: 7,
      executionId: id,
      since: sent.toISOString(),
      reason: 'not_mined',
    });

    const unsent = await account();
    const signedAt = LONG_AGO();
    const unsentId = await seedRun(unsent, {
      status: 'submitted',
      broadcasts: [{ nonce: 0, state: 'signed', sentAt: null, createdAt: signedAt }],
    });
    expect(await nonceBlockedOf(unsent)).toMatchObject({
      executionId: unsentId,
      since: signedAt.toISOString(),
      reason: 'not_mined',
    });
  });

  it('a refused broadcast, an ended run and another unknown ending hold nothing; the lowest held nonce is named', async () => {
    const acc = await account();
    await seedRun(acc, {
      status: 'submitted',
      broadcasts: [{ nonce: 1, state: 'refused', sentAt: null, createdAt: LONG_AGO() }],
    });
    await seedRun(acc, { status: 'confirmed', broadcasts: [{ nonce: 2 }] });
    await seedRun(acc, { status: 'failed', errorCode: 'transaction_cancelled', broadcasts: [{ nonce: 3 }] });
    const unknown = await seedRun(acc, {
      status: 'submitted_unknown',
      errorCode: 'receipt_timeout',
      broadcasts: [{ nonce: 4 }],
    });
    expect(await nonceBlockedOf(acc)).toBeNull();

    const later = await seedRun(acc, {
      status: 'submitted',
      executableId: await seedExecutableLike(acc, 'paused'),
      broadcasts: [{ nonce: 5 }],
    });
    expect(await nonceBlockedOf(acc)).toBeNull(); // the lowest held nonce is 4, whose run ended otherwise
    await testDb().update(executions).set({ status: 'confirmed' }).where(eq(executions.id, unknown));
    expect(await nonceBlockedOf(acc)).toMatchObject({ nonce: 5, executionId: later, reason: 'not_mined' });
  });

  it("a Safe profile's block is its executor's; a run of another workspace on the same account is not shown", async () => {
    const acc = await account();
    const executor = newAddress();
    await testDb()
      .update(profiles)
      .set({ kind: 'safe', executor: executor.toLowerCase() })
      .where(eq(profiles.id, acc.profileId));
    await seedRun(acc, { status: 'submitted', broadcasts: [{ nonce: 0 }] }); // from the Safe's address: not sent
    expect(await nonceBlockedOf(acc)).toBeNull();
    const id = await seedRun(acc, {
      status: 'submitted_unknown',
      errorCode: 'cancellation_pending',
      broadcasts: [{ nonce: 9, sender: executor }],
    });
    expect(await nonceBlockedOf(acc)).toMatchObject({ nonce: 9, executionId: id });

    // the same accounts as profiles of other workspaces (an imported key may be in several): their runs only
    for (const address of [acc.sender, executor.toLowerCase()]) {
      const elsewhere = await account();
      await testDb().update(profiles).set({ address }).where(eq(profiles.id, elsewhere.profileId));
      expect(await nonceBlockedOf(elsewhere)).toBeNull();
    }
  });

  it('the list carries it for every profile of the page', async () => {
    const blocked = await account();
    const id = await seedRun(blocked, {
      status: 'submitted_unknown',
      errorCode: 'cancellation_pending',
      broadcasts: [{ nonce: 2 }],
    });
    const freeProfile = await seedExecutable(blocked.workspaceId, blocked.projectId);
    const res = await api(`/api/v1/profiles?projectId=${blocked.projectId}`, { token: blocked.token });
    expectStatus(res, 200);
    const byId = new Map(res.body.data.map((p: any) => [p.id, p.nonceBlocked]));
    expect(byId.size).toBe(2);
    expect(byId.get(blocked.profileId)).toMatchObject({
      nonce: 2,
      executionId: id,
      reason: 'cancellation_pending',
    });
    expect(byId.get(freeProfile.profileId)).toBeNull();
  });
});
