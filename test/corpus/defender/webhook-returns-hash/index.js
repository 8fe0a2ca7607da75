// Ours (written for Tickwork's tests, not taken from a public repository): an action called through a webhook
// that returns what Defender actions often return, the sent transaction's hash, alone or in an object (which
// Defender answered to the webhook caller as JSON).
const { Relayer } = require('@openzeppelin/defender-relay-client');

const INCREMENT = '0xd09de08a'; // increment()

exports.handler = async (event) => {
  const { counter, shape } = event.request.body;
  const relayer = new Relayer(event);
  const tx = await relayer.sendTransaction({ to: counter, data: INCREMENT, gasLimit: 100000, speed: 'fast' });
  if (shape === 'hash') return tx.hash;
  return { hash: tx.hash, to: tx.to, nonce: tx.nonce };
};
