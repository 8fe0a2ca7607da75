import { createPublicClient, getAddress, http, isAddress } from 'viem';
import { mainnet } from 'viem/chains';
import { normalize } from 'viem/ens';
import { apiError } from '@/lib/api/errors';

/** A person to invite: the lower-case address, and the ENS name it was resolved from. */
export type Invitee = { address: string; ensName: string | null };

/** The Ethereum RPC ENS names resolve on (mainnet, or any chain with ENS's universal resolver); unset = no ENS. */
const ensRpcUrl = () => process.env.TICKWORK_ENS_RPC_URL || null;

/**
 * Resolves what a person typed into the invite form: a 0x address (any case), or an ENS name resolved on the
 * chain of `TICKWORK_ENS_RPC_URL` at the time of the invitation.
 */
export async function resolveInvitee(input: string): Promise<Invitee> {
  const text = input.trim();
  if (isAddress(text, { strict: false })) return { address: getAddress(text).toLowerCase(), ensName: null };
  if (!/^[^\s/]+\.[a-z]{2,}$/i.test(text)) {
    throw apiError('invalid_invitee', 'Enter a wallet address (0x…) or an ENS name.');
  }
  const url = ensRpcUrl();
  if (!url) {
    throw apiError(
      'ens_unavailable',
      'This deployment resolves no ENS names (TICKWORK_ENS_RPC_URL is not set): enter the wallet address.',
    );
  }
  let name: string;
  try {
    name = normalize(text);
  } catch {
    throw apiError('invalid_invitee', 'That is not a valid ENS name.');
  }
  const client = createPublicClient({
    chain: mainnet,
    transport: http(url, { timeout: 5_000, retryCount: 1 }),
  });
  let address: string | null;
  try {
    address = await client.getEnsAddress({ name });
  } catch {
    throw apiError('chain_unavailable', 'The ENS chain did not answer; try again or enter the address.');
  }
  if (!address) throw apiError('ens_not_found', `${name} does not resolve to an address.`);
  return { address: address.toLowerCase(), ensName: name };
}
