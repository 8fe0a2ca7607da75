// Signs a message with the relayer: Defender offers it, Tickwork does not.
const { Relayer } = require('defender-relay-client');

exports.handler = async (event) => {
  const relayer = new Relayer(event);
  const signature = await relayer.sign({ message: '0x1234' });
  return signature.sig;
};
