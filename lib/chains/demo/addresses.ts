import type { Address } from 'viem';

/**
 * The demo contracts the local bootstrap deploys on anvil 31337 (contracts/demo, through the CREATE2 deployer
 * with a zero salt, so each address is a property of the bytecode; the bootstrap checks them). The example
 * tasks target them. Local chain only: nothing deploys them elsewhere.
 */
export const LOCAL_DEMO_CONTRACTS = {
  /** DemoCounter: `increment()` counts and records its caller (`count`, `lastCaller`, `incrementsBy`). */
  counter: '0xD817024caa8F8c11BB833DD3B0813E17135eaA59',
  /** DemoToken (TICK, 18 decimals): an ERC-20 whose `topUp(account)` mints 100 TICK to anyone. */
  token: '0x0e270506bb92FDe6986999393a1DF14a27761abA',
} as const satisfies Record<string, Address>;
