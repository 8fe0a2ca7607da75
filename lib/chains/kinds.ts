// Chain families by id, for the defaults that differ between them (trigger confirmations, expected block time).

/** Chains whose blocks are final only after Ethereum's own finality: mainnet and its testnets (12 s slots). */
export const L1_CHAIN_IDS: ReadonlySet<number> = new Set([1, 11155111, 17000, 560048]);
/** Local development chains (anvil, hardhat): they mine on demand, and nothing reorganises them unless a test asks. */
export const LOCAL_CHAIN_IDS: ReadonlySet<number> = new Set([31337, 1337]);
/** Seconds between Ethereum L1 blocks (one slot). */
export const L1_BLOCK_TIME_SECONDS = 12;
