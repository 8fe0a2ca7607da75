// Imports the SDK's builder, which is tooling, not part of a running Web3 Function.
import { Web3Function } from '@gelatonetwork/web3-functions-sdk';
import { Web3FunctionBuilder } from '@gelatonetwork/web3-functions-sdk/builder';

Web3Function.onRun(async () => {
  console.log(typeof Web3FunctionBuilder);
  return { canExec: false, message: 'never' };
});
