import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/api/openapi/registry';
import { SCOPES } from '@/lib/auth/scopes';
import { expectError } from '../../support/expect';
import { newKey } from '../../support/fixtures';
import { callOp, newWorld, opLabel } from '../../support/operations';

// Table-driven from the registry, so a new route is covered the day it is registered.
const table = OPERATIONS.map((op) => [opLabel(op), op] as const);

describe('every operation checks exactly its one scope', () => {
  it('the registry lists the operations and each names a known scope', () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(13);
    for (const op of OPERATIONS) expect(SCOPES).toContain(op.scope);
  });

  it.each(table)('%s: a key with every scope but its own gets 403 insufficient_scope', async (_, op) => {
    const world = await newWorld();
    const key = await newKey(world, { scopes: SCOPES.filter((s) => s !== op.scope) });
    const res = await callOp(op, world, key.token);
    expectError(res, 403, 'insufficient_scope');
    expect(res.body.requiredScope).toBe(op.scope);
  });

  it.each(table)('%s: a key with only its own scope succeeds', async (_, op) => {
    const world = await newWorld();
    const key = await newKey(world, { scopes: [op.scope] });
    const res = await callOp(op, world, key.token);
    expect(res.status, res.text).toBeGreaterThanOrEqual(200);
    expect(res.status, res.text).toBeLessThan(300);
  });

  it('a key with no scopes at all is refused everywhere', async () => {
    const world = await newWorld();
    const key = await newKey(world, { scopes: [] });
    for (const op of OPERATIONS) expectError(await callOp(op, world, key.token), 403, 'insufficient_scope');
  });
});
