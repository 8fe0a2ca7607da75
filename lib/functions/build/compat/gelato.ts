import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import {
  describeGelatoIssues,
  type GelatoSchema,
  parseGelatoSchema,
  readGelatoUserArgs,
} from '@/lib/functions/gelato-schema';
import { BuildError } from '../build-error';
import { SDK_DIR } from '../sdk-dir';
import { authorEthersPlugin } from './author-ethers';
import { browserPlatformPlugin } from './browser-platform';
import { ethers5Plugin } from './ethers5';
import type { TaskAdapter } from './types';

// Gelato Web3 Functions (docs/migrating.md, "From Gelato Web3 Functions"): a folder whose entry imports
// `@gelatonetwork/web3-functions-sdk` is bundled with our layer (sdk/compat/gelato) in place of the SDK, from
// a wrapper entry that loads the author's module (which registers its handlers) and exports the Tickwork task
// built from them. `schema.json` and `userArgs.json` ride along in the ZIP; the server reads them at upload.

const LAYER_DIR = path.join(SDK_DIR, 'compat/gelato');
const LAYER_ENTRY = path.join(LAYER_DIR, 'index.ts');
const LAYER_TASK = path.join(LAYER_DIR, 'task.ts');

const SDK_IMPORT =
  /(?:from\s*|import\s*|require\s*\(\s*)['"]@gelatonetwork\/web3-functions-sdk(?:\/[^'"]*)?['"]/;

/** The SDK's subpaths a Web3 Function uses at run time; the rest (builder, uploader, runtime…) are tooling. */
const SUPPORTED_SUBPATHS = new Set(['', '/types']);

const sdkPlugin: Plugin = {
  name: 'tickwork-gelato-sdk',
  setup(b) {
    b.onResolve({ filter: /^@gelatonetwork\/web3-functions-sdk(\/.*)?$/ }, (args) => {
      const subpath = args.path.slice('@gelatonetwork/web3-functions-sdk'.length);
      if (SUPPORTED_SUBPATHS.has(subpath)) return { path: LAYER_ENTRY };
      return {
        errors: [
          {
            text: `${args.path} is not supported by Tickwork's Gelato compatibility layer: a task may import only @gelatonetwork/web3-functions-sdk and its /types`,
          },
        ],
      };
    });
  },
};

/** The folder's schema.json and userArgs.json, checked: the files the ZIP carries, and what was ignored. */
function readGelatoFiles(dir: string): { files: Record<string, Uint8Array>; warnings: string[] } {
  const warnings: string[] = [];
  const files: Record<string, Uint8Array> = {};
  let schema: GelatoSchema | null = null;
  const schemaFile = path.join(dir, 'schema.json');
  if (existsSync(schemaFile)) {
    const bytes = readFileSync(schemaFile);
    const parsed = parseGelatoSchema(bytes.toString('utf8'));
    if (!parsed.ok)
      throw new BuildError(
        `schema.json is not a Gelato Web3 Function schema: ${describeGelatoIssues(parsed.issues)}`,
        {
          code: 'invalid_gelato_schema',
          details: parsed.issues,
        },
      );
    schema = parsed.schema;
    files['schema.json'] = bytes;
  }
  const argsFile = path.join(dir, 'userArgs.json');
  if (existsSync(argsFile)) {
    const bytes = readFileSync(argsFile);
    const read = readGelatoUserArgs(bytes.toString('utf8'), schema);
    if (!read.ok)
      throw new BuildError(`userArgs.json does not fit schema.json: ${describeGelatoIssues(read.issues)}`, {
        code: 'invalid_gelato_user_args',
        details: read.issues,
      });
    if (read.ignored.length > 0)
      warnings.push(
        `userArgs.json: ${read.ignored.join(', ')} not declared in schema.json userArgs; ignored, as Gelato does`,
      );
    files['userArgs.json'] = bytes;
  }
  return { files, warnings };
}

export const gelatoAdapter: TaskAdapter = {
  name: 'gelato',
  detect: ({ source }) => SDK_IMPORT.test(source),
  wrap: ({ file, dir, ethersMajor }) => ({
    contents: [
      `import ${JSON.stringify(file)};`,
      `import { gelatoTask } from ${JSON.stringify(LAYER_TASK)};`,
      'export default gelatoTask();',
      '',
    ].join('\n'),
    plugins: [sdkPlugin, authorEthersPlugin(dir, ethersMajor), ethers5Plugin, browserPlatformPlugin],
    ...readGelatoFiles(dir),
  }),
};
