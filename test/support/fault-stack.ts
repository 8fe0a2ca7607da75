import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '@/db/embedded';
import { type LocalChain, startAnvil } from '@/lib/chains/anvil';
import { bootstrapLocalChain } from '@/lib/chains/bootstrap';
import { type LocalBundler, startLocalBundler } from '@/lib/chains/bundler';
import { LOCAL_CHAIN_ID } from '@/lib/chains/config';
import { freePort } from '@/lib/net/free-port';
import { startMigratedPostgres } from './database';
import { type RpcStandIn, startRpcStandIn } from './rpc-standin';
import { type AppProcess, spawnApp, stackDir, testAppEnv } from './stack';
import type { Target } from './target';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/** A Postgres that can be stopped and started again on the same port and data directory. */
export type RestartablePostgres = { url: string; stop: () => Promise<void>; start: () => Promise<void> };

export type FaultStack = {
  databaseUrl: string;
  postgres: RestartablePostgres;
  /** anvil itself, for the test's own reads and cheats (the proxy does not stand in its way). */
  anvilUrl: string;
  /** Between the apps and anvil: cut it to make the chain unreachable for the app. */
  rpcProxy: TcpProxy;
  /** Between `rpcProxy` and anvil when the stack was started with `rpcStandIn`: its rules and send log. */
  rpcStandIn: RpcStandIn | null;
  /** The chain's private transaction endpoint, when the stack was started with `privateEndpoint`. */
  privateEndpoint: RpcStandIn | null;
  /** Between the apps and the alto bundler (when the stack has one). */
  bundlerProxy: TcpProxy | null;
  /** Between `bundlerProxy` and alto, when the stack was started with `bundlerStandIn`. */
  bundlerStandIn: RpcStandIn | null;
  /** The environment every app of this stack runs with. */
  env: NodeJS.ProcessEnv;
  /** The main app (the latest `restartApp`). */
  app: () => AppProcess;
  /** Starts the main app again on its port, database and chain (after a kill). */
  restartApp: () => Promise<AppProcess>;
  /** Another app instance on the same database and chain, on a port of its own (`captureOutput`: its logs). */
  startApp: (env?: Record<string, string>, opts?: { captureOutput?: boolean }) => Promise<AppProcess>;
  /** Where the test helpers should point (`useTarget`): the main app, the database, anvil itself. */
  target: Target;
  stop: () => Promise<void>;
};

/**
 * The embedded Postgres of a fault stack: kept on disk across stops (fsync off through ALTER SYSTEM, as the
 * throw-away stack has it), so a test can stop it mid-run and start it again where it was.
 */
async function restartablePostgres(dataDir: string): Promise<RestartablePostgres> {
  const port = await freePort();
  let running: EmbeddedDatabase | null = await startMigratedPostgres({ dataDir, port });
  const url = running.url;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin`alter system set fsync = off`;
  await admin`alter system set synchronous_commit = off`;
  await admin`select pg_reload_conf()`;
  await admin.end();
  return {
    url,
    stop: async () => {
      await running?.stop();
      running = null;
    },
    start: async () => {
      if (running) return;
      running = await startEmbeddedPostgres({ dataDir, port });
    },
  };
}

export type FaultStackOptions = {
  /** The alto bundler and mock paymaster on the chain, behind `bundlerProxy`. */
  bundler?: boolean;
  /** Puts a JSON-RPC stand-in (`stack.bundlerStandIn`) between `bundlerProxy` and alto. Needs `bundler`. */
  bundlerStandIn?: boolean;
  /**
   * The local chain's own config: the apps get `TICKWORK_CHAINS` with one entry for 31337 (on `rpcProxy`),
   * these fields over the defaults (e.g. a `fees` or `health` policy). Without it the apps use the built-in one.
   */
  chain?: Record<string, unknown>;
  /** Puts the JSON-RPC stand-in (`stack.rpcStandIn`) between `rpcProxy` and anvil. */
  rpcStandIn?: boolean;
  /**
   * A private transaction endpoint (`stack.privateEndpoint`, a JSON-RPC stand-in straight in front of anvil: it
   * forwards a transaction, as a builder includes it, or holds it with `swallowSends`, and never gossips either),
   * named in the chain's config with these settings. Needs `chain`.
   */
  privateEndpoint?: { fallbackAfterBlocks?: number; fallback?: boolean };
  /** Extra environment of every app, over the stack's own. */
  env?: Record<string, string>;
};

/**
 * A deployment whose parts a test can fault one by one: Postgres (restartable in place), anvil behind a TCP proxy
 * (and optionally a JSON-RPC stand-in), optionally the alto bundler (and mock paymaster) behind another, and
 * `next start` apps that can be killed and restarted on the same database and chain. Needs `next build` to have run.
 */
export async function startFaultStack(opts: FaultStackOptions = {}): Promise<FaultStack> {
  if (!existsSync('.next/BUILD_ID')) throw new Error('build the app first: npx next build');
  const dir = stackDir();
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    const pg = await restartablePostgres(path.join(dir, 'pg'));
    cleanups.push(pg.stop);
    const chain: LocalChain = await startAnvil({ port: await freePort() });
    cleanups.push(chain.stop);
    await bootstrapLocalChain(chain.rpcUrl);
    const rpcStandIn = opts.rpcStandIn ? await startRpcStandIn(chain.rpcUrl) : null;
    if (rpcStandIn) cleanups.push(rpcStandIn.close);
    const rpcProxy = await startTcpProxy(rpcStandIn?.url ?? chain.rpcUrl);
    cleanups.push(rpcProxy.close);
    const privateEndpoint = opts.privateEndpoint ? await startRpcStandIn(chain.rpcUrl) : null;
    if (privateEndpoint) cleanups.push(privateEndpoint.close);
    let bundler: LocalBundler | null = null;
    let bundlerProxy: TcpProxy | null = null;
    let bundlerStandIn: RpcStandIn | null = null;
    if (opts.bundler) {
      // alto and the paymaster reach anvil directly: only the app's links are cut
      bundler = await startLocalBundler(chain.rpcUrl);
      cleanups.push(bundler.stop);
      if (opts.bundlerStandIn) {
        bundlerStandIn = await startRpcStandIn(bundler.bundlerUrl);
        cleanups.push(bundlerStandIn.close);
      }
      bundlerProxy = await startTcpProxy(bundlerStandIn?.url ?? bundler.bundlerUrl);
      cleanups.push(bundlerProxy.close);
    }
    const env: NodeJS.ProcessEnv = {
      ...testAppEnv({
        databaseUrl: pg.url,
        dataDir: dir,
        rpcUrl: rpcProxy.url,
        bundler:
          bundler && bundlerProxy
            ? { bundlerUrl: bundlerProxy.url, paymasterUrl: bundler.paymasterUrl }
            : undefined,
      }),
      ...(opts.chain && {
        TICKWORK_CHAINS: JSON.stringify([
          {
            chainId: LOCAL_CHAIN_ID,
            name: 'Anvil (fault stack)',
            network: 'anvil',
            rpcUrl: rpcProxy.url,
            testnet: true,
            ...opts.chain,
            ...(privateEndpoint && {
              privateSubmission: { rpcUrl: privateEndpoint.url, ...opts.privateEndpoint },
            }),
          },
        ]),
      }),
      ...opts.env,
    };

    const apps = new Set<AppProcess>();
    const spawnTracked = async (appEnv: NodeJS.ProcessEnv, port: number, captureOutput = false) => {
      const app = await spawnApp(appEnv, { port, captureOutput });
      apps.add(app);
      return app;
    };
    cleanups.push(async () => {
      await Promise.all([...apps].map((app) => app.kill('SIGKILL')));
    });
    const mainPort = await freePort();
    // the main app's logs are kept, so a failing test can say what the app saw
    let main = await spawnTracked(env, mainPort, true);
    return {
      databaseUrl: pg.url,
      postgres: pg,
      anvilUrl: chain.rpcUrl,
      rpcProxy,
      rpcStandIn,
      privateEndpoint,
      bundlerProxy,
      bundlerStandIn,
      env,
      app: () => main,
      restartApp: async () => {
        main = await spawnTracked(env, mainPort, true);
        return main;
      },
      startApp: async (extra = {}, opts = {}) =>
        spawnTracked({ ...env, ...extra }, await freePort(), opts.captureOutput),
      target: {
        baseUrl: main.baseUrl,
        databaseUrl: pg.url,
        rpcUrl: chain.rpcUrl,
        masterKey: env.TICKWORK_MASTER_KEY as string,
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
