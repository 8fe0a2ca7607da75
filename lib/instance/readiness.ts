import { sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { migrationState } from '@/db/migrate';
import { enabledChains } from '@/lib/chains/config';
import { chainStatus } from '@/lib/gateway/health';
import { ensurePolled } from '@/lib/gateway/poller';
import { embeddedQueueReachable } from '@/lib/jobs/embedded-queue';
import { embeddedJobsWanted, embeddedWorker } from '@/lib/jobs/embedded-worker';
import { jobProvider } from '@/lib/jobs/port';
import { withTimeout } from '@/lib/net/timeout';
import { isDraining } from './shutdown';

// GET /api/ready: may this instance take traffic and work? Ready when the database answers, every committed
// migration is applied, and the job provider can take jobs (this instance's embedded worker runs, when it
// should), and it is not shutting down. The chains are reported, not required: a chain outage is shared by
// every instance, and taking them all out of rotation would only add an outage of the API to it.

/** How long each check may take. */
const CHECK_MS = 2_000;

type Check = { ok: boolean; reason?: string };

export type Readiness = {
  ready: boolean;
  draining: boolean;
  checks: {
    database: Check;
    migrations: Check & { applied?: number; expected?: number; latest?: string | null; pending?: string[] };
    jobs: Check & { provider: 'embedded' | 'inngest'; worker: 'running' | 'stopped' | 'off' | 'inngest' };
  };
  chains: {
    chainId: number;
    name: string;
    reachable: boolean;
    status: string;
    statusReason: string;
    blockNumber: number | null;
  }[];
};

const failed = (reason: string): Check => ({ ok: false, reason });

async function databaseCheck(): Promise<Check> {
  try {
    await withTimeout(getDb().execute(sql`select 1`), CHECK_MS);
    return { ok: true };
  } catch {
    return failed(`the database did not answer within ${CHECK_MS / 1000} s`);
  }
}

async function migrationsCheck(): Promise<Readiness['checks']['migrations']> {
  try {
    const state = await withTimeout(migrationState(getDb()), CHECK_MS);
    return {
      ok: state.pending.length === 0,
      ...(state.pending.length > 0 && {
        reason: `${state.pending.length} committed migration(s) not applied: run the migrations before this version serves`,
      }),
      ...state,
    };
  } catch {
    return failed('the applied migrations could not be read');
  }
}

async function jobsCheck(): Promise<Readiness['checks']['jobs']> {
  if (jobProvider() === 'inngest') {
    const signed = Boolean(process.env.INNGEST_SIGNING_KEY || process.env.INNGEST_DEV);
    return {
      provider: 'inngest',
      worker: 'inngest',
      ok: signed,
      ...(!signed && { reason: 'INNGEST_SIGNING_KEY is not set: Inngest cannot call this instance' }),
    };
  }
  const worker = !embeddedJobsWanted() ? 'off' : embeddedWorker().running ? 'running' : 'stopped';
  try {
    await withTimeout(embeddedQueueReachable(), CHECK_MS);
  } catch {
    return { provider: 'embedded', worker, ...failed('the embedded job queue did not answer') };
  }
  if (worker === 'stopped')
    return {
      provider: 'embedded',
      worker,
      ...failed(
        'the embedded worker is not running: it did not start (see the log), or the instance is draining',
      ),
    };
  return { provider: 'embedded', worker, ok: true };
}

async function chainsReport(): Promise<Readiness['chains']> {
  const chains = enabledChains();
  await Promise.all(chains.map((chain) => ensurePolled(chain, CHECK_MS)));
  return chains.map((chain) => {
    const status = chainStatus(chain);
    return {
      chainId: chain.chainId,
      name: chain.name,
      reachable: status.blockNumber !== null,
      status: status.status,
      statusReason: status.statusReason,
      blockNumber: status.blockNumber,
    };
  });
}

export async function readiness(): Promise<Readiness> {
  const [database, migrations, jobs, chains] = await Promise.all([
    databaseCheck(),
    migrationsCheck(),
    jobsCheck(),
    chainsReport(),
  ]);
  const draining = isDraining();
  return {
    ready: !draining && database.ok && migrations.ok && jobs.ok,
    draining,
    checks: { database, migrations, jobs },
    chains,
  };
}
