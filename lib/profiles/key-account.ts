import type { Address } from 'viem';

/** The account whose key Tickwork holds and that sends: a legacy profile's own address, a Safe profile's executor. */
export const keyAccountOf = (profile: { address: string; executor: string | null }) =>
  (profile.executor ?? profile.address) as Address;
