// Increments a counter until the caller has incremented it `target` times; reads through its own viem public
// client over an RPC URL from its args (viem's HTTP transport goes through the sandbox fetch).
import { Web3Function, type Web3FunctionContext } from '@gelatonetwork/web3-functions-sdk';
import { createPublicClient, encodeFunctionData, http, parseAbi } from 'viem';

const COUNTER_ABI = parseAbi([
  'function incrementsBy(address caller) view returns (uint256)',
  'function increment()',
]);

Web3Function.onRun(async (context: Web3FunctionContext) => {
  const { userArgs } = context;
  const client = createPublicClient({ transport: http(userArgs.rpcUrl as string) });
  const counter = userArgs.counter as `0x${string}`;
  const done = await client.readContract({
    address: counter,
    abi: COUNTER_ABI,
    functionName: 'incrementsBy',
    args: [userArgs.caller as `0x${string}`],
  });
  if (done >= BigInt(userArgs.target as number)) {
    return { canExec: false, message: `already incremented ${done} times` };
  }
  return {
    canExec: true,
    callData: [{ to: counter, data: encodeFunctionData({ abi: COUNTER_ABI, functionName: 'increment' }) }],
  };
});
