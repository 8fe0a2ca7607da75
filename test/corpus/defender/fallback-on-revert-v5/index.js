// Ours (written for Tickwork's tests, not taken from a public repository): the try/catch fallback Defender
// templates rely on. The relay signer estimates gas when a transaction is sent and throws when it would revert,
// so the catch runs and only the fallback is sent.
const { ethers } = require('ethers');
const { DefenderRelayProvider, DefenderRelaySigner } = require('defender-relay-client/lib/ethers');

const TOKEN_ABI = ['function transferFrom(address from, address to, uint256 value) returns (bool)'];
const COUNTER_ABI = ['function increment()'];

exports.handler = async (event) => {
  const provider = new DefenderRelayProvider(event);
  const signer = new DefenderRelaySigner(event, provider, { speed: 'fast' });
  const { token: tokenAddress, counter: counterAddress } = event.request.body;
  const token = new ethers.Contract(tokenAddress, TOKEN_ABI, signer);
  const counter = new ethers.Contract(counterAddress, COUNTER_ABI, signer);
  try {
    // nobody approved the relayer: this reverts
    await token.transferFrom(counterAddress, await signer.getAddress(), 1);
    return 'pulled 1 token';
  } catch (error) {
    console.log(`transferFrom would revert (${error.code}): falling back`);
    await counter.increment();
    return 'fell back to increment';
  }
};
