// A selection of the public corpus (test/corpus/public) on the engine, as a user deploys it: bundled unmodified
// by the CLI's buildRelease, uploaded over HTTP, bound to a legacy profile with the secrets and args its
// corpus.json names (Defender's lower-case stack secret names included), and run. Every Defender template that
// bundles runs: the two that send confirm with their on-chain effect, the monitors end skipped with their report.
// A Defender autotask example (its local-run block bundled away) and a Gelato template that send confirm too.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Address,
  createPublicClient,
  encodeAbiParameters,
  getAddress,
  http,
  keccak256,
  pad,
  parseAbi,
  toHex,
} from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildRelease } from '@/lib/functions/build/build-release';
import { upload } from '../support/bundles';
import { createExe, exeBody, waitForExe } from '../support/executables';
import { uniq } from '../support/fixtures';
import { api } from '../support/http';
import { rpc } from '../support/profiles';
import {
  authorFolder,
  fill,
  readEntry,
  STAND_IN,
  standInCode,
  startHttpStandIn,
} from '../support/public-corpus';
import { type RunWorld, runToEnd, runWorld } from '../support/runs';

const STAND_IN_ABI = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function count() view returns (uint256)',
  'function price() view returns (uint256)',
]);
/** CorpusStandIn's `balanceOf` mapping is its fifth state variable (slot 4). */
const BALANCE_SLOT = 4n;
const DEAD = '0x000000000000000000000000000000000000dEaD';

const chain = createPublicClient({ chain: foundry, transport: http(inject('rpcUrl')) });
const read = (address: Address, functionName: 'count' | 'price') =>
  chain.readContract({ address, abi: STAND_IN_ABI, functionName });
const balanceAt = (account: Address) =>
  chain.readContract({ address: STAND_IN, abi: STAND_IN_ABI, functionName: 'balanceOf', args: [account] });

let w: RunWorld;
let httpStandIn: Server;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'engine-public-corpus-'));
  [w, httpStandIn] = await Promise.all([runWorld(), startHttpStandIn()]);
  const code = standInCode();
  const names = [
    'defender-templates/refill-tokens',
    'defender-autotask-examples/simple-keeper',
    'gelato-template/secrets',
  ];
  for (const address of new Set([STAND_IN, ...names.flatMap((name) => readEntry(name).standIns ?? [])]))
    await rpc('anvil_setCode', [address, code]);
  // the refill template tops up only a recipient below its minimum: 0xdEaD starts empty on the stand-in
  const slot = keccak256(
    encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [DEAD, BALANCE_SLOT]),
  );
  await rpc('anvil_setStorageAt', [STAND_IN, slot, pad(toHex(0))]);
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => httpStandIn?.close(resolve));
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The entry bundled from its author's folder, uploaded, and an active executable with its secrets and args. */
async function deploy(name: string) {
  const entry = readEntry(name);
  const base = `http://127.0.0.1:${(httpStandIn.address() as AddressInfo).port}`;
  const built = await buildRelease(authorFolder(root, name, entry));
  const uploaded = await upload(w.token, Buffer.from(built.zip), {
    workspaceId: w.workspaceId,
    projectId: w.projectId,
    taskName: `${path.basename(name)}-${uniq()}`,
  });
  expect(uploaded.status, uploaded.text).toBe(200);
  const secretBindings = [];
  for (const [envKey, value] of Object.entries(
    (fill(entry.secrets ?? {}, base) ?? {}) as Record<string, string>,
  )) {
    const secret = await api('/api/v1/secrets', {
      method: 'POST',
      token: w.token,
      body: { projectId: w.projectId, name: `CORPUS_${uniq()}`, value },
    });
    expect(secret.status, secret.text).toBe(201);
    secretBindings.push({ secretId: secret.body.data.id, envKey });
  }
  const created = await createExe(
    w.token,
    exeBody(
      { ...w, functionId: uploaded.body.taskId, secretId: '' },
      {
        secretBindings,
        ...(entry.args && { args: JSON.stringify(fill(entry.args, base)) }),
      },
    ),
  );
  expect(created.status, created.text).toBe(201);
  return (await waitForExe(w.token, created.body.data.id, (e) => e.state === 'active')).exe;
}

async function runEntry(name: string) {
  const exe = await deploy(name);
  return (await runToEnd(w.token, exe.id)).execution;
}

describe('the public corpus on the engine', () => {
  it('Defender templates that send confirm with their effect: refill-tokens tops up, mint-poap mints', async () => {
    const refilled = await runEntry('defender-templates/refill-tokens');
    expect(refilled.status, JSON.stringify(refilled)).toBe('confirmed');
    expect(refilled.calls).toEqual([{ to: getAddress(STAND_IN), selector: '0x40c10f19' }]);
    expect(await balanceAt(DEAD)).toBe(1000n);

    const recipient = readEntry('defender-templates/mint-poap').args?.address as Address;
    const before = await balanceAt(recipient);
    const minted = await runEntry('defender-templates/mint-poap');
    expect(minted.status, JSON.stringify(minted)).toBe('confirmed');
    expect(await balanceAt(recipient)).toBe(before + 1n);
  });

  it('Defender monitor templates run and end skipped with their report', async () => {
    const ran = await Promise.all(
      [
        'defender-templates/account-low-on-gas',
        'defender-templates/governance-alert',
        'defender-templates/governance-summary',
        'defender-templates/governor-automation',
      ].map(runEntry),
    );
    for (const execution of ran) expect(execution.status, JSON.stringify(execution)).toBe('skipped');
    expect(ran[0].message).toContain('"minimum":"1.0"');
    expect(ran[1].message).toContain('**Canceled Proposal** Proposal 42');
  });

  it('an autotask example and a Gelato template that send confirm: the keeper works, the oracle is updated', async () => {
    const keeperJob = readEntry('defender-autotask-examples/simple-keeper').standIns?.[0] as Address;
    const oracle = readEntry('gelato-template/secrets').standIns?.[0] as Address;
    const worked = await read(keeperJob, 'count');
    const [keeper, gelato] = await Promise.all([
      runEntry('defender-autotask-examples/simple-keeper'),
      runEntry('gelato-template/secrets'),
    ]);
    expect(keeper.status, JSON.stringify(keeper)).toBe('confirmed');
    expect(await read(keeperJob, 'count')).toBe(worked + 1n);
    expect(gelato.status, JSON.stringify(gelato)).toBe('confirmed');
    expect(await read(oracle, 'price')).toBe(3141n);
  });
});
