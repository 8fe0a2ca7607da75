// The three example tasks, as a user ships them: bundled by the CLI, uploaded with their schema, bound to a
// legacy profile on anvil and run by the engine (the webhook example through the webhook door).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Address, createPublicClient, http, parseEther } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { DEMO_COUNTER, DEMO_TOKEN } from '@/lib/chains/demo/artifacts';
import { buildTemplate, findTemplate } from '@/lib/functions/templates';
import { upload } from '../support/bundles';
import { tickwork } from '../support/cli';
import { createExe, exeBody, waitForExe } from '../support/executables';
import { newAddress, uniq } from '../support/fixtures';
import { api } from '../support/http';
import { type RunWorld, runToEnd, runWorld } from '../support/runs';
import { createWebhook, secretOf } from '../support/webhooks';

/** The demo contracts the local bootstrap deploys, which the examples' permissions.json name. */
const { counter: COUNTER, token: TOKEN } = LOCAL_DEMO_CONTRACTS;
const chain = createPublicClient({ chain: foundry, transport: http(inject('rpcUrl')) });
const counterCount = () =>
  chain.readContract({ address: COUNTER, abi: DEMO_COUNTER.abi, functionName: 'count' });
const tickOf = (account: Address) =>
  chain.readContract({ address: TOKEN, abi: DEMO_TOKEN.abi, functionName: 'balanceOf', args: [account] });

let w: RunWorld;
let tmp: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'tickwork-examples-'));
  mkdirSync(path.join(tmp, 'config'));
  w = await runWorld();
}, 60_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** `tickwork bundle examples/tasks/<name>`, uploaded with its schema.json; an active executable with `args`. */
async function deployExample(name: string, args: Record<string, unknown>) {
  const out = path.join(tmp, `${name}.zip`);
  const bundled = await tickwork(['bundle', `examples/tasks/${name}`, '--out', out], {
    configHome: path.join(tmp, 'config'),
  });
  expect(bundled.code, bundled.stderr).toBe(0);
  const uploaded = await upload(w.token, readFileSync(out), {
    workspaceId: w.workspaceId,
    projectId: w.projectId,
    taskName: `${name}-${uniq()}`,
    schema: readFileSync(`examples/tasks/${name}/schema.json`, 'utf8'),
  });
  expect(uploaded.status, uploaded.text).toBe(200);
  const created = await createExe(
    w.token,
    exeBody({ ...w, functionId: uploaded.body.taskId, secretId: '' }, { args: JSON.stringify(args) }),
  );
  expect(created.status, created.text).toBe(201);
  return (await waitForExe(w.token, created.body.data.id, (e) => e.state === 'active')).exe;
}

/**
 * A template of the console's gallery, built as the console builds it and uploaded without a schema (the ZIP
 * carries it); an active executable with `args`, or with none (the release's default args).
 */
async function deployTemplate(id: string, args?: Record<string, unknown>) {
  const template = findTemplate(id);
  if (!template) throw new Error(`no template ${id}`);
  const built = await buildTemplate(template);
  const uploaded = await upload(w.token, Buffer.from(built.zip), {
    workspaceId: w.workspaceId,
    projectId: w.projectId,
    taskName: `${id}-${uniq()}`,
  });
  expect(uploaded.status, uploaded.text).toBe(200);
  const release = await api(`/api/v1/functions/${uploaded.body.taskId}`, { token: w.token });
  expect(release.body.data.schema, 'the args schema came with the ZIP').not.toBeNull();
  const created = await createExe(
    w.token,
    exeBody(
      { ...w, functionId: uploaded.body.taskId, secretId: '' },
      args ? { args: JSON.stringify(args) } : {},
    ),
  );
  expect(created.status, created.text).toBe(201);
  return (await waitForExe(w.token, created.body.data.id, (e) => e.state === 'active')).exe;
}

describe('the examples run on the engine', () => {
  it('storage-counter: calls increment() on odd runs and skips even ones, counting in storage', async () => {
    const exe = await deployExample('storage-counter', { counter: COUNTER });
    const before = await counterCount();
    const outcomes = [];
    for (let run = 0; run < 3; run++) outcomes.push((await runToEnd(w.token, exe.id)).execution);
    expect(outcomes.map((e) => e.status)).toEqual(['confirmed', 'skipped', 'confirmed']);
    // the record says which runner serves the runtime it asked for, and each run which runner ran it
    expect(exe).toMatchObject({ sandboxRuntime: 'daytona', sandboxRunner: 'isolate' });
    expect(outcomes.map((e) => e.runner)).toEqual(['isolate', 'isolate', 'isolate']);
    // two confirmed increments from the profile, on the real DemoCounter (other tests may add their own)
    expect(await counterCount()).toBeGreaterThanOrEqual(before + 2n);
    expect(
      await chain.readContract({
        address: COUNTER,
        abi: DEMO_COUNTER.abi,
        functionName: 'incrementsBy',
        args: [w.address as Address],
      }),
    ).toBe(2n);
    expect(outcomes[1].message).toBe('run 2: skipping every other run');
    expect(outcomes[0].calls).toEqual([{ to: COUNTER, selector: '0xd09de08a' }]);
    const storage = await api(`/api/v1/executables/${exe.id}/storage`, { token: w.token });
    expect(storage.body.data.value).toEqual({ runs: 3 });
  });

  it('balance-threshold: reads the TICK balance through viem on ctx.chain and tops up only below the threshold', async () => {
    const account = newAddress();
    const threshold = parseEther('50').toString();
    const exe = await deployExample('balance-threshold', { account, token: TOKEN, threshold, refill: TOKEN });
    const low = await runToEnd(w.token, exe.id);
    expect(low.execution).toMatchObject({
      status: 'confirmed',
      message: `balance 0 < ${threshold} (units of ${TOKEN}): topping up`,
    });
    expect(low.execution.rpcRequests).toBeGreaterThan(0);
    expect(await tickOf(account)).toBe(parseEther('100'));
    const high = await runToEnd(w.token, exe.id);
    expect(high.execution.status).toBe('skipped');
    expect(high.execution.message).toMatch(`is not below the threshold ${threshold}`);
    expect(await tickOf(account)).toBe(parseEther('100'));
  });

  it('webhook-args: custom args through the webhook door, checked against its schema', async () => {
    const exe = await deployExample('webhook-args', { recipient: newAddress(), amount: '1' });
    const hook = await createWebhook(w.token, exe.id, { name: 'payouts' });
    const door = `/api/hooks/${secretOf(hook.body.data.url)}`;
    const recipient = newAddress();
    const profileTick = await tickOf(w.address as Address);
    const paid = await api(door, { method: 'POST', body: { recipient, amount: '25' } });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'confirmed', message: `transfer 25 to ${recipient}` });
    expect(paid.body.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await tickOf(recipient)).toBe(25n);
    expect(await tickOf(w.address as Address)).toBe(profileTick - 25n);
    const refused = await api(door, { method: 'POST', body: { recipient, amount: 25 } });
    expect([refused.status, refused.body.code]).toEqual([422, 'invalid_arguments']);
  });
});

describe("the console's Gelato- and Defender-style templates run unedited", () => {
  it('gelato-counter: increments with its userArgs.json defaults, then waits out its interval', async () => {
    const exe = await deployTemplate('gelato-counter');
    const before = await counterCount();
    const first = await runToEnd(w.token, exe.id);
    expect(first.execution).toMatchObject({ status: 'confirmed' });
    expect(first.execution.calls).toEqual([{ to: COUNTER, selector: '0xd09de08a' }]);
    expect(await counterCount()).toBeGreaterThan(before);
    const second = await runToEnd(w.token, exe.id);
    expect(second.execution.status).toBe('skipped');
    expect(second.execution.message).toMatch(/^block \d+: next increment in \d+ s$/);
  });

  it('defender-counter: reads count() through the relay signer provider and increments below its target', async () => {
    const target = ((await counterCount()) + 1000n).toString();
    const below = await runToEnd(
      w.token,
      (await deployTemplate('defender-counter', { counter: COUNTER, target })).id,
    );
    expect(below.execution.status).toBe('confirmed');
    expect(below.execution.calls).toEqual([{ to: COUNTER, selector: '0xd09de08a' }]);
    const reached = await deployTemplate('defender-counter', { counter: COUNTER, target: '1' });
    const skipped = await runToEnd(w.token, reached.id);
    expect(skipped.execution.status).toBe('skipped');
  });
});
