import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { exportProject } from '../as-code/export';
import { readLive } from '../as-code/live';
import { CliError, Printed, userPath } from '../output';
import { resolveTarget } from '../target';

/**
 * `export --project ID|slug [--out tickwork.yaml] [--workspace ID] [--api URL]`: the project as a
 * `tickwork.yaml` (on stdout without `--out`), with the editor hint for its JSON Schema.
 */
export async function exportCommand(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      project: { type: 'string' },
      out: { type: 'string' },
      workspace: { type: 'string' },
      api: { type: 'string' },
    },
  });
  if (!values.project) throw new CliError('usage: export --project ID|slug [--out tickwork.yaml]');
  const target = resolveTarget(values);
  const file = exportProject(await readLive(target, values.project));
  const text = `# yaml-language-server: $schema=${target.api}/schemas/tickwork.json\n${stringify(file)}`;
  if (!values.out) return new Printed(text, 0);
  writeFileSync(userPath(values.out), text);
  return { path: userPath(values.out), executables: Object.keys(file.executables ?? {}).length };
}
