import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OPERATIONS } from '@/lib/api/openapi/registry';
import type { Operation } from '@/lib/api/operation';
import { SCOPES } from '@/lib/auth/scopes';
import { expectError } from '../../support/expect';
import { newKey } from '../../support/fixtures';
import { callOp, newWorld, opLabel } from '../../support/operations';

// Table-driven from the registry, so a new route is covered the day it is registered.
const table = OPERATIONS.map((op) => [opLabel(op), op] as const);

/**
 * Where a schema has an object that lets unknown keys through: in its input JSON Schema, an object with
 * properties but no `additionalProperties: false`.
 */
function looseObjects(node: unknown, path: string, found: string[] = []): string[] {
  if (!node || typeof node !== 'object') return found;
  const schema = node as Record<string, unknown>;
  if (schema.type === 'object' && schema.properties && schema.additionalProperties !== false)
    found.push(path);
  for (const [key, child] of Object.entries(schema)) {
    const items = Array.isArray(child) ? child : [child];
    items.forEach((item, i) => {
      looseObjects(item, Array.isArray(child) ? `${path}.${key}[${i}]` : `${path}.${key}`, found);
    });
  }
  return found;
}

describe('every operation checks exactly its one scope', () => {
  it('the registry lists the operations and each names a known scope', () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(13);
    for (const op of OPERATIONS) expect(SCOPES).toContain(op.scope);
  });

  it('every success response schema is made of strict objects (an unknown key anywhere is refused)', () => {
    const loose = OPERATIONS.flatMap((op) =>
      Object.entries(op.responses).flatMap(([status, schema]) =>
        looseObjects(z.toJSONSchema(schema, { io: 'input' }), `${opLabel(op)} ${status}`),
      ),
    );
    expect(loose).toEqual([]);
  });

  it.each(table)('%s: a key with every scope but its own gets 403 insufficient_scope', async (_, op) => {
    const world = await newWorld();
    const key = await newKey(world, { scopes: SCOPES.filter((s) => s !== op.scope) });
    const res = await callOp(op, world, key.token);
    expectError(res, 403, 'insufficient_scope');
    expect(res.body.requiredScope).toBe(op.scope);
  });

  it.each(table)(
    '%s: a key with only its own scope succeeds, with a body its response schema parses',
    async (_, op) => {
      const world = await newWorld();
      const key = await newKey(world, { scopes: [op.scope] });
      const res = await callOp(op, world, key.token);
      expect(res.status, res.text).toBeGreaterThanOrEqual(200);
      expect(res.status, res.text).toBeLessThan(300);
      const schema = op.responses[res.status as keyof Operation['responses']];
      expect(schema, `${res.status} is not a documented success status`).toBeDefined();
      const parsed = schema?.safeParse(res.body);
      expect(parsed?.success, parsed?.error && `${z.prettifyError(parsed.error)}\n${res.text}`).toBe(true);
    },
  );

  it('a key with no scopes at all is refused everywhere', async () => {
    const world = await newWorld();
    const key = await newKey(world, { scopes: [] });
    for (const op of OPERATIONS) expectError(await callOp(op, world, key.token), 403, 'insufficient_scope');
  });
});
