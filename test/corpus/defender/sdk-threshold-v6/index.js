// A Defender Action as written for defender-sdk: ESM, ethers v6, the relay signer in its v6 flavour.
import { Defender } from '@openzeppelin/defender-sdk';
import { ethers } from 'ethers';

const COUNTER_ABI = ['function increment()', 'function count() view returns (uint256)'];

export async function handler(event) {
  const client = new Defender(event);
  const provider = client.relaySigner.getProvider({ ethersVersion: 'v6' });
  const signer = await client.relaySigner.getSigner(provider, { speed: 'fast', ethersVersion: 'v6' });
  const { counter: address, max } = event.request.body;
  const counter = new ethers.Contract(address, COUNTER_ABI, signer);

  const count = await counter.count();
  const note = event.secrets.NOTE ?? '';
  if (count >= BigInt(max))
    return `count ${count} reached ${max} (${event.actionName}, note of ${note.length})`;
  const tx = await counter.increment();
  const receipt = await tx.wait();
  console.log(`sent ${tx.hash}, receipt status ${receipt.status}`);
  return `count ${count} below ${max}: increment`;
}
