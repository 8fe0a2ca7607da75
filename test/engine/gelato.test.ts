// Gelato Web3 Functions, unmodified (test/corpus/gelato): bundled by the CLI's buildRelease, uploaded over HTTP
// without a schema (schema.json gives it), bound to a legacy profile on anvil and run by the engine to
// confirmed or skipped as their logic says; an unsupported API fails naming it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Address, createPublicClient, http, parseEther } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { DEMO_COUNTER, DEMO_TOKEN } from '@/lib/chains/demo/artifacts';
import { buildRelease } from '@/lib/functions/build/build-release';
import { callbacksOfZip } from '@/lib/runtime/describe-task';
import { makeZip, upload } from '../support/bundles';
import { tickwork } from '../support/cli';
import { createExe, exeBody, waitForExe } from '../support/executables';
import { newAddress, newProject, uniq } from '../support/fixtures';
import { type EthersMajor, gelatoFolder } from '../support/gelato';
import { api } from '../support/http';
import { callbackEnded, type RunWorld, runToEnd, runWorld } from '../support/runs';
import { createWebhook, secretOf } from '../support/webhooks';

const { counter: COUNTER, token: TOKEN } = LOCAL_DEMO_CONTRACTS;
const chain = createPublicClient({ chain: foundry, transport: http(inject('rpcUrl')) });
const incrementsBy = (caller: string) =>
  chain.readContract({
    address: COUNTER,
    abi: DEMO_COUNTER.abi,
    functionName: 'incrementsBy',
    args: [caller as Address],
  });
const tickOf = (account: Address) =>
  chain.readContract({ address: TOKEN, abi: DEMO_TOKEN.abi, functionName: 'balanceOf', args: [account] });

/** A local price API the http-oracle task reads with ky and reports to with axios. */
let price = 42;
const reports: unknown[] = [];
let receiver: Server;
let receiverUrl: string;

let w: RunWorld;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'GET' && req.url === '/price?asset=eth') return res.end(JSON.stringify({ price }));
      if (req.method === 'POST' && req.url === '/report') {
        reports.push({ contentType: req.headers['content-type'], body: JSON.parse(body) });
        return res.end(JSON.stringify({ stored: reports.length }));
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  w = await runWorld();
}, 60_000);
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** Bundles a corpus task, uploads it with no `schema` in the data; answers the release id. */
async function uploadGelato(name: string, ethers: EthersMajor = 5, extra: Record<string, unknown> = {}) {
  const built = await buildRelease(gelatoFolder(name, ethers));
  expect(built.adapter).toBe('gelato');
  const uploaded = await upload(w.token, Buffer.from(built.zip), {
    workspaceId: w.workspaceId,
    projectId: w.projectId,
    taskName: `gelato-${name}-${uniq()}`,
    ...extra,
  });
  expect(uploaded.status, uploaded.text).toBe(200);
  return uploaded.body.taskId as string;
}

async function activeExe(functionId: string, args?: Record<string, unknown>) {
  const created = await createExe(
    w.token,
    exeBody({ ...w, functionId, secretId: '' }, args === undefined ? {} : { args: JSON.stringify(args) }),
  );
  expect(created.status, created.text).toBe(201);
  return (await waitForExe(w.token, created.body.data.id, (e) => e.state === 'active')).exe;
}

const release = async (id: string) => (await api(`/api/v1/functions/${id}`, { token: w.token })).body.data;

describe('Gelato Web3 Functions on the engine', () => {
  it('ethers v5: reads through multiChainProvider, increments once, then skips; schema.json and userArgs.json shape the release', async () => {
    const functionId = await uploadGelato('ethers5-counter');
    const rel = await release(functionId);
    expect(JSON.parse(rel.schema)).toEqual({
      type: 'object',
      properties: { counter: { type: 'string' }, caller: { type: 'string' }, target: { type: 'number' } },
      required: ['counter', 'caller', 'target'],
      additionalProperties: false,
    });
    expect(rel.limits).toEqual({ memoryMb: 128, timeoutMs: 10_000 });
    expect(JSON.parse(rel.defaultArgs)).toEqual({
      counter: COUNTER,
      caller: '0x0000000000000000000000000000000000000001',
      target: 1,
    });
    // created without args: the release's default args (userArgs.json)
    const byDefault = await activeExe(functionId);
    expect(JSON.parse(byDefault.args)).toEqual(JSON.parse(rel.defaultArgs));

    const exe = await activeExe(functionId, { counter: COUNTER, caller: w.address, target: 1 });
    const first = await runToEnd(w.token, exe.id);
    expect(first.execution.status, JSON.stringify(first)).toBe('confirmed');
    expect(await incrementsBy(w.address)).toBe(1n);
    const logs = first.logs.map((l) => l.message);
    expect(logs.some((l) => new RegExp(`^chain 31337, gas price \\d+, task ${exe.id}$`).test(l))).toBe(true);
    expect(logs.some((l) => /^rpc calls remaining: \d+$/.test(l))).toBe(true);
    expect(logs.join('\n')).not.toContain('Missing strong random');
    const second = await runToEnd(w.token, exe.id);
    expect(second.execution).toMatchObject({ status: 'skipped', message: 'already incremented 1 times' });
    expect(await incrementsBy(w.address)).toBe(1n);
  });

  it('ethers v6: encodes with Interface, reads through the provider, tops up below the threshold', async () => {
    const functionId = await uploadGelato('ethers6-topup', 6);
    // memory 256 and timeout 60 s are above the platform's: clamped to its defaults
    const rel = await release(functionId);
    expect(rel.limits.memoryMb).toBe(128);
    expect(rel.limits.timeoutMs).toBeLessThanOrEqual(60_000);
    expect(rel.defaultArgs).toBeNull();
    const account = newAddress();
    const exe = await activeExe(functionId, {
      token: TOKEN,
      account,
      threshold: parseEther('50').toString(),
    });
    const low = await runToEnd(w.token, exe.id);
    expect(low.execution.status, JSON.stringify(low)).toBe('confirmed');
    expect(await tickOf(account)).toBe(parseEther('100'));
    const high = await runToEnd(w.token, exe.id);
    expect(high.execution).toMatchObject({
      status: 'skipped',
      message: `balance ${parseEther('100')} is enough`,
    });
  });

  it('ethers v6: its own JsonRpcProvider works over the sandbox fetch', async () => {
    const functionId = await uploadGelato('ethers6-rpc', 6);
    const exe = await activeExe(functionId, { rpcUrl: inject('rpcUrl'), token: TOKEN });
    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution).toMatchObject({ status: 'skipped', message: 'symbol TICK' });
  });

  it('viem: its own public client over an RPC URL from the args reads the counter, increments once, then skips', async () => {
    const functionId = await uploadGelato('viem-counter');
    const target = Number(await incrementsBy(w.address)) + 1;
    const exe = await activeExe(functionId, {
      rpcUrl: inject('rpcUrl'),
      counter: COUNTER,
      caller: w.address,
      target,
    });
    const first = await runToEnd(w.token, exe.id);
    expect(first.execution.status, JSON.stringify(first)).toBe('confirmed');
    expect(await incrementsBy(w.address)).toBe(BigInt(target));
    const second = await runToEnd(w.token, exe.id);
    expect(second.execution).toMatchObject({
      status: 'skipped',
      message: `already incremented ${target} times`,
    });
  });

  it('ky and axios: their HTTP goes through the sandbox fetch to a local receiver', async () => {
    const functionId = await uploadGelato('http-oracle');
    const exe = await activeExe(functionId, { api: receiverUrl, counter: COUNTER, minPrice: 10 });
    const before = await incrementsBy(w.address);
    price = 42;
    const high = await runToEnd(w.token, exe.id);
    expect(high.execution.status, JSON.stringify(high)).toBe('confirmed');
    expect(await incrementsBy(w.address)).toBe(before + 1n);
    expect(reports.at(-1)).toEqual({ contentType: 'application/json', body: { price: 42, via: 'axios' } });
    expect(high.logs.map((l) => l.message)).toContain(`reported: 200 {"stored":${reports.length}}`);
    price = 5;
    const low = await runToEnd(w.token, exe.id);
    expect(low.execution).toMatchObject({ status: 'skipped', message: 'price 5 below 10' });
    expect(await incrementsBy(w.address)).toBe(before + 1n);
  });

  it('storage: string values kept under the "gelato" key of the executable storage', async () => {
    const functionId = await uploadGelato('callbacks-storage');
    const exe = await activeExe(functionId, { counter: COUNTER });
    const before = await incrementsBy(w.address);
    const run = await runToEnd(w.token, exe.id);
    expect(run.execution.status, JSON.stringify(run)).toBe('confirmed');
    expect(await incrementsBy(w.address)).toBe(before + 1n);
    expect(run.logs.map((l) => l.message)).toContain('run 1; keys runs; size 12');
    const storage = await api(`/api/v1/executables/${exe.id}/storage`, { token: w.token });
    expect(storage.body.data.value.gelato).toMatchObject({ runs: '1' });
  });

  it('callbacks: Web3Function.onSuccess runs after the confirmation with the transaction hash and writes storage', async () => {
    const built = await buildRelease(gelatoFolder('callbacks-storage', 5));
    const definedCallbacks = await callbacksOfZip(built.zip);
    expect(definedCallbacks.sort()).toEqual(['onFail', 'onSuccess']);
    const uploaded = await upload(w.token, Buffer.from(built.zip), {
      workspaceId: w.workspaceId,
      projectId: w.projectId,
      taskName: `gelato-callbacks-${uniq()}`,
      definedCallbacks,
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    const exe = await activeExe(uploaded.body.taskId, { counter: COUNTER });
    const run = await runToEnd(w.token, exe.id);
    expect(run.execution.status, JSON.stringify(run)).toBe('confirmed');
    const { execution, storage } = await callbackEnded(w.token, run.execution.id, exe.id);
    expect(execution.status).toBe('confirmed');
    expect(execution.callback).toMatchObject({ name: 'onSuccess', status: 'succeeded' });
    expect(storage.value.gelato).toEqual({ runs: '1', lastSuccess: execution.txHash });
  });

  it('a Gelato task registering no callbacks defines none', async () => {
    const built = await buildRelease(gelatoFolder('ethers5-counter', 5));
    expect(await callbacksOfZip(built.zip)).toEqual([]);
  });

  it('an unsupported API fails the run with a message naming it', async () => {
    const functionId = await uploadGelato('other-chain');
    const exe = await activeExe(functionId, {});
    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution.status).toBe('failed');
    expect(execution.error).toMatchObject({ code: 'task_threw' });
    expect(execution.error.message).toContain(
      "multiChainProvider.chainId(1) is not supported by Tickwork's Gelato compatibility layer",
    );
  });

  it('webhook custom args are checked against the schema converted from schema.json', async () => {
    const functionId = await uploadGelato('ethers5-counter');
    const exe = await activeExe(functionId, { counter: COUNTER, caller: w.address, target: 0 });
    const hook = await createWebhook(w.token, exe.id, { name: `gelato-${uniq()}` });
    expect(hook.status, hook.text).toBe(201);
    const door = `/api/hooks/${secretOf(hook.body.data.url)}`;
    const wrong = await api(door, {
      method: 'POST',
      body: { counter: COUNTER, caller: w.address, target: '0' },
    });
    expect([wrong.status, wrong.body.code]).toEqual([422, 'invalid_arguments']);
    const extra = await api(door, {
      method: 'POST',
      body: { counter: COUNTER, caller: w.address, target: 0, x: 1 },
    });
    expect([extra.status, extra.body.code]).toEqual([422, 'invalid_arguments']);
    const fine = await api(door, {
      method: 'POST',
      body: { counter: COUNTER, caller: w.address, target: 0 },
    });
    expect(fine.status, fine.text).toBe(200);
    expect(fine.body.data).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(/^already incremented \d+ times$/),
    });
  });
});

describe('Gelato files at upload', () => {
  const zipWith = (files: Record<string, string>) =>
    makeZip({
      'index.js': 'export default { __tickworkTask: 1, run: async () => ({ canExec: false }) };\n',
      ...files,
    });
  const SCHEMA = {
    web3FunctionVersion: '2.0.0',
    runtime: 'js-1.0',
    memory: 128,
    timeout: 5,
    userArgs: { a: 'string' },
  };

  it('refuses a bad schema.json or userArgs.json with 400s naming the file', async () => {
    const fields = { workspaceId: w.workspaceId, projectId: w.projectId, taskName: `bad-${uniq()}` };
    const badSchema = await upload(
      w.token,
      zipWith({ 'schema.json': JSON.stringify({ ...SCHEMA, memory: 'lots' }) }),
      fields,
    );
    expect([badSchema.status, badSchema.body.code]).toEqual([400, 'invalid_gelato_schema']);
    expect(badSchema.body.error).toContain('memory');
    const badArgs = await upload(
      w.token,
      zipWith({ 'schema.json': JSON.stringify(SCHEMA), 'userArgs.json': '{"a":1}' }),
      fields,
    );
    expect([badArgs.status, badArgs.body.code]).toEqual([400, 'invalid_gelato_user_args']);
    expect(badArgs.body.error).toBe('userArgs.json: a: must be a string');
  });

  it('lets the upload data schema win over schema.json', async () => {
    const schema = JSON.stringify({ type: 'object', properties: { b: { type: 'integer' } } });
    const res = await upload(w.token, zipWith({ 'schema.json': JSON.stringify(SCHEMA) }), {
      workspaceId: w.workspaceId,
      projectId: w.projectId,
      taskName: `wins-${uniq()}`,
      schema,
    });
    expect(res.status, res.text).toBe(200);
    const rel = await release(res.body.taskId);
    expect([rel.schema, rel.limits, rel.defaultArgs]).toEqual([
      schema,
      { memoryMb: 128, timeoutMs: 5_000 },
      null,
    ]);
  });

  it("converts a schema given in Gelato's schema.json format as the bundled one, and refuses a malformed one", async () => {
    const given = { ...SCHEMA, timeout: 7, userArgs: { b: 'number[]' } };
    const res = await upload(w.token, zipWith({ 'schema.json': JSON.stringify(SCHEMA) }), {
      workspaceId: w.workspaceId,
      projectId: w.projectId,
      taskName: `given-gelato-${uniq()}`,
      schema: JSON.stringify(given),
    });
    expect(res.status, res.text).toBe(200);
    const rel = await release(res.body.taskId);
    expect([JSON.parse(rel.schema), rel.limits]).toEqual([
      {
        type: 'object',
        properties: { b: { type: 'array', items: { type: 'number' } } },
        required: ['b'],
        additionalProperties: false,
      },
      { memoryMb: 128, timeoutMs: 7_000 },
    ]);
    const bad = await upload(w.token, zipWith({}), {
      workspaceId: w.workspaceId,
      projectId: w.projectId,
      taskName: `bad-given-${uniq()}`,
      schema: JSON.stringify({ ...SCHEMA, userArgs: { b: 'bigint' } }),
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_gelato_schema']);
    expect(bad.body.error).toContain('userArgs.b');
  });

  it('a copy carries the limits and default args', async () => {
    const zip = zipWith({ 'schema.json': JSON.stringify(SCHEMA), 'userArgs.json': '{ "a": "x" }' });
    const res = await upload(w.token, zip, {
      workspaceId: w.workspaceId,
      projectId: w.projectId,
      taskName: `copied-${uniq()}`,
    });
    expect(res.status, res.text).toBe(200);
    const target = await newProject(w.workspaceId);
    const copy = await api(`/api/v1/functions/${res.body.taskId}/copy`, {
      method: 'POST',
      token: w.token,
      body: { targetProjectId: target.id },
    });
    expect(copy.status, copy.text).toBe(201);
    expect([copy.body.data.limits, copy.body.data.defaultArgs]).toEqual([
      { memoryMb: 128, timeoutMs: 5_000 },
      '{"a":"x"}',
    ]);
  });
});

describe('tickwork test on a Gelato folder', () => {
  it('runs it with userArgs.json, checked against the converted schema.json', async () => {
    const dir = gelatoFolder('ethers5-counter');
    const run = await tickwork(['test', dir, '--rpc-url', inject('rpcUrl'), '--json']);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout.trim());
    expect(report).toMatchObject({
      ok: true,
      result: { canExec: true },
      args: { counter: COUNTER, caller: '0x0000000000000000000000000000000000000001', target: 1 },
    });
    const wrong = await tickwork([
      'test',
      dir,
      '--arg',
      'target=one',
      '--rpc-url',
      inject('rpcUrl'),
      '--json',
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('target');
  });
});
