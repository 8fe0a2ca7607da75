import {
  type Address,
  createPublicClient,
  type Hex,
  http,
  isAddressEqual,
  recoverMessageAddress,
} from 'viem';
import { parseSiweMessage, validateSiweMessage, verifySiweMessage } from 'viem/siwe';
import type { DbOrTx } from '@/db/client';
import { findChain } from '@/lib/chains/config';
import { consumeSiweNonce } from './siwe-nonces';

/** How old a signed sign-in message may be, and how far ahead of our clock it may claim to be. */
const MAX_AGE_MS = 10 * 60 * 1000;
const MAX_SKEW_MS = 60 * 1000;

export type SiweSignInInput = {
  message: string;
  signature: Hex;
  /** The host the browser talked to; the message must name it. */
  domain: string;
  now?: Date;
};

/**
 * Checks an EIP-4361 sign-in and returns the signing address, or null. An EOA signature is recovered offline;
 * anything else is checked on the message's chain (ERC-1271 contract wallets, ERC-6492 counterfactual ones).
 * A valid signature then uses up the message's nonce, which the server must have issued (lib/auth/siwe-nonces.ts):
 * the same signed message never signs in twice.
 */
export async function verifySiweSignIn(db: DbOrTx, input: SiweSignInInput): Promise<Address | null> {
  const signer = await verifySignedMessage(input);
  if (!signer) return null;
  return (await consumeSiweNonce(db, signer.nonce)) ? signer.address : null;
}

async function verifySignedMessage(
  input: SiweSignInInput,
): Promise<{ address: Address; nonce: string } | null> {
  const { message, signature, domain, now = new Date() } = input;
  let parsed: ReturnType<typeof parseSiweMessage>;
  try {
    parsed = parseSiweMessage(message);
  } catch {
    return null;
  }
  const { address, chainId, issuedAt, nonce } = parsed;
  if (!address || !chainId || !issuedAt || !nonce) return null;
  if (!validateSiweMessage({ message: parsed, domain, nonce, time: now })) return null;
  const age = now.getTime() - issuedAt.getTime();
  if (Number.isNaN(age) || age > MAX_AGE_MS || age < -MAX_SKEW_MS) return null;

  const recovered = await recoverMessageAddress({ message, signature }).catch(() => null);
  if (recovered && isAddressEqual(recovered, address)) return { address, nonce };

  const chain = findChain(chainId);
  if (!chain) return null;
  const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: 10_000, retryCount: 1 }) });
  const valid = await verifySiweMessage(client, { message, signature, domain, nonce, time: now }).catch(
    () => false,
  );
  return valid ? { address, nonce } : null;
}
