// Increments a counter until the caller has incremented it `target` times; reads through ethers v5.
import { Web3Function, type Web3FunctionContext } from '@gelatonetwork/web3-functions-sdk';
import { Contract } from 'ethers';

const COUNTER_ABI = ['function incrementsBy(address caller) view returns (uint256)', 'function increment()'];

Web3Function.onRun(async (context: Web3FunctionContext) => {
  const { userArgs, multiChainProvider, gelatoArgs } = context;
  const provider = multiChainProvider.default();
  const counter = new Contract(userArgs.counter as string, COUNTER_ABI, provider);
  const done = (await counter.incrementsBy(userArgs.caller as string)).toNumber();
  console.log(
    `chain ${gelatoArgs.chainId}, gas price ${gelatoArgs.gasPrice.toString()}, task ${gelatoArgs.taskId}`,
  );
  console.log(`rpc calls remaining: ${await multiChainProvider.nbRpcCallsRemaining()}`);
  if (done >= (userArgs.target as number)) {
    return { canExec: false, message: `already incremented ${done} times` };
  }
  return {
    canExec: true,
    callData: [{ to: counter.address, data: counter.interface.encodeFunctionData('increment') }],
  };
});
