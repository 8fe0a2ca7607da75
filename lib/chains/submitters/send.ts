import type { Hex, PublicClient } from 'viem';
import { chainFailure, isTransportFailure } from './revert';
import { SubmissionError } from './types';

/** A node that already holds the transaction says so in one of these ways; that is an acceptance. */
const ALREADY_KNOWN = /already known|already imported|alreadyknown|known transaction/i;

/**
 * Sends signed bytes: resolves when the node accepted them (or already had them), throws `broadcast_unknown`
 * when it did not answer (they may be in its pool) and `broadcast_failed` with the node's words when it refused.
 */
export async function sendRaw(client: PublicClient, raw: Hex, txHash: Hex): Promise<void> {
  try {
    await client.sendRawTransaction({ serializedTransaction: raw });
  } catch (error) {
    if (isTransportFailure(error))
      throw new SubmissionError(
        'broadcast_unknown',
        `the broadcast of ${txHash} got no answer from the chain's RPC endpoint; it may still be mined`,
      );
    if (ALREADY_KNOWN.test(String((error as { details?: string }).details ?? (error as Error).message)))
      return;
    throw chainFailure('broadcast_failed', `broadcasting ${txHash}`, error);
  }
}
