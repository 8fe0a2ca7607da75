// Argument conditions without a chain: permissions.json's form is checked, turned into the Roles condition
// tree zodiac-roles-sdk builds, read back from the flat list the modifier's events carry, compared with what a
// release declares, and said in words; allowances accrue as the modifier computes it.
import { encodeAbiParameters, type Hex, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { Operator } from 'zodiac-roles-sdk';
import { describeRevertReason } from '@/lib/chains/submitters/revert';
import { PermissionsSchema } from '@/lib/functions/permissions';
import { periodWords } from '@/lib/zodiac/allowance-spec';
import { accrued, setAllowanceCalls } from '@/lib/zodiac/allowances';
import {
  allowancesIn,
  argsOfCondition,
  canonicalCondition,
  conditionFor,
  conditionJson,
  unflattenCondition,
} from '@/lib/zodiac/condition-tree';
import { conditionProblems, conditionsWords, looserThanRole } from '@/lib/zodiac/conditions';
import { describeSafeTx, rawScopeConditions } from '@/lib/zodiac/describe';
import { tokenTransferPreset } from '@/lib/zodiac/presets';
import { normalizedCondition, scopeOfCalls } from '@/lib/zodiac/scope-of-calls';

const TOKEN = '0x3333333333333333333333333333333333333333';
const VAULT = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';
const SAFE = '0x5555555555555555555555555555555555555555';
const TRANSFER = 'transfer(address,uint256)';

/** The modifier's event form: breadth first, each node naming its parent. */
function flatten(root: ReturnType<typeof conditionFor>) {
  const out: { parent: number; paramType: number; operator: number; compValue: Hex }[] = [];
  const queue = [{ node: root, parent: 0 }];
  while (queue.length > 0) {
    const { node, parent } = queue.shift() as (typeof queue)[number];
    const index = out.length;
    out.push({
      parent,
      paramType: node.paramType,
      operator: node.operator,
      compValue: (node.compValue ?? '0x') as Hex,
    });
    for (const child of node.children ?? []) queue.push({ node: child, parent: index });
  }
  return out;
}

describe('permissions.json conditions', () => {
  const file = (conditions: unknown) =>
    PermissionsSchema.safeParse({ calls: [{ to: TOKEN, functions: [TRANSFER], conditions }] });

  it('accepts conditions per argument and keeps today’s format valid', () => {
    expect(PermissionsSchema.safeParse({ calls: [{ to: TOKEN, functions: [TRANSFER] }] }).success).toBe(true);
    expect(
      file({ [TRANSFER]: [{ oneOf: [VAULT, OTHER] }, { lte: '1000', allowance: 'daily' }] }).success,
    ).toBe(true);
    expect(file({ [TRANSFER]: [{ avatar: true }] }).success).toBe(true);
    expect(file({ [TRANSFER]: [null, { gte: '1' }] }).success).toBe(true);
  });

  it('refuses conditions that cannot hold, naming the function and argument', () => {
    const messages = (conditions: unknown) => {
      const parsed = file(conditions);
      expect(parsed.success).toBe(false);
      return parsed.error?.issues.map((i) => i.message) ?? [];
    };
    expect(messages({ 'approve(address,uint256)': [null] })).toEqual([
      "approve(address,uint256): conditions for a function the entry's functions do not list",
    ]);
    expect(messages({ [TRANSFER]: [{ lte: '5' }] })).toEqual([
      `${TRANSFER} argument 1 (address): lte, gte and allowance need an unsigned number`,
    ]);
    expect(messages({ [TRANSFER]: [{ eq: 'vault' }] })).toEqual([
      `${TRANSFER} argument 1 (address): "vault" is not a 20-byte 0x address`,
    ]);
    expect(messages({ [TRANSFER]: [{ eq: VAULT, avatar: true }] })).toEqual([
      `${TRANSFER} argument 1 (address): eq, oneOf and avatar exclude each other`,
    ]);
    expect(messages({ [TRANSFER]: [null, null, null] })).toEqual([
      `${TRANSFER}: 3 conditions for 2 argument(s)`,
    ]);
    expect(messages({ [TRANSFER]: [null, { gte: '9', lte: '3' }] })).toEqual([
      `${TRANSFER} argument 2 (uint256): gte 9 is above lte 3`,
    ]);
    expect(conditionProblems('0xa9059cbb', [null])[0]).toMatch(/need the function's signature/);
  });
});

describe('condition trees', () => {
  const declared = [{ oneOf: [VAULT, OTHER] }, { lte: '1000', allowance: 'daily' }];

  it('builds with the SDK, survives the modifier’s flat form, and reads back as declared', () => {
    const tree = normalizedCondition(TOKEN, toFunctionSelector(TRANSFER), conditionFor(TRANSFER, declared));
    expect(tree.operator).toBe(Operator.Matches);
    const back = unflattenCondition(flatten(tree));
    expect(canonicalCondition(back as never)).toEqual(canonicalCondition(tree));
    expect(argsOfCondition(TRANSFER, back as never)).toEqual(declared);
    expect(allowancesIn(back)).toEqual(['daily']);
    expect(argsOfCondition(TRANSFER, conditionFor(TRANSFER, [{ avatar: true }, { gte: '5' }]))).toEqual([
      { avatar: true },
      { gte: '5' },
    ]);
  });

  it('says conditions in words', () => {
    expect(conditionsWords(TRANSFER, declared)).toBe(
      `only when argument 1 (address) is one of ${VAULT}, ${OTHER}; argument 2 (uint256) is at most 1000 and within allowance "daily"`,
    );
    expect(conditionsWords(TRANSFER, [])).toBe('with any arguments');
  });

  it('shows a condition raw, as the modifier checks it, with its types and operators by name', () => {
    const tree = conditionFor(TRANSFER, [{ eq: VAULT }, { allowance: 'daily' }]);
    const raw = JSON.parse(conditionJson(tree));
    expect(raw).toMatchObject({ paramType: 'Calldata', operator: 'Matches' });
    expect(raw.children.map((c: { operator: string }) => c.operator)).toEqual(['EqualTo', 'WithinAllowance']);
    expect(raw.children[0].compValue).toBe(encodeAbiParameters([{ type: 'address' }], [VAULT]));
    const selector = toFunctionSelector(TRANSFER);
    expect(
      rawScopeConditions([{ to: TOKEN, functions: [selector], conditions: { [selector]: tree } }]),
    ).toEqual([{ call: `${TRANSFER} (${selector}) on ${TOKEN}`, condition: conditionJson(tree) }]);
  });

  it('scopes calls in permissions.json’s form with normalized conditions', () => {
    const [entry] = scopeOfCalls([
      { to: TOKEN, functions: [TRANSFER, 'balanceOf(address)'], conditions: { [TRANSFER]: declared } },
    ]);
    expect(entry.functions).toEqual([toFunctionSelector(TRANSFER), toFunctionSelector('balanceOf(address)')]);
    expect(Object.keys(entry.conditions ?? {})).toEqual([toFunctionSelector(TRANSFER)]);
  });
});

describe('a release’s conditions against the role’s', () => {
  const role = [{ eq: VAULT }, { lte: '1000', allowance: 'daily' }] as const;
  const looser = (declared: Parameters<typeof looserThanRole>[1]) =>
    looserThanRole(TRANSFER, declared, [...role], SAFE);

  it('covers a release as strict or stricter', () => {
    expect(looser([{ eq: VAULT }, { lte: '1000' }])).toEqual([]);
    expect(looser([{ oneOf: [VAULT] }, { lte: '5', gte: '1' }])).toEqual([]);
    expect(looser([{ eq: VAULT.toUpperCase().replace('0X', '0x') }, { eq: '999' }])).toEqual([]);
    expect(looserThanRole(TRANSFER, [{ avatar: true }], [{ eq: SAFE }, null], SAFE)).toEqual([]);
    expect(looserThanRole(TRANSFER, [{ eq: OTHER }], ['unknown', null], SAFE)).toEqual([]);
  });

  it('names each argument a release would break', () => {
    expect(looser([{ oneOf: [VAULT, OTHER] }, { lte: '5000' }])).toEqual([
      `${TRANSFER} argument 1 (address): the release declares one of ${VAULT}, ${OTHER}; the role allows equal to ${VAULT}`,
      `${TRANSFER} argument 2 (uint256): the release declares at most 5000; the role allows at most 1000 and within allowance "daily"`,
    ]);
    expect(looser([{ eq: VAULT }, null])).toEqual([
      `${TRANSFER} argument 2 (uint256): the release declares any value; the role allows at most 1000 and within allowance "daily"`,
    ]);
  });
});

describe('allowances', () => {
  const stored = { refill: 1000n, maxRefill: 1000n, period: 86_400n, balance: 400n, timestamp: 86_400n };

  it('refill once a period has passed, up to the cap, as the modifier accrues them', () => {
    expect(accrued(stored, 86_400n + 86_399n)).toEqual({ balance: 400n, timestamp: 86_400n });
    expect(accrued(stored, 86_400n * 2n)).toEqual({ balance: 1000n, timestamp: 86_400n * 2n });
    expect(accrued({ ...stored, refill: 100n }, 86_400n * 4n + 5n)).toEqual({
      balance: 700n,
      timestamp: 86_400n * 4n,
    });
    expect(accrued({ ...stored, period: 0n }, 10n ** 10n)).toEqual({ balance: 400n, timestamp: 86_400n });
    expect(periodWords(86_400)).toBe('1 day');
    expect(periodWords(7_200)).toBe('2 hours');
  });

  it('are set and said in words in the transaction the owners sign', () => {
    const preset = tokenTransferPreset({
      token: TOKEN,
      recipients: [VAULT],
      perCall: '600',
      allowance: { name: 'daily', amount: '1000', periodSeconds: 86_400 },
    });
    const calls = setAllowanceCalls(OTHER, preset.allowances);
    const words = describeSafeTx(
      { to: calls[0].to, value: 0n, data: calls[0].data, operation: 0, nonce: 0n },
      SAFE,
      {
        multiSend: [],
      },
    );
    expect(words[0].description).toBe(
      'Set allowance "daily": 1000 to spend now, refilled by 1000 up to 1000 every 1 day',
    );
    expect(preset.calls[0].conditions?.[TRANSFER]).toEqual([
      { eq: VAULT },
      { allowance: 'daily', lte: '600' },
    ]);
  });

  it('a run past one fails with the allowance named', () => {
    const violation = encodeAbiParameters(
      [{ type: 'uint8' }, { type: 'bytes32' }],
      [17, `0x${Buffer.from('daily').toString('hex').padEnd(64, '0')}`],
    );
    const selector = toFunctionSelector('ConditionViolation(uint8,bytes32)');
    expect(describeRevertReason(`${selector}${violation.slice(2)}` as Hex)).toBe(
      'with the Roles error ConditionViolation: AllowanceExceeded (allowance "daily" has less left than the call spends)',
    );
  });
});
