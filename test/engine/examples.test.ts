// The three example tasks, as a user ships them: bundled by the CLI, uploaded with their schema, bound to a
// legacy profile on anvil and run by the engine (the webhook example through the webhook door).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEther, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '../support/bundles';
import { tickwork } from '../support/cli';
import { createExe, exeBody, waitForExe } from '../support/executables';
import { newAddress, uniq } from '../support/fixtures';
import { api } from '../support/http';
import { rpc } from '../support/profiles';
import { balanceOf, type RunWorld, runToEnd, runWorld } from '../support/runs';
import { createWebhook, secretOf } from '../support/webhooks';

/** The contracts the examples' permissions.json name; any code that accepts every call stands in for them. */
const COUNTER = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const REFILL = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const TOKEN = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const ACCEPT_ALL = '0x00'; // STOP: every call succeeds

let w: RunWorld;
let tmp: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'tickwork-examples-'));
  mkdirSync(path.join(tmp, 'config'));
  for (const address of [COUNTER, REFILL, TOKEN]) await rpc('anvil_setCode', [address, ACCEPT_ALL]);
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

describe('the examples run on the engine', () => {
  it('storage-counter: calls increment() on odd runs and skips even ones, counting in storage', async () => {
    const exe = await deployExample('storage-counter', { counter: COUNTER });
    const outcomes = [];
    for (let run = 0; run < 3; run++) outcomes.push((await runToEnd(w.token, exe.id)).execution);
    expect(outcomes.map((e) => e.status)).toEqual(['confirmed', 'skipped', 'confirmed']);
    expect(outcomes[1].message).toBe('run 2: skipping every other run');
    expect(outcomes[0].calls).toEqual([{ to: COUNTER, selector: '0xd09de08a' }]);
    const storage = await api(`/api/v1/executables/${exe.id}/storage`, { token: w.token });
    expect(storage.body.data.value).toEqual({ runs: 3 });
  });

  it('balance-threshold: reads the balance through viem on ctx.chain and tops up only below the threshold', async () => {
    const account = newAddress();
    const exe = await deployExample('balance-threshold', { account, threshold: '1000', refill: REFILL });
    const low = await runToEnd(w.token, exe.id);
    expect(low.execution).toMatchObject({
      status: 'confirmed',
      message: 'balance 0 < 1000 (wei): topping up',
    });
    expect(low.execution.rpcRequests).toBeGreaterThan(0);
    await rpc('anvil_setBalance', [account, toHex(parseEther('1'))]);
    const high = await runToEnd(w.token, exe.id);
    expect(high.execution.status).toBe('skipped');
    expect(high.execution.message).toMatch(/is not below the threshold 1000/);
    expect(await balanceOf(account)).toBe(parseEther('1'));
  });

  it('webhook-args: custom args through the webhook door, checked against its schema', async () => {
    const exe = await deployExample('webhook-args', { recipient: newAddress(), amount: '1' });
    const hook = await createWebhook(w.token, exe.id, { name: 'payouts' });
    const door = `/api/hooks/${secretOf(hook.body.data.url)}`;
    const recipient = newAddress();
    const paid = await api(door, { method: 'POST', body: { recipient, amount: '25' } });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'confirmed', message: `transfer 25 to ${recipient}` });
    expect(paid.body.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const refused = await api(door, { method: 'POST', body: { recipient, amount: 25 } });
    expect([refused.status, refused.body.code]).toEqual([422, 'invalid_arguments']);
  });
});
