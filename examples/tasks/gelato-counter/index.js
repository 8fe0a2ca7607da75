// gelato-counter: a Gelato Web3 Function written as for Gelato. Tickwork's compatibility layer stands in for
// @gelatonetwork/web3-functions-sdk, so the file needs no change. It calls increment() on `userArgs.counter`
// at most once per `userArgs.minIntervalSeconds`, remembering the last call in the function's storage.
import { Web3Function } from '@gelatonetwork/web3-functions-sdk';
import { Interface } from 'ethers';

const counter = new Interface(['function increment()']);

Web3Function.onRun(async ({ userArgs, storage, multiChainProvider }) => {
  const block = await multiChainProvider.default().getBlockNumber();
  const now = Math.floor(Date.now() / 1000);
  const last = Number((await storage.get('lastCall')) ?? '0');
  const wait = last + Number(userArgs.minIntervalSeconds) - now;
  if (wait > 0) return { canExec: false, message: `block ${block}: next increment in ${wait} s` };
  await storage.set('lastCall', String(now));
  return {
    canExec: true,
    callData: [{ to: userArgs.counter, data: counter.encodeFunctionData('increment') }],
  };
});
