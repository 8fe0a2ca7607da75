// The console's args form, pure parts: a release's args JSON Schema as form fields (what falls back to the JSON
// editor, which strings are addresses, the defaults a new executable starts with), and ajv's findings as words
// next to the field they are about.
import { describe, expect, it } from 'vitest';
import {
  argsProblems,
  NOT_AN_ADDRESS,
  problemLine,
  problemsByField,
} from '@/app/(console)/[workspace]/projects/[projectId]/executables/_components/args-problems';
import {
  argsFormOf,
  defaultArgsOf,
  isAddressPattern,
} from '@/app/(console)/[workspace]/projects/[projectId]/executables/_components/args-schema';
import {
  numberOfText,
  valueAt,
  withValueAt,
} from '@/app/(console)/[workspace]/projects/[projectId]/executables/_components/args-values';

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'keeper args',
  type: 'object',
  required: ['counter', 'threshold', 'vault'],
  properties: {
    counter: { description: 'The counter contract', type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
    threshold: { type: 'number', minimum: 0 },
    steps: { type: 'integer', default: 3 },
    mode: { enum: ['fast', 'safe'], default: 'safe' },
    dryRun: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
    vault: {
      title: 'Vault',
      type: 'object',
      required: ['owner', 'paused'],
      properties: { owner: { type: 'string', format: 'address' }, paused: { type: 'boolean' } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};
const schemaText = JSON.stringify(SCHEMA);

describe('schema → fields', () => {
  it('maps every supported construct to a field, with its path, label, marks and help', () => {
    const plan = argsFormOf(schemaText);
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.fields).toEqual([
      {
        name: 'counter',
        path: '/counter',
        label: 'counter',
        required: true,
        description: 'The counter contract',
        default: undefined,
        kind: 'string',
        address: true,
      },
      expect.objectContaining({ path: '/threshold', kind: 'number', required: true, address: false }),
      expect.objectContaining({ path: '/steps', kind: 'integer', required: false, default: 3 }),
      expect.objectContaining({ path: '/mode', kind: 'enum', options: ['fast', 'safe'], default: 'safe' }),
      expect.objectContaining({ path: '/dryRun', kind: 'boolean', required: false }),
      expect.objectContaining({ path: '/tags', kind: 'array', item: { kind: 'string', address: false } }),
      expect.objectContaining({
        path: '/vault',
        label: 'Vault',
        kind: 'object',
        required: true,
        fields: [
          expect.objectContaining({ path: '/vault/owner', kind: 'string', address: true, required: true }),
          expect.objectContaining({ path: '/vault/paused', kind: 'boolean', required: true }),
        ],
      }),
    ]);
  });

  it('escapes property names in paths as ajv does (JSON pointer)', () => {
    const plan = argsFormOf('{"type":"object","properties":{"a/b~c":{"type":"string"}}}');
    expect(plan.ok && plan.fields[0].path).toBe('/a~1b~0c');
  });

  it.each([
    ['a $ref', { type: 'object', properties: { a: { $ref: '#/definitions/x' } } }, '`$ref` (at /a)'],
    ['anyOf', { type: 'object', properties: { a: { anyOf: [{ type: 'string' }] } } }, '`anyOf` (at /a)'],
    ['a type union', { type: 'object', properties: { a: { type: ['string', 'null'] } } }, 'the type'],
    [
      'a list of objects',
      { type: 'object', properties: { a: { type: 'array', items: { type: 'object' } } } },
      'a list of objects',
    ],
    [
      'a tuple',
      { type: 'object', properties: { a: { type: 'array', items: [{ type: 'string' }] } } },
      'one items schema',
    ],
    [
      'a root oneOf',
      { type: 'object', oneOf: [], properties: { a: { type: 'string' } } },
      '`oneOf` (at the root)',
    ],
    ['no properties', { type: 'object', additionalProperties: { type: 'number' } }, 'declares no properties'],
    ['an array root', { type: 'array' }, 'does not describe an object'],
    ['an enum of objects', { type: 'object', properties: { a: { enum: [{}] } } }, 'an enum of other'],
    ['not JSON', '{', 'not valid JSON'],
  ])('falls back to the JSON editor for %s, saying why', (_name, schema, reason) => {
    const plan = argsFormOf(typeof schema === 'string' ? schema : JSON.stringify(schema));
    expect(plan.ok).toBe(false);
    expect(!plan.ok && plan.reason).toContain(reason);
  });

  it('reads a pattern as an address however it spells 40 hex digits, and nothing else', () => {
    for (const p of ['^0x[0-9a-fA-F]{40}$', '^0x[a-fA-F0-9]{40}$', '^0x[0-9A-Fa-f]{40}$', '^0x[0-9a-f]{40}$'])
      expect(isAddressPattern(p), p).toBe(true);
    for (const p of ['^[0-9]+$', '^0x[0-9a-fA-F]*$', '^0x[0-9a-fA-F]{64}$', '0x[0-9a-fA-F]{40}', '^(', '.*'])
      expect(isAddressPattern(p), p).toBe(false);
  });

  it('pre-fills declared defaults, required groups and required checkboxes', () => {
    const plan = argsFormOf(schemaText);
    expect(plan.ok && defaultArgsOf(plan.fields)).toEqual({
      steps: 3,
      mode: 'safe',
      vault: { paused: false },
    });
  });
});

describe('ajv errors → words at fields', () => {
  const fields = (() => {
    const plan = argsFormOf(schemaText);
    if (!plan.ok) throw new Error(plan.reason);
    const paths = (fs: typeof plan.fields): string[] =>
      fs.flatMap((f) => [f.path, ...(f.kind === 'object' ? paths(f.fields) : [])]);
    return paths(plan.fields);
  })();
  const check = (args: unknown) => problemsByField(argsProblems(JSON.stringify(args), schemaText), fields);

  it('says Required at each missing field, nested ones included', () => {
    const { byField, rest } = check({ vault: {} });
    expect(Object.fromEntries(byField)).toEqual({
      '/counter': ['Required'],
      '/threshold': ['Required'],
      '/vault/owner': ['Required'],
      '/vault/paused': ['Required'],
    });
    expect(rest).toEqual([]);
  });

  it('words wrong types, addresses, enums, limits and list items', () => {
    const { byField, rest } = check({
      counter: '0x1234',
      threshold: 'high',
      steps: 1.5,
      mode: 'slow',
      dryRun: 'yes',
      tags: ['a', 2, 'c', 'd'],
      vault: { owner: 'alice', paused: false },
    });
    expect(Object.fromEntries(byField)).toEqual({
      '/counter': [NOT_AN_ADDRESS],
      '/threshold': ['Enter a number'],
      '/steps': ['Enter a whole number'],
      '/mode': ['Choose one of "fast", "safe"'],
      '/dryRun': ['Choose true or false'],
      '/tags': ['At most 3 items', 'Item 2: Enter text'],
      '/vault/owner': [NOT_AN_ADDRESS],
    });
    expect(rest).toEqual([]);
  });

  it('accepts good args, an address in any letter case included', () => {
    const good = { counter: ADDRESS.toLowerCase(), threshold: 0, vault: { owner: ADDRESS, paused: true } };
    expect(argsProblems(JSON.stringify(good), schemaText)).toEqual([]);
    expect(check({ ...good, threshold: -1 }).byField.get('/threshold')).toEqual(['At least 0']);
  });

  it('leaves what no field holds for the form as a whole', () => {
    const { rest } = check({
      counter: ADDRESS,
      threshold: 1,
      vault: { owner: ADDRESS, paused: true },
      extra: 1,
    });
    expect(rest).toEqual([{ path: '', message: '“extra” is not an arg the schema declares' }]);
    expect(argsProblems('{', schemaText)[0].message).toMatch(/^Not valid JSON/);
    expect(argsProblems('[]', null)).toEqual([{ path: '', message: 'Args must be a JSON object.' }]);
    expect(argsProblems('{}', null)).toEqual([]);
  });

  it('lists problems for the JSON editor with their paths', () => {
    expect(argsProblems('{"vault":{}}', schemaText).map(problemLine)).toContain('vault/owner: Required');
  });
});

describe('form values', () => {
  it('sets and removes values at a path, creating groups on the way, without touching the original', () => {
    const args = { a: 1 };
    const set = withValueAt(args, '/vault/owner', ADDRESS);
    expect(set).toEqual({ a: 1, vault: { owner: ADDRESS } });
    expect(args).toEqual({ a: 1 });
    expect(valueAt(set, '/vault/owner')).toBe(ADDRESS);
    expect(valueAt(set, '/vault/none/deeper')).toBeUndefined();
    expect(withValueAt(set, '/a', undefined)).toEqual({ vault: { owner: ADDRESS } });
  });

  it('reads a number box: empty is nothing, a number is a number, anything else stays text', () => {
    expect(numberOfText('')).toBeUndefined();
    expect(numberOfText(' 2.5 ')).toBe(2.5);
    expect(numberOfText('-1e3')).toBe(-1000);
    expect(numberOfText('1.')).toBe(1);
    expect(numberOfText('0x10')).toBe('0x10');
    expect(numberOfText('high')).toBe('high');
  });
});
