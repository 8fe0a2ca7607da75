import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { encodeAbiParameters, keccak256, pad, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalChain, startAnvil } from '@/lib/chains/anvil';
import { freePort } from '@/lib/net/free-port';
import { tickwork } from '../support/cli';
import { gelatoFolder } from '../support/gelato';

// `tickwork test` on an event-triggered Gelato Web3 Function, as Gelato's `w3f test` runs one: the folder's
// log.json is the triggering log (or `--log file`), its storage.json the storage before the run. No stack: an
// anvil of its own serves the compatibility layer's chain reads.

const CALLER = '0x00000000000000000000000000000000000000Aa';
const TX = `0x${'ab'.repeat(32)}`;
const logOf = (count: bigint, shape: 'ethers6' | 'viem') => ({
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  topics: [keccak256(toHex('Incremented(address,uint256)')), pad(CALLER)],
  data: encodeAbiParameters([{ type: 'uint256' }], [count]),
  blockNumber: shape === 'viem' ? '0x10' : 16,
  blockHash: `0x${'cd'.repeat(32)}`,
  transactionHash: TX,
  ...(shape === 'viem' ? { transactionIndex: '0x0', logIndex: '0x3' } : { transactionIndex: 0, index: 3 }),
});

/** Parses the log with ethers v6, reads and advances `lastCount` in storage. */
const SOURCE = `import { Web3Function, type Web3FunctionEventContext } from '@gelatonetwork/web3-functions-sdk';
import { Interface } from 'ethers';
const counter = new Interface(['event Incremented(address indexed caller, uint256 count)']);
Web3Function.onRun(async (context: Web3FunctionEventContext) => {
  const { log, storage } = context;
  const event = counter.parseLog(log);
  const last = (await storage.get('lastCount')) ?? 'none';
  await storage.set('lastCount', event?.args.count.toString());
  return { canExec: false, message: \`count \${event?.args.count} after \${last} in \${log.transactionHash}:\${log.logIndex}\` };
});
`;

const folders: string[] = [];
function eventFolder() {
  const dir = gelatoFolder('event-log', 6);
  folders.push(path.dirname(dir));
  writeFileSync(path.join(dir, 'index.ts'), SOURCE);
  return dir;
}
let chain: LocalChain;
beforeAll(async () => {
  chain = await startAnvil({ port: await freePort() });
});
afterAll(async () => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  await chain?.stop();
});

const run = async (args: string[]) => {
  const { code, stdout, stderr } = await tickwork(['test', ...args, '--rpc-url', chain.rpcUrl, '--json']);
  return { code, stderr: `${stderr}${stdout}`, report: stdout ? JSON.parse(stdout) : null };
};

describe('tickwork test: an event-triggered Web3 Function', () => {
  it("reads the folder's log.json and storage.json as Gelato's w3f test does", async () => {
    const dir = eventFolder();
    writeFileSync(path.join(dir, 'log.json'), JSON.stringify(logOf(7n, 'ethers6')));
    writeFileSync(path.join(dir, 'storage.json'), JSON.stringify({ lastCount: '6' }));
    const { code, report, stderr } = await run([dir]);
    expect(code, stderr).toBe(0);
    expect(report.result).toEqual({ canExec: false, message: `count 7 after 6 in ${TX}:3` });
    expect(report.storage).toMatchObject({
      changed: true,
      after: { gelato: { lastCount: '7' } },
      savedTo: null,
    });
  }, 60_000);

  it('takes --log (a viem-shaped log) over the folder, and says what is wrong with a bad one', async () => {
    const dir = eventFolder();
    const other = path.join(dir, 'other-log.json');
    writeFileSync(other, JSON.stringify(logOf(9n, 'viem')));
    const { code, report, stderr } = await run([dir, '--log', other]);
    expect(code, stderr).toBe(0);
    expect(report.result.message).toBe(`count 9 after none in ${TX}:3`);

    writeFileSync(other, JSON.stringify({ ...logOf(9n, 'viem'), topics: ['0x12'] }));
    const bad = await run([dir, '--log', other]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/is not a log: topics\.0: a 0x hex string of 32 bytes/);
  }, 60_000);
});
