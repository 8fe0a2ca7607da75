'use server';

// The signing page's actions. No session: anyone holding the link may read the transaction, add a signature
// (it proves itself: only an owner's is accepted) and report an execution (the job reads the chain, which is
// what counts).
import { z } from 'zod';
import { getDb } from '@/db/client';
import { runConsoleAction } from '@/lib/console/action';
import { safeReadRefusal } from '@/lib/profiles/safe';
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

export async function safeTransactionViewAction(id: string) {
  return runConsoleAction(() =>
    getSafeTransactionView(getDb(), SafeTransactionId.parse(id)).catch(safeReadRefusal),
  );
}

export async function addSafeSignatureAction(id: string, signature: string) {
  return runConsoleAction(() =>
    addSafeSignature(getDb(), SafeTransactionId.parse(id), Signature.parse(signature)).catch(safeReadRefusal),
  );
}

export async function reportSafeExecutionAction(id: string, txHash: string) {
  return runConsoleAction(() =>
    reportSafeExecution(getDb(), SafeTransactionId.parse(id), TxHash.parse(txHash)).catch(safeReadRefusal),
  );
}
