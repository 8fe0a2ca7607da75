// Reads the token symbol through its own ethers v6 JsonRpcProvider (an RPC URL from its args): the provider's
// HTTP goes through the sandbox fetch.
import { Web3Function, type Web3FunctionContext } from '@gelatonetwork/web3-functions-sdk';
import { Contract, JsonRpcProvider } from 'ethers';

Web3Function.onRun(async (context: Web3FunctionContext) => {
  const { userArgs, gelatoArgs } = context;
  const provider = new JsonRpcProvider(userArgs.rpcUrl as string, gelatoArgs.chainId, {
    staticNetwork: true,
  });
  const token = new Contract(userArgs.token as string, ['function symbol() view returns (string)'], provider);
  return { canExec: false, message: `symbol ${await token.symbol()}` };
});
