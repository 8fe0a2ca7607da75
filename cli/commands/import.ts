import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Document } from 'yaml';
import { importDefender } from '../as-code/defender/import';
import { CliError, userPath } from '../output';

const USAGE = 'usage: import defender <serverless.yml> [--out tickwork.yaml] [--project slug] [--stage dev]';

/**
 * `import defender <serverless.yml>`: a Defender serverless.yml → `tickwork.yaml` (next to it unless `--out`),
 * its header listing what did not map and what to make instead; prints the summary as JSON.
 */
export async function importCommand(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      project: { type: 'string' },
      stage: { type: 'string', default: 'dev' },
    },
  });
  if (positionals[0] !== 'defender' || positionals.length !== 2) throw new CliError(USAGE);
  const source = userPath(positionals[1]);
  const out = values.out ? userPath(values.out) : path.join(path.dirname(source), 'tickwork.yaml');
  const imported = importDefender(source, {
    stage: values.stage,
    project: values.project,
    outDir: path.dirname(out),
  });
  const doc = new Document(imported.file);
  doc.commentBefore = [
    ` Imported from ${path.basename(source)} (stage ${values.stage}) by \`tickwork import defender\`.`,
    ` Before \`tickwork apply\`: create the profiles (${imported.profiles.join(', ')}) in the console`,
    imported.secrets.length > 0 ? ` and the project secrets ${imported.secrets.join(', ')}.` : ' .',
    ...(imported.unmapped.length > 0 ? ['', ' Not imported (the nearest Tickwork feature):'] : []),
    ...imported.unmapped.map((u) => ` - ${u.item}: ${u.reason} → ${u.instead}`),
  ].join('\n');
  writeFileSync(out, doc.toString({ lineWidth: 0 }));
  return {
    path: out,
    functions: Object.keys(imported.file.functions ?? {}),
    executables: Object.keys(imported.file.executables ?? {}),
    profiles: imported.profiles,
    secrets: imported.secrets,
    unmapped: imported.unmapped,
  };
}
