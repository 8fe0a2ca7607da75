import { encodeFunctionData, getAddress } from 'viem';
import { DEMO_COUNTER } from '@/lib/chains/demo/artifacts';
import { newAddress, testDb } from './fixtures';
import { rpc } from './profiles';
import { type RunWorld, runnableExe } from './runs';

/** The DemoCounter event the tests follow (DemoCounter.increment emits it). */
export const INCREMENTED = 'Incremented(address indexed caller, uint256 count)';

/** A task that answers, as its message, what ctx.trigger carried (or which trigger ran it without one). */
export const TRIGGER_ECHO_TASK = `export default { __tickworkTask: 1, run: async (ctx) => {
  const t = ctx.trigger;
  if (!t) return { canExec: false, message: 'none:' + ctx.execution.trigger };
  if (t.type === 'block') return { canExec: false, message: JSON.stringify({ block: t.block.number, hash: t.block.hash, ts: t.block.timestamp }) };
  const l = t.log;
  return { canExec: false, message: JSON.stringify({ b: l.blockNumber, i: l.logIndex, tx: l.transactionHash, address: l.address,
    name: l.event ? l.event.name : null, count: l.event ? l.event.args.count : null, caller: l.event ? l.event.args.caller : null }) };
} };
`;

/** An unlocked, funded anvil account of the test's own (never one the app uses). */
export async function testSender(): Promise<string> {
  const address = newAddress();
  await rpc('anvil_setBalance', [address, '0x56BC75E2D63100000']);
  await rpc('anvil_impersonateAccount', [address]);
  return address;
}

const send = (from: string, tx: { to?: string; data: string }) =>
  rpc<string>('eth_sendTransaction', [{ from, ...tx, gas: '0x200000' }]);

/** The transaction's receipt once it is mined (polls: anvil may mine a moment after it answered the send). */
export async function receiptOf(hash: string): Promise<any> {
  const started = Date.now();
  while (Date.now() - started < 10_000) {
    const receipt = await rpc<any>('eth_getTransactionReceipt', [hash]);
    if (receipt) return receipt;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`transaction ${hash} was not mined within 10 s`);
}

/** Deploys a fresh DemoCounter (its own address: no other test's logs match). */
export async function deployCounter(from: string): Promise<string> {
  const receipt = await receiptOf(await send(from, { data: DEMO_COUNTER.bytecode }));
  return getAddress(receipt.contractAddress);
}

const INCREMENT = encodeFunctionData({ abi: DEMO_COUNTER.abi, functionName: 'increment' });

/** Sends increment() (mined at once under automine; else when the test mines). Answers the tx hash. */
export const increment = (from: string, counter: string) => send(from, { to: counter, data: INCREMENT });

export const mine = (blocks = 1) => rpc('anvil_mine', [`0x${blocks.toString(16)}`]);
export const headBlock = async () => Number(BigInt(await rpc<string>('eth_blockNumber')));

/**
 * Sends increments and mines them as blocks of the given sizes (automine off meanwhile): answers the logs as
 * the chain has them, in chain order.
 */
export async function emitInBlocks(from: string, counter: string, sizes: number[]) {
  const logs: { b: number; i: number; tx: string; count: string }[] = [];
  await rpc('evm_setAutomine', [false]);
  try {
    for (const size of sizes) {
      const hashes: string[] = [];
      for (let k = 0; k < size; k++) hashes.push(await increment(from, counter));
      await rpc('evm_mine');
      for (const hash of hashes) {
        const receipt = await receiptOf(hash);
        for (const log of receipt.logs)
          logs.push({
            b: Number(BigInt(log.blockNumber)),
            i: Number(BigInt(log.logIndex)),
            tx: log.transactionHash,
            count: BigInt(log.data).toString(),
          });
      }
    }
  } finally {
    await rpc('evm_setAutomine', [true]);
  }
  return logs.sort((a, b) => a.b - b.b || a.i - b.i);
}

/** An active executable running TRIGGER_ECHO_TASK on `trigger`. */
export const echoExe = (w: RunWorld, trigger: Record<string, unknown>) =>
  runnableExe(w, TRIGGER_ECHO_TASK, { exe: { trigger } });

export type TriggerRun = {
  id: string;
  status: string;
  trigger: string;
  message: string | null;
  trigger_event_id: string | null;
};

/** The executions of an executable, oldest first. */
export const runsOf = (executableId: string) =>
  testDb().$sql<TriggerRun[]>`
    select id, status, trigger, message, trigger_event_id from executions
     where executable_id = ${executableId} order by created_at, id`;

export const eventsOf = (executableId: string) =>
  testDb().$sql<
    { id: string; status: string; block_number: string; block_hash: string; log_index: number }[]
  >`
    select id, status, block_number, block_hash, log_index from trigger_events
     where executable_id = ${executableId} order by block_number, log_index`;

/**
 * Whether the follower is done with an executable up to the chain's head now: the cursor has reached it and no
 * event waits, is ready or runs. Then its run count is final.
 */
export async function settled(executableId: string, chainId = 31337): Promise<boolean> {
  const head = await headBlock();
  const [cursor] = await testDb().$sql<{ block_number: string }[]>`
    select block_number from chain_cursors where chain_id = ${chainId}`;
  if (!cursor || Number(cursor.block_number) < head) return false;
  const [open] = await testDb().$sql<{ n: number }[]>`
    select (select count(*) from trigger_events where executable_id = ${executableId} and status in ('waiting', 'ready'))
         + (select count(*) from executions where executable_id = ${executableId}
             and status in ('pending', 'running', 'simulating', 'submitted')) as n`;
  return Number(open.n) === 0;
}

/** The echoed logs of an executable's runs, in run order. */
export const echoedLogs = async (executableId: string) =>
  (await runsOf(executableId)).map((r) => JSON.parse(r.message ?? 'null'));
