'use server';

// The signing page's actions. No session: anyone holding the link may read the transaction, add a signature
// (it proves itself: only an owner's is accepted) and report an execution (the job reads the chain, which is
// what counts).
import { z } from 'zod';
import { getDb } from '@/db/client';
import { apiError } from '@/lib/api/errors';
import { takeRateLimit } from '@/lib/api/rate-limit';
import { runConsoleAction } from '@/lib/console/action';
import {
  addSafeSignature,
  getSafeTransactionView,
  reportSafeExecution,
} from '@/lib/profiles/safe-transactions';

const SafeTransactionId = z.string().regex(/^stx_[0-9A-HJKMNP-TV-Z]{26}$/, 'not a Safe transaction id');
const Signature = z
  .string()
  .regex(/^0x[0-9a-fA-F]{130}$/, 'a signature is 65 bytes of hex (r, s, v), as wallets return it');
const TxHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'a transaction hash is 32 bytes of hex');

/** A wallet reports once; a few more allow for a retry. A page or script reporting again and again is refused. */
const REPORTS_PER_MINUTE = 6;

/**
 * Every action reads the chain, and no session stands in front of them: each transaction has its own bucket
 * (the management API's token bucket, `TICKWORK_RATE_LIMIT_PER_MINUTE`), so a page left polling or a script
 * hammering one link cannot turn into unbounded RPC traffic. Reports have a smaller bucket of their own.
 */
async function throttled<T>(
  rawId: string,
  body: (id: string) => Promise<T>,
  bucket: { name: string; perMinute?: number } = { name: 'safe-tx' },
): Promise<T> {
  const id = SafeTransactionId.parse(rawId);
  const { allowed } = await takeRateLimit(`${bucket.name}:${id}`, getDb(), bucket.perMinute);
  if (!allowed) throw apiError('rate_limited', 'too many requests for this Safe transaction; wait a moment');
  return body(id);
}

export async function safeTransactionViewAction(id: string) {
  return runConsoleAction(() => throttled(id, (valid) => getSafeTransactionView(getDb(), valid)));
}

export async function addSafeSignatureAction(id: string, signature: string) {
  return runConsoleAction(() =>
    throttled(id, (valid) => addSafeSignature(getDb(), valid, Signature.parse(signature))),
  );
}

export async function reportSafeExecutionAction(id: string, txHash: string) {
  return runConsoleAction(() =>
    throttled(id, (valid) => reportSafeExecution(getDb(), valid, TxHash.parse(txHash)), {
      name: 'safe-tx-report',
      perMinute: REPORTS_PER_MINUTE,
    }),
  );
}
