import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/api/openapi/registry';
import { expectError } from '../../support/expect';
import { newMember } from '../../support/fixtures';
import { callOp, newWorld, opLabel } from '../../support/operations';

const mutations = OPERATIONS.filter((op) => op.method !== 'GET').map((op) => [opLabel(op), op] as const);
const reads = OPERATIONS.filter((op) => op.method === 'GET').map((op) => [opLabel(op), op] as const);

describe('roles: mutations need owner or admin', () => {
  it('there are mutations to check', () => expect(mutations.length).toBeGreaterThanOrEqual(4));

  it.each(mutations)('%s: a member with every scope gets 403 forbidden', async (_, op) => {
    const world = await newWorld();
    for (const unbound of [false, true]) {
      const member = await newMember(world.workspaceId, { role: 'member', unbound });
      const res = await callOp(
        op,
        world,
        member.token,
        unbound ? { 'x-workspace-id': world.workspaceId } : undefined,
      );
      expectError(res, 403, 'forbidden');
    }
  });

  it.each(mutations)('%s: an admin may', async (_, op) => {
    const world = await newWorld();
    const admin = await newMember(world.workspaceId, { role: 'admin' });
    const res = await callOp(op, world, admin.token);
    expect(res.status, res.text).toBeLessThan(300);
  });

  it.each(reads)('%s: a member may read', async (_, op) => {
    const world = await newWorld();
    const member = await newMember(world.workspaceId, { role: 'member' });
    const res = await callOp(op, world, member.token);
    expect(res.status, res.text).toBe(200);
  });
});
