import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bootDatabase } from '@/db/bootstrap';
import { startAnvil } from '@/lib/chains/anvil';
import { bootstrapLocalChain } from '@/lib/chains/bootstrap';
import { type LocalBundler, startLocalBundler } from '@/lib/chains/bundler';
import { DATA_DIR } from '@/lib/config/paths';
import { nextArgs } from './next';

/** A secret generated once into `.data/` when its env var is not given. */
export function localSecret(name: string, envValue: string | undefined): string {
  if (envValue) return envValue;
  const file = path.join(DATA_DIR, name);
  if (!existsSync(file)) {
    mkdirSync(DATA_DIR, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

export type Stack = { env: NodeJS.ProcessEnv; stop: () => Promise<void> };

/**
 * The embedded infrastructure: Postgres (unless `DATABASE_URL`) migrated, and the local anvil chain (unless
 * `TICKWORK_CHAINS` names real chains) with its contracts bootstrapped and an ERC-4337 bundler and mock
 * paymaster on it. Returns the environment the app needs.
 */
export async function bootInfrastructure(): Promise<Stack> {
  const database = await bootDatabase({ embeddedDir: path.join(DATA_DIR, 'pg') });
  const chain = process.env.TICKWORK_CHAINS
    ? null
    : await startAnvil({
        port: Number(process.env.TICKWORK_ANVIL_PORT ?? 8545),
        stateFile: path.join(DATA_DIR, 'anvil-state.json'),
      });
  let bundler: LocalBundler | null = null;
  if (chain) {
    try {
      await bootstrapLocalChain(chain.rpcUrl);
      bundler = await startLocalBundler(chain.rpcUrl);
    } catch (error) {
      await chain.stop();
      await database.stop();
      throw error;
    }
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    AUTH_SECRET: localSecret('auth-secret', process.env.AUTH_SECRET),
    AUTH_TRUST_HOST: process.env.AUTH_TRUST_HOST ?? 'true',
    NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? '1',
    ...(chain && { TICKWORK_LOCAL_RPC_URL: chain.rpcUrl }),
    ...(bundler && {
      TICKWORK_LOCAL_BUNDLER_URL: bundler.bundlerUrl,
      TICKWORK_LOCAL_PAYMASTER_URL: bundler.paymasterUrl,
    }),
  };
  return {
    env,
    stop: async () => {
      await bundler?.stop();
      await chain?.stop();
      await database.stop();
    },
  };
}

export function runNext(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, nextArgs(args), {
    stdio: 'inherit',
    env,
  });
}
