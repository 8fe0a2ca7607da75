// storage-counter: counts its runs in storage; every other run it skips, otherwise it calls increment().
import { type Address, defineTask } from '@tickwork/sdk';
import { encodeFunctionData, isAddress, parseAbi } from 'viem';

const counterAbi = parseAbi(['function increment()']);

export default defineTask<{ counter: Address }>({
  run: async ({ args, storage, log }) => {
    if (!isAddress(args.counter)) return { canExec: false, message: 'args.counter is not an address' };
    const runs = ((await storage.get<number>('runs')) ?? 0) + 1;
    await storage.set('runs', runs);
    log.info(`run ${runs}`);
    if (runs % 2 === 0) return { canExec: false, message: `run ${runs}: skipping every other run` };
    return {
      canExec: true,
      message: `run ${runs}: increment()`,
      calls: [{ to: args.counter, data: encodeFunctionData({ abi: counterAbi, functionName: 'increment' }) }],
    };
  },
});
