import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type BuildFailure, type BuildOptions, type BuildResult, build, type Plugin } from 'esbuild';
import { type Zippable, zipSync } from 'fflate';
import { ApiError } from '@/lib/api/errors';
import { BUNDLE_LIMITS } from '../bundle';
import { readGivenSchema } from '../given-schema';
import { PermissionsSchema } from '../permissions';
import { BuildError } from './build-error';
import { adapterFor } from './compat/adapters';
import { localRunBlockPlugin } from './compat/local-run-block';
import type { AdaptedEntry } from './compat/types';
import { confinePlugin } from './confine';
import { declaredEthersMajor, platformEthersPlugin } from './platform-ethers';
import { PLATFORM_MODULES, SDK_DIR, SDK_SHARED_FILES } from './sdk-dir';
import { unresolvedHint } from './unresolved-hint';

/** The SDK in this repository; `@tickwork/sdk` resolves here whether or not the task folder installed it. */
const SDK_ENTRY = path.join(SDK_DIR, 'index.ts');

/**
 * Built in local time on purpose: ZIP stores local date fields and fflate reads them with local getters,
 * so this gives the same bytes (1980-01-01 12:00:00) in every time zone.
 */
const ZIP_MTIME = new Date(1980, 0, 1, 12, 0, 0);
/** A regular file, rw-r--r--, made on Unix. */
const ZIP_FILE_ATTRS = { os: 3, attrs: 0o100644 << 16 } as const;

const sdkPlugin: Plugin = {
  name: 'tickwork-sdk',
  setup(b) {
    b.onResolve({ filter: /^@tickwork\/sdk$/ }, () => ({ path: SDK_ENTRY }));
  },
};

/** `<dir>/index.ts`, `<dir>/index.js`, else the `main` of `<dir>/package.json`. */
function findEntry(dir: string): string {
  for (const name of ['index.ts', 'index.js']) {
    // the folder is the user's, never part of the app: nothing for the build's file tracing to follow
    const file = path.join(/* turbopackIgnore: true */ dir, name);
    if (existsSync(file)) return file;
  }
  const pkgFile = path.join(dir, 'package.json');
  if (existsSync(pkgFile)) {
    let main: unknown;
    try {
      main = (JSON.parse(readFileSync(pkgFile, 'utf8')) as { main?: unknown }).main;
    } catch {
      throw new BuildError('package.json is not valid JSON');
    }
    if (typeof main === 'string' && existsSync(path.join(dir, main))) return path.join(dir, main);
  }
  throw new BuildError(
    `no entry in ${path.basename(dir)}: add index.ts or index.js, or a package.json "main"`,
  );
}

function readPermissions(dir: string): Uint8Array | null {
  const file = path.join(dir, 'permissions.json');
  if (!existsSync(file)) return null;
  const bytes = readFileSync(file);
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new BuildError(`permissions.json is not valid JSON: ${(error as Error).message}`, {
      code: 'invalid_permissions',
    });
  }
  const parsed = PermissionsSchema.safeParse(json);
  if (!parsed.success) {
    throw new BuildError('permissions.json does not match the documented schema (docs/bundle-format.md)', {
      code: 'invalid_permissions',
      details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return bytes;
}

/**
 * A Tickwork task folder's `schema.json` (the JSON Schema of its args), checked as an upload's `schema` is, so
 * the release keeps it and the console builds the args form from it. A Gelato folder's is the adapter's.
 */
function readArgsSchema(dir: string): Uint8Array | null {
  const file = path.join(dir, 'schema.json');
  if (!existsSync(file)) return null;
  const bytes = readFileSync(file);
  try {
    readGivenSchema(bytes.toString('utf8'));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new BuildError(`schema.json: ${error.message}`, { code: error.code });
  }
  return bytes;
}

/**
 * How a task becomes one self-contained ES module for the sandbox. The sandbox is a bare V8 isolate like
 * workerd: packages then pick their entry that needs no Node built-ins (e.g. viem's isows uses the global
 * WebSocket instead of `ws`).
 */
export const TASK_BUILD_OPTIONS = {
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  conditions: ['workerd', 'worker', 'module'],
  mainFields: ['module', 'main'],
} as const satisfies BuildOptions;

export type BuildReleaseOptions = {
  minify?: boolean;
  /**
   * Built on the server from a folder a user uploaded: bare imports resolve to the packages installed beside
   * the app (the folder brings no node_modules; `ethers` to the major version its package.json names), and no
   * file outside the folder, those packages and the SDK may be read into the bundle.
   */
  uploaded?: boolean;
};

/**
 * One self-contained ESM file whose default export is the task; throws on anything left external. A vendor
 * task (see compat/adapters.ts) is built from its adapter's wrapper entry instead of its own.
 */
async function bundleTask(
  dir: string,
  entry: string,
  adapted: AdaptedEntry | null,
  opts: BuildReleaseOptions,
): Promise<Uint8Array> {
  let result: BuildResult<{ write: false; metafile: true }>;
  try {
    result = await build({
      ...(adapted
        ? {
            stdin: {
              contents: adapted.contents,
              resolveDir: dir,
              sourcefile: 'tickwork-entry.js',
              loader: 'js',
            },
          }
        : { entryPoints: [entry] }),
      // Paths in the output's comments are relative to the task folder, so they do not depend on the cwd.
      absWorkingDir: dir,
      outfile: 'index.js',
      ...TASK_BUILD_OPTIONS,
      ...(opts.uploaded && { nodePaths: [PLATFORM_MODULES] }),
      charset: 'ascii',
      minify: opts.minify ?? false,
      write: false,
      metafile: true,
      logLevel: 'silent',
      plugins: [
        ...(opts.uploaded
          ? [confinePlugin([dir, PLATFORM_MODULES, SDK_DIR, ...SDK_SHARED_FILES]), platformEthersPlugin(dir)]
          : []),
        sdkPlugin,
        localRunBlockPlugin,
        ...(adapted?.plugins ?? []),
      ],
    });
  } catch (error) {
    const { errors } = error as BuildFailure;
    if (!Array.isArray(errors)) throw error;
    const first = errors[0];
    const where = first?.location ? ` (${first.location.file}:${first.location.line})` : '';
    const hint = unresolvedHint(errors, dir, opts.uploaded ? 'platform' : 'folder');
    throw new BuildError(`esbuild: ${first?.text ?? 'the build failed'}${where}${hint ? `. ${hint}` : ''}`, {
      details: errors.map((e) => ({ text: e.text, file: e.location?.file, line: e.location?.line })),
    });
  }
  const [out] = result.outputFiles;
  const meta = Object.values(result.metafile.outputs)[0];
  const external = meta?.imports.map((i) => i.path) ?? [];
  if (external.length > 0) {
    throw new BuildError(
      `the bundle would still import ${external.join(', ')}; tasks must be self-contained`,
    );
  }
  if (!meta?.exports.includes('default')) {
    throw new BuildError(`${path.basename(entry)} has no default export: export default defineTask({ … })`);
  }
  return out.contents;
}

/** A task folder built as `bundle` builds it: the release ZIP, its checksum and what is inside. */
export type BuiltRelease = {
  zip: Uint8Array;
  checkSum: string;
  /** The bundle's `index.js`, as the sandbox loads it. */
  source: string;
  /** `permissions.json` as shipped (already checked against the server's schema), or null. */
  permissions: Uint8Array | null;
  /** The vendor style the task was adapted from (compat/adapters.ts), or null for a Tickwork task. */
  adapter: string | null;
  /** What the build went on without (printed by `bundle` and `test` on stderr). */
  warnings: string[];
};

/**
 * The task folder → a release ZIP (index.js, permissions.json, schema.json), in memory. Deterministic: fixed
 * entry order, time and attributes, so the same source gives the same checksum. The CLI's `bundle` writes it
 * and `test` runs it; the console builds uploaded folders and templates with it.
 */
export async function buildRelease(dir: string, opts: BuildReleaseOptions = {}): Promise<BuiltRelease> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new BuildError(`${dir} is not a folder`);
  const permissions = readPermissions(dir);
  const entry = findEntry(dir);
  const entryInfo = {
    file: entry,
    source: readFileSync(/* turbopackIgnore: true */ entry, 'utf8'),
    dir,
    ...(opts.uploaded && { ethersMajor: declaredEthersMajor(dir) }),
  };
  const adapter = adapterFor(entryInfo);
  const adapted = adapter?.wrap(entryInfo) ?? null;
  // a Gelato folder's schema.json is its adapter's (Gelato's own format, with userArgs.json)
  const argsSchema = adapted?.files?.['schema.json'] ? null : readArgsSchema(dir);
  const files: Record<string, Uint8Array> = {
    ...adapted?.files,
    'index.js': await bundleTask(dir, entry, adapted, opts),
    ...(permissions && { 'permissions.json': permissions }),
    ...(argsSchema && { 'schema.json': argsSchema }),
  };
  const entries: Zippable = {};
  let uncompressed = 0;
  for (const name of Object.keys(files).sort()) {
    entries[name] = [files[name], ZIP_FILE_ATTRS];
    uncompressed += files[name].length;
  }
  if (uncompressed > BUNDLE_LIMITS.uncompressedBytes) {
    throw new BuildError(
      `the bundle unpacks to ${uncompressed} bytes; at most ${BUNDLE_LIMITS.uncompressedBytes}`,
      { code: 'bundle_uncompressed_too_large' },
    );
  }
  const zip = zipSync(entries, { level: 9, mtime: ZIP_MTIME });
  if (zip.length > BUNDLE_LIMITS.archiveBytes) {
    throw new BuildError(`the archive is ${zip.length} bytes; at most ${BUNDLE_LIMITS.archiveBytes}`, {
      code: 'bundle_too_large',
    });
  }
  return {
    zip,
    checkSum: createHash('sha256').update(zip).digest('hex'),
    source: new TextDecoder().decode(files['index.js']),
    permissions,
    adapter: adapter?.name ?? null,
    warnings: adapted?.warnings ?? [],
  };
}
