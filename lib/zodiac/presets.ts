// Presets: common shapes of least privilege, filled from a short form into calls (permissions.json's form, with
// argument conditions) and the allowances they count against. Pure and client-safe: the console's wizard and
// "Allow these calls" use them, and what they produce is what the owners read in words before they sign.
import type { AllowanceSpec } from './allowance-spec';
import type { ArgCondition } from './conditions';

export type PresetCalls = {
  calls: { to: string; functions: string[]; conditions?: Record<string, (ArgCondition | null)[]> }[];
  allowances: AllowanceSpec[];
};

export const TRANSFER = 'transfer(address,uint256)';
export const APPROVE = 'approve(address,uint256)';

const recipientsCondition = (recipients: readonly string[]): ArgCondition =>
  recipients.length === 1 ? { eq: recipients[0] } : { oneOf: [...recipients] };

/**
 * ERC-20 `transfer` of `token` to the listed recipients only, every amount counted against an allowance of
 * `amount` per period (and, with `perCall`, no single transfer above it).
 */
export function tokenTransferPreset(input: {
  token: string;
  recipients: readonly string[];
  allowance: AllowanceSpec;
  perCall?: string;
}): PresetCalls {
  const amount: ArgCondition = {
    allowance: input.allowance.name,
    ...(input.perCall !== undefined && { lte: input.perCall }),
  };
  return {
    calls: [
      {
        to: input.token,
        functions: [TRANSFER],
        conditions: { [TRANSFER]: [recipientsCondition(input.recipients), amount] },
      },
    ],
    allowances: [input.allowance],
  };
}

/** ERC-20 `approve` of `token` to one listed spender only (and, with `max`, no approval above it). */
export function tokenApprovePreset(input: { token: string; spender: string; max?: string }): PresetCalls {
  return {
    calls: [
      {
        to: input.token,
        functions: [APPROVE],
        conditions: {
          [APPROVE]: [{ eq: input.spender }, input.max !== undefined ? { lte: input.max } : null],
        },
      },
    ],
    allowances: [],
  };
}

/**
 * A keeper function (`performUpkeep(bytes)`, `harvest()`, …) on one contract, with any arguments and no value:
 * a role never lets a function call carry ether.
 */
export function keeperCallPreset(input: { target: string; signature: string }): PresetCalls {
  return { calls: [{ to: input.target, functions: [input.signature] }], allowances: [] };
}
