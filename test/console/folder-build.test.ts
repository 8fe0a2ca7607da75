// The console's server-side build (no stack needed): a task folder uploaded as a ZIP of its source, and the
// template gallery, built as `tickwork bundle` builds them, reading nothing outside the folder but the
// platform's packages and the SDK.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { buildUploadedFolder } from '@/lib/functions/build/uploaded-folder';
import { buildTemplate, FUNCTION_TEMPLATES } from '@/lib/functions/templates';
import { makeZip } from '../support/bundles';

const names = (zip: Uint8Array) => Object.keys(unzipSync(zip)).sort();
const outside = mkdtempSync(path.join(tmpdir(), 'folder-build-outside-'));
afterAll(() => rmSync(outside, { recursive: true, force: true }));

const TASK = `import { defineTask } from '@tickwork/sdk';
import { isAddress } from 'viem';
import { label } from './lib/label';
export default defineTask({ run: async ({ args }) => ({ canExec: false, message: label(isAddress(args.to)) }) });
`;
const SCHEMA = JSON.stringify({ type: 'object', required: ['to'], properties: { to: { type: 'string' } } });

/** Why building these files failed, as the console answers it. */
async function refusal(files: Record<string, string>) {
  return buildUploadedFolder(makeZip(files)).then(
    () => null,
    (error) => ({ code: error.code, message: error.message as string }),
  );
}

describe('a task folder uploaded from the console', () => {
  it('builds from a ZIP of its folder, leaving node_modules and .git behind, keeping its schema', async () => {
    const built = await buildUploadedFolder(
      makeZip({
        'my-task/index.ts': TASK,
        'my-task/lib/label.ts': 'export const label = (ok: boolean) => (ok ? "an address" : "not one");\n',
        'my-task/schema.json': SCHEMA,
        'my-task/permissions.json': JSON.stringify({ calls: [] }),
        'my-task/node_modules/viem/index.js': 'throw new Error("not this one")',
        'my-task/.git/HEAD': 'ref: refs/heads/main\n',
      }),
    );
    expect(names(built.zip)).toEqual(['index.js', 'permissions.json', 'schema.json']);
    expect(new TextDecoder().decode(unzipSync(built.zip)['schema.json'])).toBe(SCHEMA);
    expect(built.source).toContain('__tickworkTask');
    expect(built.source).not.toContain('not this one');
    expect(built.adapter).toBeNull();
  });

  it('refuses a file outside the folder, whether named by an absolute path or a package path', async () => {
    const secret = path.join(outside, 'server-secret.json');
    writeFileSync(secret, JSON.stringify({ key: 'do-not-ship' }));
    const absolute = await refusal({
      'index.js': `import s from ${JSON.stringify(secret)}; export default { __tickworkTask: 1, run: async () => ({ canExec: false, message: s.key }) };`,
    });
    expect(absolute).toMatchObject({ code: 'task_build_failed' });
    expect(absolute?.message).toContain('only files inside the uploaded folder can be imported');
    expect(absolute?.message).not.toContain('do-not-ship');
    // the app's own source is not a package either
    const appFile = path.resolve('lib/config/paths.ts');
    expect(
      await refusal({
        'index.js': `import * as p from ${JSON.stringify(appFile)}; export default { __tickworkTask: 1, run: async () => ({ canExec: false, message: String(p) }) };`,
      }),
    ).toMatchObject({
      code: 'task_build_failed',
      message: expect.stringContaining('inside the uploaded folder'),
    });
  });

  it('says what to do about a package the console does not build with, and about Node built-ins', async () => {
    const missing = await refusal({
      'index.js': `import x from 'left-pad-that-is-not-installed'; export default { __tickworkTask: 1, run: async () => ({ canExec: false, message: x }) };`,
    });
    expect(missing?.message).toMatch(/not among the packages the console builds with.*tickwork bundle/);
    const builtin = await refusal({
      'index.js': `import fs from 'node:fs'; export default { __tickworkTask: 1, run: async () => ({ canExec: false, message: String(fs) }) };`,
    });
    expect(builtin?.message).toContain('Node-only module');
  });

  it('refuses an archive that is not a task: no entry, a path out of the folder, a bad schema.json', async () => {
    expect(await refusal({ 'README.md': '# nothing to run' })).toMatchObject({
      code: 'task_build_failed',
      message: expect.stringContaining('no entry'),
    });
    expect(await refusal({ '../index.js': 'export default 1' })).toMatchObject({
      code: 'bundle_path_invalid',
    });
    expect(
      await refusal({
        'index.js': 'export default { __tickworkTask: 1, run: async () => ({ canExec: false }) };',
        'schema.json': '{ nope',
      }),
    ).toMatchObject({ code: 'invalid_schema', message: expect.stringContaining('schema.json') });
  });
});

describe('the template gallery', () => {
  it('builds every template, each in the style it says, with its schema', async () => {
    const adapters = { Tickwork: null, Gelato: 'gelato', Defender: 'defender' } as const;
    for (const template of FUNCTION_TEMPLATES) {
      const built = await buildTemplate(template);
      expect(built.adapter, template.id).toBe(adapters[template.style]);
      expect(names(built.zip), template.id).toEqual([
        'index.js',
        'permissions.json',
        'schema.json',
        ...(template.style === 'Gelato' ? ['userArgs.json'] : []),
      ]);
      expect(
        Buffer.from(unzipSync(built.zip)['permissions.json']).equals(
          readFileSync(path.join('examples/tasks', template.id, 'permissions.json')),
        ),
      ).toBe(true);
    }
  });
});
