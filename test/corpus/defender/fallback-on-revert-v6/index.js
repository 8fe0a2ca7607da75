// Ours (written for Tickwork's tests, not taken from a public repository): the same try/catch fallback with
// defender-sdk's relay signer in its ethers v6 flavour.
import { Defender } from '@openzeppelin/defender-sdk';
import { ethers } from 'ethers';

const TOKEN_ABI = ['function transferFrom(address from, address to, uint256 value) returns (bool)'];
const COUNTER_ABI = ['function increment()'];

export async function handler(event) {
  const client = new Defender(event);
  const provider = client.relaySigner.getProvider({ ethersVersion: 'v6' });
  const signer = await client.relaySigner.getSigner(provider, { speed: 'fast', ethersVersion: 'v6' });
  const { token: tokenAddress, counter: counterAddress } = event.request.body;
  const token = new ethers.Contract(tokenAddress, TOKEN_ABI, signer);
  const counter = new ethers.Contract(counterAddress, COUNTER_ABI, signer);
  try {
    await token.transferFrom(counterAddress, await signer.getAddress(), 1);
    return 'pulled 1 token';
  } catch (error) {
    console.log(`transferFrom would revert (${error.code}, ${error.reason}): falling back`);
    await counter.increment();
    return 'fell back to increment';
  }
}
