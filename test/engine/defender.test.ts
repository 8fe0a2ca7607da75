// Defender Actions as their authors wrote them (test/corpus/defender): bundled by the CLI's buildRelease,
// uploaded over HTTP, bound to a legacy profile on anvil and run by the engine. The relayer's transactions
// become the run's calls, submitted from the profile.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { type Address, createPublicClient, http } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { DEMO_COUNTER } from '@/lib/chains/demo/artifacts';
import { buildRelease } from '@/lib/functions/build/build-release';
import { KV_STORAGE_KEY } from '@/sdk/compat/defender/kvstore';
import { upload } from '../support/bundles';
import { defenderAction } from '../support/defender-corpus';
import { createExe, exeBody, waitForExe } from '../support/executables';
import { uniq } from '../support/fixtures';
import { api } from '../support/http';
import { type RunWorld, runToEnd, runWorld } from '../support/runs';
import { createWebhook, secretOf } from '../support/webhooks';

const COUNTER = LOCAL_DEMO_CONTRACTS.counter;
const chain = createPublicClient({ chain: foundry, transport: http(inject('rpcUrl')) });
const counterCount = () =>
  chain.readContract({ address: COUNTER, abi: DEMO_COUNTER.abi, functionName: 'count' });
const incrementsBy = (caller: string) =>
  chain.readContract({
    address: COUNTER,
    abi: DEMO_COUNTER.abi,
    functionName: 'incrementsBy',
    args: [caller as Address],
  });

let w: RunWorld;
const folders: string[] = [];

beforeAll(async () => {
  w = await runWorld();
}, 60_000);
afterAll(() => {
  for (const dir of folders) rmSync(path.dirname(dir), { recursive: true, force: true });
});

/** Bundles the corpus action, uploads it (with `schema`, if any) and creates an active executable. */
async function deployAction(
  name: string,
  ethers: 5 | 6 | null,
  exe: Record<string, unknown>,
  schema?: Record<string, unknown>,
) {
  const dir = defenderAction(name, ethers);
  folders.push(dir);
  const built = await buildRelease(dir);
  expect(built.adapter).toBe('defender');
  const uploaded = await upload(w.token, Buffer.from(built.zip), {
    workspaceId: w.workspaceId,
    projectId: w.projectId,
    taskName: `${name}-${uniq()}`,
    ...(schema && { schema: JSON.stringify(schema) }),
  });
  expect(uploaded.status, uploaded.text).toBe(200);
  const created = await createExe(
    w.token,
    exeBody({ ...w, functionId: uploaded.body.taskId, secretId: '' }, exe),
  );
  expect(created.status, created.text).toBe(201);
  return (await waitForExe(w.token, created.body.data.id, (e) => e.state === 'active')).exe;
}

describe('Defender Actions on the engine', () => {
  it('CommonJS + defender-relay-client/lib/ethers (ethers v5): the signer’s contract call is submitted from the profile', async () => {
    const exe = await deployAction('relayer-signer-v5', 5, { args: JSON.stringify({ counter: COUNTER }) });
    const [before, mine] = [await counterCount(), await incrementsBy(w.address)];
    const { execution, logs } = await runToEnd(w.token, exe.id);
    expect(execution.status, JSON.stringify(execution)).toBe('confirmed');
    // the demo counter is shared: other test files may increment it while the run reads it
    const read = execution.message?.match(new RegExp(`^increment from (\\d+) by ${w.address}$`));
    expect(read, execution.message).not.toBeNull();
    expect(BigInt(read?.[1] ?? -1)).toBeGreaterThanOrEqual(before);
    expect(BigInt(read?.[1] ?? -1)).toBeLessThan(await counterCount());
    expect(execution.calls).toEqual([{ to: COUNTER, selector: '0xd09de08a' }]);
    expect(execution.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    // the hash the action logged is the placeholder, not the submitted transaction's
    expect(logs.find((l) => l.message.startsWith('relayer'))?.message).toMatch(
      new RegExp(`^relayer ${w.address} sent 0x7469636b776f726b[0-9a-f]{48}$`),
    );
    expect(await incrementsBy(w.address)).toBe(mine + 1n);
  });

  it('ESM + @openzeppelin/defender-sdk (ethers v6): confirmed below the threshold, skipped at it', async () => {
    const value = `note-${uniq()}`;
    const secret = await api('/api/v1/secrets', {
      method: 'POST',
      token: w.token,
      body: { projectId: w.projectId, name: `NOTE_${uniq()}`, value },
    });
    expect(secret.status, secret.text).toBe(201);
    const secretBindings = [{ secretId: secret.body.data.id, envKey: 'NOTE' }];
    const below = await deployAction('sdk-threshold-v6', 6, {
      args: JSON.stringify({ counter: COUNTER, max: '1000000000' }),
      secretBindings,
    });
    const mine = await incrementsBy(w.address);
    const sent = await runToEnd(w.token, below.id);
    expect(sent.execution.status, JSON.stringify(sent.execution)).toBe('confirmed');
    expect(sent.execution.message).toMatch(/^count \d+ below 1000000000: increment$/);
    // tx.wait() answered at once with the pending receipt (no status inside the run)
    expect(sent.logs.some((l) => /receipt status null$/.test(l.message))).toBe(true);
    expect(await incrementsBy(w.address)).toBe(mine + 1n);

    const reached = await deployAction('sdk-threshold-v6', 6, {
      args: JSON.stringify({ counter: COUNTER, max: '0' }),
      secretBindings,
    });
    const before = await counterCount();
    const skipped = await runToEnd(w.token, reached.id);
    expect(skipped.execution.status).toBe('skipped');
    const after = await counterCount();
    // the demo counter is shared: other test files may increment it while the run reads it
    const read = skipped.execution.message?.match(
      new RegExp(`^count (\\d+) reached 0 \\(threshold-action, note of ${value.length}\\)$`),
    );
    expect(read, skipped.execution.message).not.toBeNull();
    expect(BigInt(read?.[1] ?? -1)).toBeGreaterThanOrEqual(before);
    expect(BigInt(read?.[1] ?? -1)).toBeLessThanOrEqual(after);
    expect(await incrementsBy(w.address)).toBe(mine + 1n);
  });

  it('defender-kvstore-client: values persist across runs in the executable’s storage', async () => {
    const exe = await deployAction('kvstore-runs', null, {});
    const first = await runToEnd(w.token, exe.id);
    const second = await runToEnd(w.token, exe.id);
    expect([first.execution.status, first.execution.message]).toEqual(['skipped', 'run 1']);
    expect([second.execution.status, second.execution.message]).toEqual(['skipped', 'run 2']);
    const storage = await api(`/api/v1/executables/${exe.id}/storage`, { token: w.token });
    expect(storage.body.data.value).toEqual({ [KV_STORAGE_KEY]: { runs: '2', last: second.execution.id } });
  });

  it('the webhook body is event.request.body; Relayer.sendTransaction calls are submitted', async () => {
    const schema = {
      type: 'object',
      properties: { counter: { type: 'string' }, times: { type: 'integer', minimum: 1, maximum: 3 } },
      required: ['counter', 'times'],
    };
    const exe = await deployAction(
      'webhook-relayer',
      null,
      { args: JSON.stringify({ counter: COUNTER, times: 1 }) },
      schema,
    );
    const hook = await createWebhook(w.token, exe.id, { name: 'defender' });
    const mine = await incrementsBy(w.address);
    const called = await api(`/api/hooks/${secretOf(hook.body.data.url)}`, {
      method: 'POST',
      body: { counter: COUNTER, times: 2 },
    });
    expect(called.status, called.text).toBe(200);
    expect(called.body.data).toMatchObject({ status: 'confirmed', message: `2 increments of ${COUNTER}` });
    expect(await incrementsBy(w.address)).toBe(mine + 2n);
  });

  it('a call that would revert throws in the action (gas estimate): its catch runs and only the fallback is submitted', async () => {
    const exe = await deployAction('fallback-on-revert-v5', 5, {
      args: JSON.stringify({ token: LOCAL_DEMO_CONTRACTS.token, counter: COUNTER }),
    });
    const mine = await incrementsBy(w.address);
    const { execution, logs } = await runToEnd(w.token, exe.id);
    expect(execution.status, JSON.stringify(execution)).toBe('confirmed');
    expect(execution.message).toBe('fell back to increment');
    expect(execution.calls).toEqual([{ to: COUNTER, selector: '0xd09de08a' }]);
    expect(logs.map((l) => l.message)).toContain(
      'transferFrom would revert (UNPREDICTABLE_GAS_LIMIT): falling back',
    );
    expect(await incrementsBy(w.address)).toBe(mine + 1n);
  });

  it('a returned tx.hash is the real hash in the message; an object return is in the webhook answer', async () => {
    const exe = await deployAction(
      'webhook-returns-hash',
      null,
      { args: JSON.stringify({ counter: COUNTER, shape: 'hash' }) },
      { type: 'object', properties: { counter: { type: 'string' }, shape: { type: 'string' } } },
    );
    const hook = await createWebhook(w.token, exe.id, { name: 'returns' });
    const call = (shape: string) =>
      api(`/api/hooks/${secretOf(hook.body.data.url)}`, {
        method: 'POST',
        body: { counter: COUNTER, shape },
      });

    const alone = await call('hash');
    expect(alone.status, alone.text).toBe(200);
    expect(alone.body.data.status).toBe('confirmed');
    expect(alone.body.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(alone.body.data.message).toBe(alone.body.data.txHash);

    const inObject = await call('object');
    expect(inObject.status, inObject.text).toBe(200);
    expect(inObject.body.data.status).toBe('confirmed');
    expect(JSON.parse(inObject.body.data.message)).toEqual({
      hash: inObject.body.data.txHash,
      to: COUNTER,
      nonce: 0,
    });
    const execution = (await api(`/api/v1/executions/${inObject.body.data.id}`, { token: w.token })).body
      .data;
    expect(execution.message).toBe(inObject.body.data.message);
  });

  it('an unsupported API fails the run with a message naming it', async () => {
    const exe = await deployAction('unsupported-sign', null, {});
    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution.status).toBe('failed');
    expect(execution.error).toMatchObject({ code: 'task_threw' });
    expect(execution.error.message).toContain('Relayer.sign is not supported on Tickwork');
  });
});
