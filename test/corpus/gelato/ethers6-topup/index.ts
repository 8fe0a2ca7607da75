// Tops up an account's TICK balance when it is below a threshold: ethers v6 encodes and decodes, the Gelato
// provider reads.
import { Web3Function, type Web3FunctionContext } from '@gelatonetwork/web3-functions-sdk';
import { Interface } from 'ethers';

const TOKEN = new Interface([
  'function balanceOf(address owner) view returns (uint256)',
  'function topUp(address account)',
]);

Web3Function.onRun(async (context: Web3FunctionContext) => {
  const { userArgs, multiChainProvider } = context;
  const token = userArgs.token as string;
  const account = userArgs.account as string;
  const raw = await multiChainProvider
    .default()
    .call({ to: token, data: TOKEN.encodeFunctionData('balanceOf', [account]) });
  const [balance] = TOKEN.decodeFunctionResult('balanceOf', raw);
  if (balance >= BigInt(userArgs.threshold as string)) {
    return { canExec: false, message: `balance ${balance} is enough` };
  }
  return { canExec: true, callData: [{ to: token, data: TOKEN.encodeFunctionData('topUp', [account]) }] };
});
