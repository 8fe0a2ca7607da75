// Reads a price with ky, reports it with axios, and increments the counter when the price is high enough.
import { Web3Function, type Web3FunctionContext } from '@gelatonetwork/web3-functions-sdk';
import axios from 'axios';
import { Contract } from 'ethers';
import ky from 'ky';

Web3Function.onRun(async (context: Web3FunctionContext) => {
  const { userArgs, multiChainProvider } = context;
  const api = userArgs.api as string;
  const quote: { price: number } = await ky
    .get(`${api}/price?asset=eth`, { timeout: 5_000, retry: 0 })
    .json();
  const report = await axios.post(`${api}/report`, { price: quote.price, via: 'axios' }, { timeout: 5_000 });
  console.log(`reported: ${report.status} ${JSON.stringify(report.data)}`);
  if (quote.price < (userArgs.minPrice as number)) {
    return { canExec: false, message: `price ${quote.price} below ${userArgs.minPrice}` };
  }
  const counter = new Contract(
    userArgs.counter as string,
    ['function increment()'],
    multiChainProvider.default(),
  );
  return {
    canExec: true,
    callData: [{ to: counter.address, data: counter.interface.encodeFunctionData('increment') }],
  };
});
