// A Defender Autotask as written for Defender: CommonJS, ethers v5 and the relayer's ethers signer.
const { ethers } = require('ethers');
const { DefenderRelayProvider, DefenderRelaySigner } = require('defender-relay-client/lib/ethers');

const COUNTER_ABI = ['function increment()', 'function count() view returns (uint256)'];

exports.handler = async (event) => {
  const provider = new DefenderRelayProvider(event);
  const signer = new DefenderRelaySigner(event, provider, { speed: 'fast' });
  const { counter: address } = event.request.body;
  const counter = new ethers.Contract(address, COUNTER_ABI, signer);

  const before = await counter.count();
  const tx = await counter.increment();
  console.log(`relayer ${await signer.getAddress()} sent ${tx.hash}`);
  await tx.wait();
  return `increment from ${before.toString()} by ${await signer.getAddress()}`;
};
