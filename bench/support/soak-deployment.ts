import { sql } from 'drizzle-orm';
import { createDb, type Db } from '@/db/client';
import { workspaces } from '@/db/schema';
import { createApiKey } from '@/lib/auth/api-keys';
import { type FaultStack, startFaultStack } from '../../test/support/fault-stack';
import type { AppProcess } from '../../test/support/stack';
import { activeProfile, appApi, uploadPayingTask } from './app-world';
import { type BenchWorld, seedBenchWorld } from './seed-world';
import { PAY_TASK, type Paying, READ_TASK, RECIPIENT } from './soak-seed';

// The one deployment every soak round runs on: embedded Postgres, anvil, and `next start` worker processes of the
// build (the fault stack's main app is the first worker; more are started for a round and stopped after it).

const SENDING_PROFILES = 8;

export type SoakDeployment = {
  db: Db;
  world: BenchWorld;
  /** The paying release and its funded legacy profiles (provisioned over the API the first time it is asked). */
  paying: () => Promise<Paying>;
  /** `count` worker processes: the main app and `count − 1` more started now. */
  startWorkers: (count: number) => Promise<AppProcess[]>;
  /** Stops the workers `startWorkers` added (SIGTERM: they drain as a deploy would stop them). */
  stopExtraWorkers: () => Promise<void>;
  stop: () => Promise<void>;
};

export async function startSoakDeployment(): Promise<SoakDeployment> {
  const stack: FaultStack = await startFaultStack({
    env: { LOG_LEVEL: 'warn', TICKWORK_RATE_LIMIT_PER_MINUTE: '100000000' },
  });
  const db = createDb(stack.databaseUrl, 4);
  const extra: AppProcess[] = [];
  const stop = async () => {
    await db.$sql.end({ timeout: 5 }).catch(() => {});
    await stack.stop();
  };
  try {
    const world = await seedBenchWorld(db, 'Soak', READ_TASK);
    // no compute-unit cap may hold a run back
    await db.update(workspaces).set({ plan: 'enterprise' }).where(sql`id = ${world.workspaceId}`);
    let paying: Promise<Paying> | null = null;
    const provisionPaying = async (): Promise<Paying> => {
      const key = await createApiKey(db, {
        userId: world.userId,
        workspaceId: world.workspaceId,
        name: 'soak',
      });
      const baseUrl = stack.app().baseUrl;
      const owner = { workspaceId: world.workspaceId, projectId: world.projectId };
      const functionId = await uploadPayingTask(baseUrl, key.token, owner, {
        name: 'pay',
        source: PAY_TASK,
        recipient: RECIPIENT,
      });
      const api = appApi(baseUrl, key.token);
      const profileIds: string[] = [];
      for (let i = 0; i < SENDING_PROFILES; i++)
        profileIds.push(await activeProfile(api, stack.anvilUrl, world.projectId, `soak-${i}`));
      return { functionId, profileIds };
    };
    return {
      db,
      world,
      paying: () => {
        paying ??= provisionPaying();
        return paying;
      },
      startWorkers: async (count) => {
        for (let i = 1; i < count; i++) extra.push(await stack.startApp());
        return [stack.app(), ...extra];
      },
      stopExtraWorkers: async () => {
        await Promise.all(extra.splice(0).map((app) => app.stop()));
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
