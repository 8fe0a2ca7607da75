// defender-counter: an OpenZeppelin Defender action written as for Defender. Tickwork's compatibility layer
// stands in for @openzeppelin/defender-sdk: the relayer is the executable's profile, the event's request body
// its args. It sends increment() to `counter` when the counter's count() is below `target`.
const { Defender } = require('@openzeppelin/defender-sdk');
const { Interface } = require('ethers');

const counter = new Interface(['function increment()', 'function count() view returns (uint256)']);

exports.handler = async (event) => {
  const { counter: address, target } = event.request.body;
  const client = new Defender(event);
  const provider = client.relaySigner.getProvider({ ethersVersion: 'v6' });
  const [count] = counter.decodeFunctionResult(
    'count',
    await provider.call({ to: address, data: counter.encodeFunctionData('count') }),
  );
  if (count >= BigInt(target)) return `count is ${count}, at or above ${target}: nothing to do`;
  const tx = await client.relaySigner.sendTransaction({
    to: address,
    data: counter.encodeFunctionData('increment'),
    gasLimit: 100000,
  });
  return `count is ${count}: increment() queued as ${tx.transactionId}`;
};
