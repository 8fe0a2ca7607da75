// The local ERC-4337 infrastructure next to anvil: Pimlico's `alto` bundler (a child process) and Pimlico's mock
// paymaster (an in-process HTTP server that signs every sponsorship request). Node-only, like anvil.ts: run by
// the start command and the test harness, never imported by routes.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestClient, type Hex, http, parseEther } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { freePort } from '@/lib/net/free-port';
import { LOCAL_CHAIN_CONTRACTS } from './contracts';

export type LocalBundler = { bundlerUrl: string; paymasterUrl: string; stop: () => Promise<void> };

const require = createRequire(import.meta.url);

/**
 * anvil's funded test accounts #8 and #9 (from its well-known mnemonic): the operator is #0 and the tests use
 * fresh keys, so these two are alto's alone — its executor signs the bundles, its utility account refills it.
 */
const EXECUTOR_KEY: Hex = '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97';
const UTILITY_KEY: Hex = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';

/**
 * The mock paymaster's singleton paymasters read and fund their deposit on EntryPoint 0.6 too, which the
 * bootstrap does not deploy; this stub at 0.6's canonical address answers `balanceOf` with 0 and accepts any
 * value (`depositTo`), which is all the mock does with it. Runtime: `if callvalue { stop } else { return 32 zero bytes }`.
 */
const ENTRY_POINT_06: Hex = '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789';
const ENTRY_POINT_06_STUB: Hex = '0x3415600657005b60206000f3';

async function answers(url: string, method: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    });
    return res.ok;
  } catch {
    return false;
  }
}

function altoScript(): string {
  // The package's exports hide its CLI entry; resolve the package root through its main module.
  const main = require.resolve('@pimlico/alto');
  return path.join(main.slice(0, main.lastIndexOf(`${path.sep}esm${path.sep}`)), 'esm', 'cli', 'alto.js');
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}

async function startAlto(rpcUrl: string, port: number): Promise<{ url: string; child: ChildProcess }> {
  const url = `http://127.0.0.1:${port}`;
  const args = [
    // alto listens on every interface; the preload keeps it on loopback.
    '--require',
    fileURLToPath(new URL('./loopback-only.cjs', import.meta.url)),
    altoScript(),
    '--entrypoints',
    `${LOCAL_CHAIN_CONTRACTS.entryPoint07},${LOCAL_CHAIN_CONTRACTS.entryPoint08}`,
    '--executor-private-keys',
    EXECUTOR_KEY,
    '--utility-private-key',
    UTILITY_KEY,
    '--rpc-url',
    rpcUrl,
    '--port',
    String(port),
    // anvil has no debug_traceCall with the ERC-7562 tracer the safe mode needs.
    '--safe-mode',
    'false',
    // anvil mines on demand: poll for receipts often; look for operations to bundle every 100 ms (alto's bundling
    // loop runs at this interval even with an empty mempool: at 10 ms it alone kept 3 % of a core busy)
    '--block-time',
    '100',
    '--min-bundle-interval',
    '100',
    '--log-level',
    process.env.TICKWORK_BUNDLER_LOG_LEVEL ?? 'warn',
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 300; i++) {
    if (await answers(url, 'eth_supportedEntryPoints')) return { url, child };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopChild(child);
  throw new Error('the alto bundler did not start');
}

async function startPaymaster(rpcUrl: string, bundlerUrl: string) {
  // The mock paymaster (through prool) uses Promise.withResolvers, which Node 20 lacks; hence the dynamic import.
  const promises = Promise as unknown as { withResolvers?: () => unknown };
  promises.withResolvers ??= () => {
    let resolve!: (value: unknown) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
  const testClient = createTestClient({ chain: foundry, mode: 'anvil', transport: http(rpcUrl) });
  await testClient.setCode({ address: ENTRY_POINT_06, bytecode: ENTRY_POINT_06_STUB });
  const { paymaster } = await import('@pimlico/mock-paymaster');
  const port = await freePort();
  const instance = paymaster({ anvilRpc: rpcUrl, altoRpc: bundlerUrl, port, host: '127.0.0.1' });
  await instance.start();
  return { url: `http://127.0.0.1:${port}`, stop: () => instance.stop() };
}

/**
 * Starts alto (EntryPoints 0.7 and 0.8) and the mock paymaster against the anvil at `rpcUrl` on free ports, and
 * resolves once both answer. `stop` ends both.
 */
export async function startLocalBundler(rpcUrl: string): Promise<LocalBundler> {
  // The executor and utility accounts keep anvil's 10000 ETH unless a state file spent them: top them up.
  const testClient = createTestClient({ chain: foundry, mode: 'anvil', transport: http(rpcUrl) });
  for (const key of [EXECUTOR_KEY, UTILITY_KEY])
    await testClient.setBalance({ address: privateKeyToAddress(key), value: parseEther('10000') });
  // Side by side (their setup transactions come from different accounts): the paymaster only needs alto's URL.
  const altoPort = await freePort();
  const [alto, paymaster] = await Promise.allSettled([
    startAlto(rpcUrl, altoPort),
    startPaymaster(rpcUrl, `http://127.0.0.1:${altoPort}`),
  ]);
  if (alto.status === 'rejected' || paymaster.status === 'rejected') {
    if (alto.status === 'fulfilled') await stopChild(alto.value.child);
    if (paymaster.status === 'fulfilled') await paymaster.value.stop().catch(() => {});
    throw alto.status === 'rejected' ? alto.reason : (paymaster as PromiseRejectedResult).reason;
  }
  return {
    bundlerUrl: alto.value.url,
    paymasterUrl: paymaster.value.url,
    stop: async () => {
      await paymaster.value.stop().catch(() => {});
      await stopChild(alto.value.child);
    },
  };
}
