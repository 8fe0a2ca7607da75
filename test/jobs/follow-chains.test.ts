// The chain follower on Inngest (follow-chains) through @inngest/test, in this process on the app's database
// and anvil, while the app's own follower ticks too: each log still runs once.
import { InngestTestEngine } from '@inngest/test';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { PERIODIC_JOBS } from '@/lib/jobs/catalog';
import { stopEmbeddedJobs } from '@/lib/jobs/providers/embedded';
import { INNGEST_FUNCTIONS } from '@/lib/jobs/providers/inngest';
import { testStackChain } from '../support/chain';
import { waitUntil } from '../support/faults';
import { FINAL_STATUSES, type RunWorld, runWorld } from '../support/runs';
import {
  deployCounter,
  echoExe,
  echoedLogs,
  INCREMENTED,
  increment,
  receiptOf,
  runsOf,
  settled,
  testSender,
} from '../support/triggers';

/** The follower's runs per cron firing on Inngest (twelve, five seconds apart). */
const TICKS_PER_CRON = PERIODIC_JOBS.find((j) => j.id === 'follow-chains')?.runsPerCron ?? 0;

beforeAll(() => {
  process.env.DATABASE_URL = inject('databaseUrl');
  testStackChain();
});

afterAll(async () => {
  await stopEmbeddedJobs();
  await getDb().$sql.end({ timeout: 5 });
});

let w: RunWorld;
beforeAll(async () => {
  w = await runWorld();
}, 60_000);

const stepIds = (ctx: { step: { run: { mock: { calls: unknown[][] } } } }) =>
  ctx.step.run.mock.calls.map((call) => call[0]);

describe('follow-chains', () => {
  it('ticks twelve times a minute, five seconds apart, and runs each log once alongside the app', async () => {
    const sender = await testSender();
    const counter = await deployCounter(sender);
    const exe = await echoExe(w, { type: 'event', addresses: [counter], event: INCREMENTED });
    await waitUntil('the follower following', () => settled(exe.id));
    const receipts = [];
    for (let i = 0; i < 3; i++) receipts.push(await receiptOf(await increment(sender, counter)));

    const sleep = vi.fn();
    const { error, ctx } = await new InngestTestEngine({
      function: INNGEST_FUNCTIONS['follow-chains'],
    }).execute({
      events: [{ name: 'inngest/scheduled.timer', data: {} }] as never,
      steps: Array.from({ length: TICKS_PER_CRON - 1 }, (_, i) => ({
        id: `pause-${i + 1}`,
        handler: sleep,
      })),
    });
    expect(error).toBeUndefined();
    expect(stepIds(ctx as never)).toEqual(Array.from({ length: TICKS_PER_CRON }, (_, i) => `tick-${i}`));
    expect(sleep).toHaveBeenCalledTimes(TICKS_PER_CRON - 1);

    await waitUntil('three runs, all final, nothing left', async () => {
      const runs = await runsOf(exe.id);
      return (
        runs.length >= 3 && runs.every((r) => FINAL_STATUSES.includes(r.status)) && (await settled(exe.id))
      );
    });
    expect((await echoedLogs(exe.id)).map((e) => e.tx)).toEqual(receipts.map((r) => r.transactionHash));
  }, 90_000);
});
