/**
 * What a record's `sponsorshipProvider: null` means for sponsored gas: the chain's own paymaster where its
 * config has one, else Pimlico (the local chain always uses its local paymaster; docs/executions.md).
 */
export const DEFAULT_SPONSOR = 'default (chain paymaster, else pimlico)';

/** The record's sponsor as people read it. */
export const sponsorLabel = (provider: string | null) => provider ?? DEFAULT_SPONSOR;
