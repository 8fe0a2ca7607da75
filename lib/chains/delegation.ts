import { type Address, concat, type Hex } from 'viem';

/** The code of an EOA delegated with EIP-7702: the designator `0xef0100` followed by the delegate's address. */
export const delegationCode = (delegate: Address): Hex => concat(['0xef0100', delegate]).toLowerCase() as Hex;
