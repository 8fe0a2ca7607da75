// The gas cap on the one path of gateway and task requests (lib/gateway/gas-cap.ts, forwardJsonRpc): the
// body's gas as an upstream receives it, on an anvil of this file's own (never the shared one: an uncapped
// endless call would wedge it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalChain, startAnvil } from '@/lib/chains/anvil';
import { forwardJsonRpc } from '@/lib/gateway/forward';
import { capGasInBody, DEFAULT_GAS_CAP, gasCapOf } from '@/lib/gateway/gas-cap';
import { pollChainHealth } from '@/lib/gateway/poller';
import { freePort } from '@/lib/net/free-port';
import { ownChain } from './own-chain';
import { startUpstream, type TestUpstream } from './upstream';

const HUGE = '0xffffffffffff';
/** JUMPDEST PUSH1 0 JUMP: loops until the gas runs out. */
const ENDLESS = '0x5b600056';
const CAP = 1_000_000n;
const hex = (n: bigint) => `0x${n.toString(16)}`;

const capped = (body: unknown, cap = CAP) => JSON.parse(String(capGasInBody(JSON.stringify(body), cap)));
const call = (method: string, params: unknown[], id: unknown = 1) => ({ jsonrpc: '2.0', id, method, params });

describe('capGasInBody', () => {
  it.each(['eth_call', 'eth_estimateGas', 'eth_createAccessList'])(
    '%s: gas above the cap is lowered, a missing or unreadable gas gets the cap, lower gas stays',
    (method) => {
      expect(capped(call(method, [{ data: ENDLESS, gas: HUGE }, 'latest'])).params[0].gas).toBe(hex(CAP));
      expect(capped(call(method, [{ data: ENDLESS }])).params[0].gas).toBe(hex(CAP));
      expect(capped(call(method, [{ data: ENDLESS, gas: 'lots' }])).params[0].gas).toBe(hex(CAP));
      expect(capped(call(method, [{ data: ENDLESS, gas: 1e300 }])).params[0].gas).toBe(hex(CAP));
      expect(capped(call(method, [{ data: ENDLESS, gas: '0x5208' }])).params[0].gas).toBe('0x5208');
      expect(capped(call(method, [{ data: ENDLESS, gas: 21000 }])).params[0].gas).toBe('0x5208');
      // gasLimit, an alias some nodes read, never reaches them
      const alias = capped(call(method, [{ data: ENDLESS, gasLimit: HUGE }])).params[0];
      expect(alias).toEqual({ data: ENDLESS, gas: hex(CAP) });
    },
  );

  it('eth_simulateV1: every call and every simulated block is capped', () => {
    const body = call('eth_simulateV1', [
      {
        blockStateCalls: [
          { calls: [{ data: ENDLESS, gas: HUGE }, { data: ENDLESS }] },
          { blockOverrides: { gasLimit: HUGE, time: '0x1' }, calls: [{ data: ENDLESS, gas: '0x10' }] },
        ],
      },
      'latest',
    ]);
    const [first, second] = capped(body).params[0].blockStateCalls;
    expect(first.calls.map((c: { gas: string }) => c.gas)).toEqual([hex(CAP), hex(CAP)]);
    expect(first.blockOverrides).toEqual({ gasLimit: hex(CAP) });
    expect(second.blockOverrides).toEqual({ gasLimit: hex(CAP), time: '0x1' });
    expect(second.calls[0].gas).toBe('0x10');
  });

  it('batches, escaped method names and duplicate keys are capped; other bodies pass byte for byte', () => {
    const batch = capped([call('eth_blockNumber', []), call('eth_call', [{ data: ENDLESS, gas: HUGE }], 2)]);
    expect(batch[0]).toEqual(call('eth_blockNumber', []));
    expect(batch[1].params[0].gas).toBe(hex(CAP));
    const escaped = `{"jsonrpc":"2.0","id":1,"method":"eth\\u005fcall","params":[{"data":"${ENDLESS}","gas":"${HUGE}"}]}`;
    expect(JSON.parse(String(capGasInBody(escaped, CAP))).params[0].gas).toBe(hex(CAP));
    const duplicate = `{"jsonrpc":"2.0","id":1,"method":"eth_call","params":[{"data":"${ENDLESS}","gas":"0x1","gas":"${HUGE}"}]}`;
    expect(String(capGasInBody(duplicate, CAP))).not.toContain(HUGE);
    const untouched = Buffer.from('{"jsonrpc":"2.0", "id":12345678901234567890,"method":"eth_getBalance"}');
    expect(capGasInBody(untouched, CAP)).toBe(untouched);
  });

  it('a body with a capped method that does not parse goes out empty; a leading BOM is read as the gateway reads it', () => {
    const call = `{"jsonrpc":"2.0","id":1,"method":"eth_call","params":[{"data":"${ENDLESS}","gas":"${HUGE}"}]}`;
    expect(capGasInBody(`${call.slice(0, -1)},}`, CAP)).toBe('');
    expect(JSON.parse(String(capGasInBody(`\uFEFF${call}`, CAP))).params[0].gas).toBe(hex(CAP));
  });

  it('the cap: configured, else the block gas limit or 50M, whichever is lower', () => {
    expect(gasCapOf(2_000_000, 30_000_000n)).toBe(2_000_000n);
    expect(gasCapOf(undefined, 30_000_000n)).toBe(30_000_000n);
    expect(gasCapOf(undefined, 1_000_000_000n)).toBe(DEFAULT_GAS_CAP);
    expect(gasCapOf(undefined, null)).toBe(DEFAULT_GAS_CAP);
  });
});

describe('forwardJsonRpc', () => {
  let anvil: LocalChain;
  let upstream: TestUpstream;
  beforeAll(async () => {
    anvil = await startAnvil({ port: await freePort() });
    upstream = await startUpstream(anvil.rpcUrl);
  });
  afterAll(async () => {
    await upstream?.stop();
    await anvil?.stop();
  });

  const sentGas = () => JSON.parse(upstream.bodies.at(-1) ?? '{}').params[0].gas;

  it('sends the endless call capped: the node answers out of gas, and the next state read at once', async () => {
    const chain = ownChain(upstream.url);
    await pollChainHealth(chain);
    const answer = await forwardJsonRpc(
      chain,
      JSON.stringify(call('eth_call', [{ data: ENDLESS, gas: HUGE }])),
    );
    expect(answer.ok).toBe(true);
    // anvil's block gas limit (30M) is below 50M: the default cap is the block gas limit
    expect(sentGas()).toBe(hex(30_000_000n));
    const reply = JSON.parse(new TextDecoder().decode((answer as { body: Uint8Array }).body));
    expect(reply.error?.message).toMatch(/gas/i);
    const balance = await forwardJsonRpc(
      chain,
      JSON.stringify(call('eth_getBalance', [`0x${'0'.repeat(40)}`])),
    );
    expect(balance.ok).toBe(true);
  });

  it('a configured gasCap is what the upstream receives', async () => {
    await forwardJsonRpc(
      { rpcUrl: upstream.url, gasCap: 100_000 },
      JSON.stringify(call('eth_estimateGas', [{ data: ENDLESS, gas: HUGE }])),
    );
    expect(sentGas()).toBe(hex(100_000n));
  });
});
