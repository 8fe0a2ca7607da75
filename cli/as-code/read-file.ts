import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { type AsCodeFile, AsCodeFileSchema } from '@/lib/as-code/file-schema';
import { CliError } from '../output';

export type LoadedFile = { file: AsCodeFile; path: string; dir: string };

/** A YAML (or JSON) file's document; a missing file or a syntax error is an `invalid_file` CliError. */
export function readYamlFile(file: string): unknown {
  if (!existsSync(file)) throw new CliError(`${file} does not exist`, { code: 'invalid_file' });
  try {
    return parse(readFileSync(file, 'utf8'), { prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    throw new CliError(`${path.basename(file)} is not valid YAML: ${(error as Error).message}`, {
      code: 'invalid_file',
    });
  }
}

/** `tickwork.yaml` (YAML or JSON), checked against its schema; every problem named by its path in the file. */
export function readAsCodeFile(file: string): LoadedFile {
  const parsed = AsCodeFileSchema.safeParse(readYamlFile(file));
  if (!parsed.success) {
    throw new CliError(`${path.basename(file)} does not match the tickwork.yaml schema`, {
      code: 'invalid_file',
      details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return { file: parsed.data, path: file, dir: path.dirname(file) };
}
