import { describe, expect, it } from 'vitest';
import { checkPermissionsCoverage, type ProfilePolicy, profilePolicy } from '@/lib/executables/permissions';
import { declaresCall, resolvePermissions } from '@/lib/functions/permissions';

const TOKEN = '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd';
const VAULT = '0x2222222222222222222222222222222222222222';
const release = {
  permissions: {
    calls: [
      { to: TOKEN, functions: ['transfer(address,uint256)', '0x095ea7b3'] },
      { to: VAULT, functions: ['deposit(uint256)'] },
    ],
  },
};

/** A fake policy: only `transfer` on TOKEN (selector 0xa9059cbb). */
const onlyTransfer: ProfilePolicy = {
  kind: 'restricted',
  allows: (to, selector) => to === TOKEN && selector === '0xa9059cbb',
};

describe('checkPermissionsCoverage', () => {
  it('reports each call the policy does not allow, grouped per target', async () => {
    expect(await checkPermissionsCoverage(release, { kind: 'roles' }, '{}', onlyTransfer)).toEqual([
      { to: TOKEN, functions: ['0x095ea7b3'] },
      { to: VAULT, functions: ['deposit(uint256)'] },
    ]);
  });

  it('a policy that allows everything the release calls covers it', async () => {
    const all: ProfilePolicy = { kind: 'restricted', allows: () => true };
    expect(await checkPermissionsCoverage(release, { kind: 'safe' }, '{}', all)).toEqual([]);
  });

  it('targets are compared lowercase (checksummed addresses in permissions.json)', async () => {
    const mixed = {
      permissions: {
        calls: [{ to: `0x${TOKEN.slice(2).toUpperCase()}`, functions: ['transfer(address,uint256)'] }],
      },
    };
    expect(await checkPermissionsCoverage(mixed, { kind: 'roles' }, '{}', onlyTransfer)).toEqual([]);
  });

  it('a release without permissions.json needs nothing', async () => {
    expect(
      await checkPermissionsCoverage({ permissions: null }, { kind: 'roles' }, '{}', onlyTransfer),
    ).toEqual([]);
  });

  it('legacy and safe profiles cover everything (their account can make any call)', async () => {
    for (const kind of ['legacy', 'safe'] as const) {
      expect(await profilePolicy({ kind })).toEqual({ kind: 'unrestricted' });
      expect(await checkPermissionsCoverage(release, { kind }, '{}')).toEqual([]);
    }
  });

  it('a roles profile without its modifier allows nothing', async () => {
    const policy = await profilePolicy({ kind: 'roles' });
    expect(policy.kind).toBe('restricted');
    expect(await checkPermissionsCoverage(release, { kind: 'roles' }, '{}')).toHaveLength(2);
  });
});

describe('$args targets', () => {
  const byArgs = {
    permissions: { calls: [{ to: '$args.token', functions: ['transfer(address,uint256)'] }] },
  };
  const transfer = { to: TOKEN, data: '0xa9059cbb0000' };

  it('resolve from the saved args; a missing or non-address field resolves nothing', () => {
    expect(resolvePermissions(byArgs.permissions, JSON.stringify({ token: TOKEN })).calls).toEqual([
      { to: TOKEN, functions: ['transfer(address,uint256)'] },
    ]);
    for (const args of ['{}', '{"token":"nope"}', '{"token":42}', 'not json', null])
      expect(resolvePermissions(byArgs.permissions, args)).toEqual({
        calls: [],
        unresolved: ['$args.token'],
      });
  });

  it('declare a call only to the address the args hold', () => {
    expect(declaresCall(byArgs.permissions, transfer, JSON.stringify({ token: TOKEN }))).toBe(true);
    expect(declaresCall(byArgs.permissions, transfer, JSON.stringify({ token: VAULT }))).toBe(false);
    expect(declaresCall(byArgs.permissions, transfer, '{}')).toBe(false);
  });

  it('an unresolved reference is missing coverage, for every profile kind', async () => {
    expect(await checkPermissionsCoverage(byArgs, { kind: 'legacy' }, '{}')).toEqual([
      { to: '$args.token', functions: ['transfer(address,uint256)'] },
    ]);
    expect(
      await checkPermissionsCoverage(byArgs, { kind: 'legacy' }, JSON.stringify({ token: TOKEN })),
    ).toEqual([]);
    expect(
      await checkPermissionsCoverage(
        byArgs,
        { kind: 'roles' },
        JSON.stringify({ token: TOKEN }),
        onlyTransfer,
      ),
    ).toEqual([]);
  });
});
