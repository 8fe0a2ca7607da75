// Called through a webhook: the body says how many increments to send through Relayer.sendTransaction.
const { Relayer } = require('@openzeppelin/defender-relay-client');

const INCREMENT = '0xd09de08a'; // increment()

exports.handler = async (event) => {
  const { counter, times } = event.request.body;
  const relayer = new Relayer(event);
  const { address, network } = await relayer.getRelayer();
  const sent = [];
  for (let i = 0; i < times; i++) {
    const tx = await relayer.sendTransaction({
      to: counter,
      data: INCREMENT,
      gasLimit: 100000,
      speed: 'fast',
    });
    sent.push(tx.hash);
  }
  console.log(`sent ${sent.length} from ${address} on ${network}`);
  return `${times} increments of ${counter}`;
};
