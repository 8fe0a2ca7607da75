import type { AmountValue } from '@/components/ui/amount';
import type { KeySource, ProfileKind, ProfileState, SafeTransactionPurpose } from '@/db/enums';

/** An allowance as read from chain: what is left of its amount, its period in words, its next refill. */
export type AllowanceView = {
  name: string;
  balance: string;
  amount: string;
  period: string;
  /** unix ms; null when it never refills */
  nextRefillAt: number | null;
};

/** A profile as the Profiles tab shows it (the page reads it, the table and its actions render it). */
export type ProfileView = {
  id: string;
  name: string;
  kind: ProfileKind;
  state: ProfileState;
  chainId: number;
  chainName: string;
  address: string;
  stateReason: string | null;
  /** The native balance, null when the chain did not answer. */
  balance: AmountValue | null;
  shared: boolean;
  /** Legacy profiles: whether Tickwork generated the account's key or a person imported it; null otherwise. */
  keySource: KeySource | null;
  faucet: boolean;
  /** Safe profiles: the account Tickwork holds the key of, enabled as a module of the Safe; it pays the gas. */
  executor: { address: string; balance: AmountValue | null } | null;
  /** Safe and roles profiles: the Safe as last read, and its transaction still collecting signatures, if any. */
  safe: {
    owners: string[];
    threshold: number;
    moduleEnabled: boolean;
    openTransaction: {
      id: string;
      purpose: SafeTransactionPurpose;
    } | null;
  } | null;
  /**
   * Roles profiles: the Zodiac Roles modifier, and the newest executed transaction that set the role (what it
   * allows, as Tickwork set it).
   */
  roles: {
    modifier: string;
    lastChange: { id: string; scope: { to: string; functions: string[] }[] } | null;
    /** The allowances the role spends from, read from chain now; null when the chain did not answer. */
    allowances: AllowanceView[] | null;
  } | null;
  /**
   * The sending account's nonce held too long (the record's `nonceBlocked`): for how long, and the page of the
   * execution holding it (null when that execution cannot be shown, e.g. its project was deleted).
   */
  nonceBlocked: {
    nonce: number;
    reason: 'cancellation_pending' | 'not_mined';
    heldForMs: number;
    executionHref: string | null;
  } | null;
};
