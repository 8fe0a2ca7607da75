// Reads a second chain's block number: Tickwork reaches only the profile's chain, so the run fails.
import { Web3Function, type Web3FunctionContext } from '@gelatonetwork/web3-functions-sdk';

Web3Function.onRun(async (context: Web3FunctionContext) => {
  const mainnet = context.multiChainProvider.chainId(1);
  const block = await mainnet.getBlockNumber();
  return { canExec: false, message: `mainnet at ${block}` };
});
