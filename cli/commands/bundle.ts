import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildRelease } from '@/lib/functions/build/build-release';
import { describeTask } from '@/lib/runtime/describe-task';
import { CliError, printWarnings, userPath } from '../output';

/** `bundle <dir> [--out file.zip] [--minify]`: the task folder → a release ZIP (see buildRelease). */
export async function bundle(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: 'string' }, minify: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) throw new CliError('usage: bundle <dir> [--out file.zip] [--minify]');
  const dir = userPath(positionals[0]);
  const out = userPath(values.out ?? `${path.basename(dir)}.zip`);
  const { zip, checkSum, source, warnings } = await buildRelease(dir, { minify: values.minify });
  printWarnings(warnings);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, zip);
  // What `upload` will send as definedCallbacks (detected the same way); [] when index.js does not load.
  const callbacks = await describeTask(source).then(
    (d) => d.callbacks,
    () => [],
  );
  return { path: out, checkSum, callbacks };
}
