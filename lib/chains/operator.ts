import type { Hex, LocalAccount } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';

/** The mnemonic every anvil instance funds its ten default accounts from (10,000 ETH each). */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

let cached: { key: string | undefined; account: LocalAccount } | undefined;

/**
 * The account that pays for provisioning transactions on the local chain (the bootstrap's deployments, funding
 * and delegating profile accounts): `TICKWORK_OPERATOR_PRIVATE_KEY` when set, else anvil's account #0.
 */
export function localOperatorAccount(): LocalAccount {
  const key = process.env.TICKWORK_OPERATOR_PRIVATE_KEY || undefined;
  if (!cached || cached.key !== key) {
    const account = key
      ? privateKeyToAccount((key.startsWith('0x') ? key : `0x${key}`) as Hex)
      : mnemonicToAccount(ANVIL_MNEMONIC);
    cached = { key, account };
  }
  return cached.account;
}

const operatorQueues = new Map<string, Promise<unknown>>();

/**
 * Runs `send` after every earlier operator send of this process on `chainId` has settled, so the operator's
 * nonces are never raced here (viem reads the pending nonce at each send).
 */
export function withOperator<T>(chainId: number, send: (operator: LocalAccount) => Promise<T>): Promise<T> {
  const operator = localOperatorAccount();
  const key = `${chainId}:${operator.address}`;
  const next = (operatorQueues.get(key) ?? Promise.resolve()).catch(() => {}).then(() => send(operator));
  operatorQueues.set(key, next);
  return next;
}
