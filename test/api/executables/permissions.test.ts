import { describe, expect, it } from 'vitest';
import { checkPermissionsCoverage, type ProfilePolicy, profilePolicy } from '@/lib/executables/permissions';

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
  it('reports each call the policy does not allow, grouped per target', () => {
    expect(checkPermissionsCoverage(release, { kind: 'roles' }, onlyTransfer)).toEqual([
      { to: TOKEN, functions: ['0x095ea7b3'] },
      { to: VAULT, functions: ['deposit(uint256)'] },
    ]);
  });

  it('a policy that allows everything the release calls covers it', () => {
    const all: ProfilePolicy = { kind: 'restricted', allows: () => true };
    expect(checkPermissionsCoverage(release, { kind: 'safe' }, all)).toEqual([]);
  });

  it('targets are compared lowercase (checksummed addresses in permissions.json)', () => {
    const mixed = {
      permissions: {
        calls: [{ to: `0x${TOKEN.slice(2).toUpperCase()}`, functions: ['transfer(address,uint256)'] }],
      },
    };
    expect(checkPermissionsCoverage(mixed, { kind: 'roles' }, onlyTransfer)).toEqual([]);
  });

  it('a release without permissions.json needs nothing', () => {
    expect(checkPermissionsCoverage({ permissions: null }, { kind: 'roles' }, onlyTransfer)).toEqual([]);
  });

  it('legacy covers everything; safe and roles are not checkable yet and count as covered', () => {
    for (const kind of ['legacy', 'safe', 'roles'] as const) {
      expect(profilePolicy({ kind })).toEqual({ kind: 'unrestricted' });
      expect(checkPermissionsCoverage(release, { kind })).toEqual([]);
    }
  });
});
