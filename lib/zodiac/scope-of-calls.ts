// What a role request names (calls in permissions.json's form: targets, functions by signature or selector,
// argument conditions by signature) as the scope a role is built from: selectors, and Roles condition trees
// normalized as the modifier will hold them, so a role read back from chain compares equal.
import type { Address, Hex } from 'viem';
import { type Condition, processPermissions } from 'zodiac-roles-sdk';
import { conditionFor } from './condition-tree';
import type { ScopeEntry } from './role';
import { type PermissionCalls, selectorOf } from './scope-drafts';

/** A condition as processPermissions leaves it (the form the modifier's events give back). */
export function normalizedCondition(to: string, selector: string, condition: Condition): Condition {
  const [target] = processPermissions([
    { targetAddress: to.toLowerCase() as Address, selector: selector as Hex, condition },
  ]).targets;
  return target.functions[0].condition as Condition;
}

export function scopeOfCalls(calls: PermissionCalls['calls']): ScopeEntry[] {
  return calls.map(({ to, functions, conditions }) => {
    const conditioned = Object.entries(conditions ?? {}).map(([signature, args]) => {
      const selector = selectorOf(signature);
      return [selector, normalizedCondition(to, selector, conditionFor(signature, args))] as const;
    });
    return {
      to,
      functions: functions.map(selectorOf),
      ...(conditioned.length > 0 && { conditions: Object.fromEntries(conditioned) }),
    };
  });
}
