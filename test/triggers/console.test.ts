// The console's trigger form, through its server actions as a console session on the test database and the
// stack's anvil: an event or block trigger saved through the form is stored as the API stores it (the same
// validation); a refusal names its field; Preview answers the last logs the trigger matches on the chain.
// Also the form's pure draft conversions and the Chains page's lag rule.
import { toEventSelector } from 'viem';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { followerLagReason } from '@/app/(console)/[workspace]/chains/_components/lag-rule';
import {
  chainDraftOf,
  chainTriggerOf,
} from '@/app/(console)/[workspace]/projects/[projectId]/executables/_components/chain-draft';
import {
  createExecutableAction,
  updateTriggerAction,
} from '@/app/(console)/[workspace]/projects/[projectId]/executables/actions';
import { previewTriggerAction } from '@/app/(console)/[workspace]/projects/[projectId]/executables/trigger-actions';
import { testStackChain } from '../support/chain';
import { createExe, type ExeWorld, exeBody, exeWorld } from '../support/executables';
import { testDb, uniq } from '../support/fixtures';
import { deployCounter, emitInBlocks, INCREMENTED, testSender } from '../support/triggers';

testStackChain();
const session: { userId?: string } = {};
vi.mock('@/lib/auth/next-auth', () => ({ auth: async () => session }));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));
vi.mock('@/db/client', async (original) => {
  const actual = await original<typeof import('@/db/client')>();
  const { target } = await import('../support/target');
  let db: ReturnType<typeof actual.createDb> | undefined;
  return { ...actual, getDb: () => (db ??= actual.createDb(target().databaseUrl, 2)) };
});

const TOPIC0 = toEventSelector(`event ${INCREMENTED}`);

const slugOf = async (workspaceId: string) =>
  (await testDb().$sql`select slug from workspaces where id = ${workspaceId}`)[0].slug as string;
const storedTrigger = async (id: string) =>
  (await testDb().$sql`select trigger, next_run_at from executables where id = ${id}`)[0];

describe('trigger form actions', () => {
  let w: ExeWorld;
  let slug: string;
  let exeId: string;
  beforeAll(async () => {
    w = await exeWorld();
    slug = await slugOf(w.workspaceId);
    session.userId = w.userId;
    const created = await createExe(w.token, exeBody(w));
    expect(created.status, created.text).toBe(201);
    exeId = created.body.data.id;
  });

  it('saves an event trigger as the API stores it: profile chain, checksummed address, topic0, default confirmations', async () => {
    const counter = `0x${'ab'.repeat(20)}`;
    const result = await updateTriggerAction(slug, w.projectId, exeId, {
      type: 'event',
      addresses: [counter, counter.toUpperCase().replace('0X', '0x')],
      event: `event ${INCREMENTED}`,
      topics: [null, `0x${'00'.repeat(12)}${'cd'.repeat(20)}`],
    });
    expect(result).toEqual({ ok: true, data: { nextRunAt: null } });
    const row = await storedTrigger(exeId);
    expect(row.trigger).toEqual({
      type: 'event',
      chainId: 31337,
      addresses: ['0xABaBaBaBABabABabAbAbABAbABabababaBaBABaB'],
      event: INCREMENTED,
      topics: [TOPIC0, `0x${'00'.repeat(12)}${'cd'.repeat(20)}`],
      confirmations: 0,
    });
    expect(row.next_run_at).toBeNull();
    // the stored trigger comes back into the form and out again as the same trigger
    const again = await updateTriggerAction(
      slug,
      w.projectId,
      exeId,
      chainTriggerOf('event', chainDraftOf(row.trigger)),
    );
    expect(again.ok).toBe(true);
    expect((await storedTrigger(exeId)).trigger).toEqual(row.trigger);
  });

  it('saves a block trigger; a refusal names its field and leaves the stored trigger as it was', async () => {
    const ok = await updateTriggerAction(slug, w.projectId, exeId, {
      type: 'block',
      chainId: 31337,
      everyBlocks: 5,
      confirmations: 2,
    });
    expect(ok.ok).toBe(true);
    const stored = { type: 'block', chainId: 31337, everyBlocks: 5, confirmations: 2 };
    expect((await storedTrigger(exeId)).trigger).toEqual(stored);

    const refusals = [
      [{ type: 'block', everyBlocks: 0 }, 'trigger.everyBlocks'],
      [{ type: 'block', confirmations: 65 }, 'trigger.confirmations'],
      [{ type: 'block', chainId: 999999 }, 'trigger.chainId'],
      [{ type: 'event', addresses: ['0x1234'], event: INCREMENTED }, 'trigger.addresses'],
      [
        { type: 'event', addresses: [`0x${'ab'.repeat(20)}`], event: 'Incremented(address indexed' },
        'trigger.event',
      ],
      [{ type: 'event', addresses: [`0x${'ab'.repeat(20)}`] }, 'trigger.event'],
      [{ type: 'event', addresses: [`0x${'ab'.repeat(20)}`], topics: ['0x12'] }, 'trigger.topics'],
      [{ type: 'interval', intervalMs: 1000 }, 'trigger.intervalMs'],
    ] as const;
    for (const [trigger, field] of refusals) {
      const result = await updateTriggerAction(slug, w.projectId, exeId, trigger as never);
      expect(result, JSON.stringify(trigger)).toMatchObject({ ok: false, code: 'invalid_trigger', field });
    }
    expect((await storedTrigger(exeId)).trigger).toEqual(stored);
  });

  it('create refuses a bad event signature at its field and creates nothing', async () => {
    const name = `bad-${uniq()}`;
    const result = await createExecutableAction(slug, w.projectId, {
      name,
      functionId: w.functionId,
      profileId: w.profileId,
      trigger: { type: 'event', addresses: [`0x${'ab'.repeat(20)}`], event: 'Transfer(address from' },
      args: '',
      gasMode: '',
    });
    expect(result).toMatchObject({ ok: false, code: 'invalid_trigger', field: 'trigger.event' });
    if (!result.ok) expect(result.error).toMatch(/^event is not a Solidity event signature/);
    const rows = await testDb().$sql`select id from executables where name = ${name}`;
    expect(rows).toHaveLength(0);
  });

  it('Preview answers the last matching logs on the chain, newest first, decoded with the signature', async () => {
    const sender = await testSender();
    const counter = await deployCounter(sender);
    const logs = await emitInBlocks(sender, counter, [2, 3]);
    const result = await previewTriggerAction(
      slug,
      { type: 'event', addresses: [counter.toLowerCase()], event: INCREMENTED },
      31337,
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.data.logs.map((l) => [l.blockNumber, l.transactionHash, l.logIndex])).toEqual(
      logs.reverse().map((l) => [l.b, l.tx, l.i]),
    );
    expect(result.data.logs[0].event).toEqual({ name: 'Incremented', args: { caller: sender, count: '5' } });
    expect(result.data.logs.every((l) => l.address === counter)).toBe(true);

    // raw topics: the same logs, undecoded
    const raw = await previewTriggerAction(
      slug,
      { type: 'event', addresses: [counter], topics: [TOPIC0] },
      31337,
    );
    if (!raw.ok) throw new Error(raw.error);
    expect(raw.data.logs).toHaveLength(5);
    expect(raw.data.logs.every((l) => l.event === null)).toBe(true);
  });

  it('Preview of a contract without logs says how many blocks it looked at; a bad draft is refused at its field', async () => {
    const quiet = await deployCounter(await testSender());
    const result = await previewTriggerAction(
      slug,
      { type: 'event', addresses: [quiet], event: INCREMENTED },
      31337,
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.data.logs).toEqual([]);
    expect(result.data.blocks).toBe(result.data.toBlock - result.data.fromBlock + 1);
    expect(result.data.blocks).toBe(Math.min(5_000, result.data.toBlock + 1));

    const bad = await previewTriggerAction(
      slug,
      { type: 'event', addresses: [quiet], event: 'Nope(' },
      31337,
    );
    expect(bad).toMatchObject({ ok: false, code: 'invalid_trigger', field: 'trigger.event' });
  });
});

describe('trigger drafts and the lag rule', () => {
  it('topics text: one position per line, null/* for any, commas for several; trailing anys dropped', () => {
    const a = `0x${'11'.repeat(32)}`;
    const b = `0x${'22'.repeat(32)}`;
    const draft = {
      chainId: '',
      addresses: ' 0xAa \n\n0xbb ',
      event: '',
      topics: `${a}\n*\n${a}, ${b}\nnull\n`,
      confirmations: '',
      everyBlocks: '1',
    };
    expect(chainTriggerOf('event', draft)).toEqual({
      type: 'event',
      chainId: undefined,
      addresses: ['0xAa', '0xbb'],
      event: null,
      topics: [a, null, [a, b], null],
      confirmations: undefined,
    });
    expect(
      chainTriggerOf('block', { ...draft, chainId: '1', everyBlocks: '10', confirmations: '3' }),
    ).toEqual({
      type: 'block',
      chainId: 1,
      everyBlocks: 10,
      confirmations: 3,
    });
  });

  it('lags past 20 blocks behind, 1,000 ready events or 30 s without an update', () => {
    const now = Date.parse('2026-01-01T00:01:00Z');
    const lag = {
      chainId: 1,
      cursorBlock: 100,
      headBlock: 120,
      lagBlocks: 20,
      readyEvents: 1000,
      updatedAt: '2026-01-01T00:00:45Z',
      lastJump: null,
      lastReorg: null,
      lastError: null,
    };
    expect(followerLagReason(lag, now)).toBeNull();
    expect(followerLagReason({ ...lag, headBlock: 121, lagBlocks: 21 }, now)).toBe('21 blocks behind');
    expect(followerLagReason({ ...lag, readyEvents: 1001 }, now)).toBe('1001 events wait for their runs');
    expect(followerLagReason({ ...lag, updatedAt: '2026-01-01T00:00:29Z' }, now)).toBe(
      'not updated for 31 s',
    );
  });
});
