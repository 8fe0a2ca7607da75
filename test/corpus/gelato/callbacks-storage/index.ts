// Counts its runs in storage and increments the counter; its callbacks remember the outcome in storage.
import {
  Web3Function,
  type Web3FunctionContext,
  type Web3FunctionFailContext,
  type Web3FunctionSuccessContext,
} from '@gelatonetwork/web3-functions-sdk';
import { utils } from 'ethers';

Web3Function.onRun(async (context: Web3FunctionContext) => {
  const { storage, userArgs } = context;
  const runs = Number((await storage.get('runs')) ?? '0') + 1;
  await storage.set('runs', runs.toString());
  console.log(`run ${runs}; keys ${(await storage.getKeys()).join(',')}; size ${await storage.getSize()}`);
  const data = new utils.Interface(['function increment()']).encodeFunctionData('increment');
  return { canExec: true, callData: [{ to: userArgs.counter as string, data }] };
});

Web3Function.onSuccess(async (context: Web3FunctionSuccessContext) => {
  await context.storage.set('lastSuccess', context.transactionHash ?? 'none');
  await context.storage.delete('lastFailure');
});

Web3Function.onFail(async (context: Web3FunctionFailContext) => {
  const detail =
    context.reason === 'ExecutionReverted'
      ? context.transactionHash
      : context.reason === 'SimulationFailed'
        ? context.callData.map((c) => c.to).join(',')
        : '';
  await context.storage.set('lastFailure', `${context.reason}:${detail}`);
});
