import { inArray } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Db } from '@/db/client';
import { executables } from '@/db/schema';
import { newId } from '@/lib/ids';
import type { BenchWorld } from './seed-world';

// The soak's executables: interval triggers of 30 s whose first slots are spread evenly over one interval, running
// a task that makes one chain read and skips, or (1 in TX_EVERY, when the round sends) one that also pays 1 wei.

export const INTERVAL_MS = 30_000;
export const TX_EVERY = 10;

export const READ_TASK = `export default { __tickworkTask: 1, async run(ctx) {
  await ctx.chain.request({ method: 'eth_blockNumber' });
  return { canExec: false, message: 'nothing to do' };
} };\n`;

/** Where the paying runs send their 1 wei (an address nobody holds the key of). */
export const RECIPIENT = privateKeyToAccount(generatePrivateKey()).address;
export const PAY_TASK = `export default { __tickworkTask: 1, async run(ctx) {
  await ctx.chain.request({ method: 'eth_blockNumber' });
  return { canExec: true, message: 'paying', calls: [{ to: ctx.args.to, data: '0x', value: BigInt(1) }] };
} };\n`;

/** The paying release and the funded profiles its executables send from (taken in turn). */
export type Paying = { functionId: string; profileIds: string[] };

/** One seeded executable and the time of its first slot (epoch ms; the later ones follow every INTERVAL_MS). */
export type SeededExecutable = { id: string; firstDue: number };

/** `n` active executables on the world's read task (1 in TX_EVERY on `paying` when given), first due from `start`. */
export async function seedSoakExecutables(
  db: Db,
  world: BenchWorld,
  n: number,
  start: number,
  paying: Paying | null,
): Promise<SeededExecutable[]> {
  const seeded: SeededExecutable[] = [];
  for (let i = 0; i < n; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, n - i) }, (_, j) => {
      const k = i + j;
      const sends = paying !== null && k % TX_EVERY === 0;
      return {
        id: newId('executable'),
        workspaceId: world.workspaceId,
        projectId: world.projectId,
        functionId: sends ? paying.functionId : world.functionId,
        profileId: sends ? paying.profileIds[(k / TX_EVERY) % paying.profileIds.length] : world.profileId,
        name: `soak-${k}`,
        state: 'active' as const,
        trigger: { type: 'interval' as const, intervalMs: INTERVAL_MS },
        args: sends ? JSON.stringify({ to: RECIPIENT }) : '{}',
        nextRunAt: new Date(start + Math.floor((k * INTERVAL_MS) / n)),
        sandboxRef: 'isolate:bench',
      };
    });
    await db.insert(executables).values(rows);
    seeded.push(...rows.map((r) => ({ id: r.id, firstDue: r.nextRunAt.getTime() })));
  }
  return seeded;
}

/**
 * Ends a round's schedule: no slot of these executables comes due again (their runs already queued still run,
 * as active executables' runs do); `pauseSoakExecutables` retires them once those are done.
 */
export async function stopSoakSchedule(db: Db, seeded: SeededExecutable[]): Promise<void> {
  const ids = seeded.map((e) => e.id);
  const later = new Date(Date.now() + 24 * 3600_000);
  for (let i = 0; i < ids.length; i += 1000)
    await db
      .update(executables)
      .set({ nextRunAt: later })
      .where(inArray(executables.id, ids.slice(i, i + 1000)));
}

export async function pauseSoakExecutables(db: Db, seeded: SeededExecutable[]): Promise<void> {
  const ids = seeded.map((e) => e.id);
  for (let i = 0; i < ids.length; i += 1000)
    await db
      .update(executables)
      .set({ state: 'paused' })
      .where(inArray(executables.id, ids.slice(i, i + 1000)));
}
