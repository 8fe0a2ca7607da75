import { describe, expect, it } from 'vitest';
import { readGivenSchema } from '@/lib/functions/given-schema';

// The args schema an upload's `data.schema` gives the release (no stack needed): a JSON Schema as it is, and
// Gelato's own schema.json format converted as the bundled schema.json is, never stored as a no-op schema.

const GELATO = {
  web3FunctionVersion: '2.0.0',
  runtime: 'js-1.0',
  memory: 256,
  timeout: 12,
  userArgs: { target: 'string', amounts: 'number[]', dry: 'boolean' },
};

describe('a schema given at upload', () => {
  it("in Gelato's schema.json format becomes the args schema and limits it stands for", () => {
    const given = readGivenSchema(JSON.stringify(GELATO));
    expect(given && JSON.parse(given.argsSchema)).toEqual({
      type: 'object',
      properties: {
        target: { type: 'string' },
        amounts: { type: 'array', items: { type: 'number' } },
        dry: { type: 'boolean' },
      },
      required: ['target', 'amounts', 'dry'],
      additionalProperties: false,
    });
    expect(given?.limits).toEqual({ memoryMb: 128, timeoutMs: 12_000 });
  });

  it("in Gelato's format but malformed is refused, naming what to fix", () => {
    expect(() => readGivenSchema(JSON.stringify({ ...GELATO, userArgs: { target: 'address' } }))).toThrow(
      expect.objectContaining({
        code: 'invalid_gelato_schema',
        message: expect.stringMatching(
          /^schema \(.*web3FunctionVersion.*\) is not a Gelato Web3 Function schema: userArgs\.target: /,
        ),
      }),
    );
  });

  it('as a JSON Schema is kept verbatim, without limits of its own', () => {
    const schema = '{"type":"object","properties":{"a":{"type":"integer"}}}';
    expect(readGivenSchema(schema)).toEqual({ argsSchema: schema, limits: null });
    expect(readGivenSchema(undefined)).toBeNull();
    expect(() => readGivenSchema('{"type":12}')).toThrow(expect.objectContaining({ code: 'invalid_schema' }));
  });
});
