// `npm run -s tickwork -- <command>`: the operator and task-author command line. JSON on stdout, except
// the reports of `test` and `replay` for people (their `--json` prints JSON too).
import { admin } from './commands/admin';
import { bundle } from './commands/bundle';
import { login } from './commands/login';
import { profiles } from './commands/profiles';
import { replay } from './commands/replay';
import { test } from './commands/test';
import { upload } from './commands/upload';
import { exitSoon, fail, Printed, printJson } from './output';
import { version } from './version';

const [given, ...args] = process.argv.slice(2);
const command = given === '--version' ? 'version' : given;

const commands: Record<string, (argv: string[]) => Promise<unknown>> = {
  admin,
  bundle,
  login,
  profiles,
  replay,
  test,
  upload,
  version,
};

try {
  const run = command ? commands[command] : undefined;
  if (!run) throw new Error(`usage: tickwork <${Object.keys(commands).join('|')}> …`);
  const result = await run(args);
  if (result instanceof Printed) {
    process.stdout.write(result.text);
    exitSoon(result.exitCode);
  } else {
    printJson(result);
    exitSoon(0);
  }
} catch (error) {
  fail(error);
}
