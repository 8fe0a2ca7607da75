// The role wizard's condition editor, pure part: a function's conditions as one form per argument and back, and
// what it refuses before anything reaches the Roles modifier.
import { describe, expect, it } from 'vitest';
import { ANY_VALUE, argFormsOf, conditionsOfForms, matchesFor } from '@/lib/zodiac/condition-form';

const TRANSFER = 'transfer(address,uint256)';
const VAULT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const OTHER = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

describe('the condition editor', () => {
  it('shows existing conditions, one form per argument', () => {
    expect(argFormsOf(TRANSFER, [{ oneOf: [VAULT, OTHER] }, { lte: '5', allowance: 'daily' }])).toEqual([
      { ...ANY_VALUE, match: 'oneOf', values: `${VAULT}, ${OTHER}` },
      { ...ANY_VALUE, lte: '5', allowance: 'daily' },
    ]);
    expect(argFormsOf(TRANSFER, undefined)).toEqual([ANY_VALUE, ANY_VALUE]);
    expect(argFormsOf('harvest()', undefined)).toEqual([]);
    expect(argFormsOf(null, undefined)).toBeNull();
  });

  it('offers the Safe itself only for an address', () => {
    expect(matchesFor('address')).toContain('avatar');
    expect(matchesFor('uint256')).not.toContain('avatar');
  });

  it('turns the forms into permissions.json conditions, checksummed, trailing "any value" left out', () => {
    expect(
      conditionsOfForms(TRANSFER, [
        { ...ANY_VALUE, match: 'oneOf', values: `${VAULT.toLowerCase()},  ${OTHER}` },
        ANY_VALUE,
      ]),
    ).toEqual({ conditions: [{ oneOf: [VAULT, OTHER] }] });
    expect(
      conditionsOfForms(TRANSFER, [
        { ...ANY_VALUE, match: 'avatar' },
        { ...ANY_VALUE, lte: ' 6000 ', gte: '1', allowance: 'daily' },
      ]),
    ).toEqual({ conditions: [{ avatar: true }, { lte: '6000', gte: '1', allowance: 'daily' }] });
    // one value typed under "one of" is an equality
    expect(conditionsOfForms(TRANSFER, [{ ...ANY_VALUE, match: 'oneOf', values: VAULT }, ANY_VALUE])).toEqual(
      {
        conditions: [{ eq: VAULT }],
      },
    );
    expect(conditionsOfForms(TRANSFER, [ANY_VALUE, ANY_VALUE])).toEqual({ conditions: [] });
  });

  it('refuses what the modifier could not check, naming the argument', () => {
    const problems = (forms: Parameters<typeof conditionsOfForms>[1]) => {
      const result = conditionsOfForms(TRANSFER, forms);
      return 'problems' in result ? result.problems : [];
    };
    expect(problems([{ ...ANY_VALUE, match: 'eq' }, ANY_VALUE])).toEqual([
      `${TRANSFER} argument 1 (address): type the value it must be`,
    ]);
    expect(problems([{ ...ANY_VALUE, match: 'eq', values: 'vault' }, ANY_VALUE])).toEqual([
      `${TRANSFER} argument 1 (address): "vault" is not a 20-byte 0x address`,
    ]);
    expect(problems([ANY_VALUE, { ...ANY_VALUE, lte: '6 TICK' }])).toEqual([
      `${TRANSFER} argument 2 (uint256): "6 TICK" (at most) is not a whole number`,
    ]);
    expect(problems([ANY_VALUE, { ...ANY_VALUE, lte: '5', gte: '9' }])).toEqual([
      `${TRANSFER} argument 2 (uint256): gte 9 is above lte 5`,
    ]);
  });
});
