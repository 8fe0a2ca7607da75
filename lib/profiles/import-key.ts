import { and, eq, sql } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import type { DbOrTx } from '@/db/client';
import { profiles, projects } from '@/db/schema';
import { apiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/log';
import { publicClientFor } from '@/lib/chains/client';
import type { ChainConfig } from '@/lib/chains/config';
import { getChainContracts } from '@/lib/chains/contracts';
import { delegationCode } from '@/lib/chains/delegation';
import { encryptSecret } from '@/lib/crypto/envelope';
import { newId } from '@/lib/ids';
import { CreateProfileBody } from './schemas';
import { queueProvisioning, recordColumns, requireLegacyChain } from './service';

// Private-key import (console only, deployment rule 4): a person brings the key of an account they already have;
// it becomes a legacy profile exactly like a generated one. The key is validated, turned into its address,
// envelope-encrypted and stored; it is never logged, echoed in an error or returned.

/** secp256k1's group order: a private key is 1 ≤ k < n. */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

const KEY_FORMAT = 'a private key is 32 bytes of hex: 64 hex digits, with or without 0x';

/**
 * A pasted or uploaded private key: trimmed, 64 hex digits with or without `0x`, in the curve's range; answered as
 * lowercase `0x…`. Its messages never repeat the input (zod's issues carry no input unless asked to).
 */
const PrivateKeySchema = z
  .string({ error: KEY_FORMAT })
  .max(1024, KEY_FORMAT)
  .trim()
  .regex(/^(0x)?[0-9a-f]{64}$/i, KEY_FORMAT)
  .transform((key) => `0x${key.replace(/^0x/i, '').toLowerCase()}` as Hex)
  .refine((key) => {
    const k = BigInt(key);
    return k > 0n && k < SECP256K1_N;
  }, 'this is not a valid secp256k1 private key (zero, or not below the curve order)');

export const ImportKeyBody = CreateProfileBody.extend({ privateKey: PrivateKeySchema }).strict();
export type ImportKeyInput = z.infer<typeof ImportKeyBody>;

/**
 * Refuses an address that already has code on the chain, unless it is our own EIP-7702 delegation to the chain's
 * `Simple7702Account` (then provisioning finds it delegated and sends nothing).
 */
async function refuseForeignCode(chain: ChainConfig, address: Address, delegate: Address) {
  let code: Hex | undefined;
  try {
    code = await publicClientFor(chain, { timeoutMs: 10_000 }).getCode({ address });
  } catch {
    throw apiError(
      'chain_unavailable',
      `chain ${chain.chainId} could not be read to check the address; try again in a moment`,
    );
  }
  if (!code || code === '0x' || code.toLowerCase() === delegationCode(delegate)) return;
  throw apiError(
    'address_has_code',
    `${address} already has code on chain ${chain.chainId} (a contract, or an EIP-7702 delegation to another contract); only a plain account, or one already delegated to Tickwork's Simple7702Account, can be imported`,
    { address, chainId: chain.chainId },
  );
}

/**
 * Creates a pending legacy profile from an imported key: the same checks as a generated one (project, chain,
 * plan, legacy path), then the address must have no foreign code on chain and no profile in the project on that
 * chain yet (`409 profile_already_in_project`). The key is encrypted at once; the insert and the audit event
 * `profile.key_imported` land together; provisioning (the EIP-7702 delegation, dev funding) is the generated
 * profiles' job.
 */
export async function importLegacyProfile(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  input: ImportKeyInput,
) {
  const chain = await requireLegacyChain(db, workspaceId, input);
  const delegate = getChainContracts(chain.chainId)?.simple7702Account;
  if (!delegate) throw new Error(`chain ${chain.chainId} has no Simple7702Account`);
  const { address } = privateKeyToAccount(input.privateKey);
  await refuseForeignCode(chain, address, delegate);
  const encryptedKey = encryptSecret(input.privateKey);

  const row = await db.transaction(async (tx) => {
    // one new profile in a project at a time: the duplicate check and the insert cannot interleave
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, input.projectId)).for('update');
    const [existing] = await tx
      .select({ id: profiles.id, state: profiles.state })
      .from(profiles)
      .where(
        and(
          eq(profiles.projectId, input.projectId),
          eq(profiles.chainId, chain.chainId),
          sql`lower(${profiles.address}) = ${address.toLowerCase()}`,
        ),
      )
      .limit(1);
    if (existing)
      throw apiError(
        'profile_already_in_project',
        `this project already has a profile on ${address} on chain ${chain.chainId} (it is ${existing.state})`,
        { profileId: existing.id, state: existing.state },
      );
    const [inserted] = await tx
      .insert(profiles)
      .values({
        id: newId('profile'),
        workspaceId,
        projectId: input.projectId,
        kind: 'legacy',
        state: 'pending',
        name: input.alias,
        chainId: chain.chainId,
        address,
        encryptedKey,
        keySource: 'imported',
      })
      .returning(recordColumns);
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: 'profile.key_imported',
      target: { type: 'profile', id: inserted.id },
      details: { name: inserted.name, address, chainId: chain.chainId },
    });
    return inserted;
  });
  return queueProvisioning(db, row);
}
