import { bigint, index, integer, jsonb, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { projectOwned } from './projects';
import { id, timestamps } from './util';

export const profileKindEnum = pgEnum('profile_kind', ['legacy', 'safe', 'roles']);
export const profileStateEnum = pgEnum('profile_state', ['pending', 'active', 'archived']);

/** A Safe as Tickwork last read it from the chain. */
export type SafeSnapshot = {
  version: string;
  owners: string[];
  threshold: number;
  nonce: string;
  /** Whether the profile's executor is an enabled module of the Safe. */
  moduleEnabled: boolean;
  readAt: string;
};

/** The on-chain account that sends an executable's calls, tied to one chain. */
export const profiles = pgTable(
  'profiles',
  {
    id: id(),
    ...projectOwned(),
    kind: profileKindEnum('kind').notNull(),
    state: profileStateEnum('state').notNull(),
    name: text('name').notNull(),
    chainId: integer('chain_id').notNull(),
    /** The address that sends: the 7702-delegated EOA (legacy), the Safe (safe), the Safe behind the Roles modifier (roles). */
    address: text('address').notNull(),
    /** Envelope-encrypted private key of a legacy profile's account; never leaves lib/crypto decrypted. */
    encryptedKey: text('encrypted_key'),
    /** Safe and roles profiles: the account Tickwork holds the key of (`encryptedKey`), a module of the Safe. */
    executor: text('executor'),
    /** Safe and roles profiles: the Safe as last read from the chain (owners, threshold, module status…). */
    safeState: jsonb('safe_state').$type<SafeSnapshot>(),
    /** Roles profiles: the Zodiac Roles v2 modifier between the Safe and the executor, and the executor's role. */
    rolesModifier: text('roles_modifier'),
    roleKey: text('role_key'),
    /** Roles profiles: the block the modifier's setup was prepared at; its events are read from there on. */
    rolesSinceBlock: bigint('roles_since_block', { mode: 'number' }),
    /** Readable reason while provisioning failed (legacy pending). */
    stateReason: text('state_reason'),
    /** Set on a shared copy: the profile it shares the account of. */
    sharedFromId: text('shared_from_id'),
    ...timestamps,
  },
  (t) => [
    index('profiles_project_idx').on(t.projectId, t.id),
    index('profiles_address_idx').on(t.chainId, t.address),
  ],
);
