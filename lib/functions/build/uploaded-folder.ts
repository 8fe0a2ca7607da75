import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_CODES } from '@/lib/api/error-codes';
import { apiError, type ErrorCode } from '@/lib/api/errors';
import { readZipFiles } from '../bundle';
import { BuildError } from './build-error';
import { type BuiltRelease, buildRelease } from './build-release';
import { isLeftOutOfFolder } from './left-out';

/** The files without one folder that holds them all (a ZIP of `my-task/` holds `my-task/index.ts`). */
function withoutCommonFolder(files: Map<string, Buffer>): Map<string, Buffer> {
  const names = [...files.keys()];
  const first = names[0]?.split('/')[0];
  if (!first || names.some((name) => !name.startsWith(`${first}/`))) return files;
  return new Map([...files].map(([name, bytes]) => [name.slice(first.length + 1), bytes]));
}

/** A build failure as the console shows it: the error's own code when it has one, else `task_build_failed`. */
export function buildFailure(error: BuildError) {
  const code = error.extra?.code;
  return apiError(
    code && code in ERROR_CODES ? (code as ErrorCode) : 'task_build_failed',
    error.message,
    error.extra?.details === undefined ? undefined : { details: error.extra.details },
  );
}

/** Builds a folder into a release, with a build failure answered as an API error. */
export async function buildForConsole(dir: string): Promise<BuiltRelease> {
  try {
    return await buildRelease(dir, { uploaded: true });
  } catch (error) {
    if (error instanceof BuildError) throw buildFailure(error);
    throw error;
  }
}

/**
 * A task folder uploaded from the console, as a ZIP of its source (the browser zips a picked folder), built on
 * the server as `tickwork bundle` builds it: the archive is checked as a release ZIP is (entries, sizes, paths,
 * no symlinks), its files are written to a folder of their own, and the build reads nothing outside it but the
 * platform's packages and the SDK (docs/bundle-format.md, "Building in the console").
 */
export async function buildUploadedFolder(zipBytes: Buffer): Promise<BuiltRelease> {
  const files = withoutCommonFolder(
    new Map([...(await readZipFiles(zipBytes))].filter(([name]) => !isLeftOutOfFolder(name))),
  );
  if (files.size === 0) throw apiError('task_build_failed', 'the folder holds no files');
  const dir = mkdtempSync(path.join(tmpdir(), 'tickwork-folder-'));
  try {
    for (const [name, bytes] of files) {
      const file = path.join(dir, name);
      try {
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, bytes);
      } catch {
        // e.g. both `lib` and `lib/x.ts`: a name that is a file and a folder at once
        throw apiError('bundle_path_invalid', `"${name}" clashes with another entry`);
      }
    }
    return await buildForConsole(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
