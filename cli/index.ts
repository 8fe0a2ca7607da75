// `npm run -s tickwork -- <command>`: the operator and task-author command line. JSON on stdout only.
import { admin } from './commands/admin';
import { bundle } from './commands/bundle';
import { login } from './commands/login';
import { profiles } from './commands/profiles';
import { upload } from './commands/upload';
import { fail, printJson } from './output';

const [command, ...args] = process.argv.slice(2);

const commands: Record<string, (argv: string[]) => Promise<unknown>> = {
  admin,
  bundle,
  login,
  profiles,
  upload,
};

try {
  const run = command ? commands[command] : undefined;
  if (!run) throw new Error(`usage: tickwork <${Object.keys(commands).join('|')}> …`);
  printJson(await run(args));
  process.exit(0);
} catch (error) {
  fail(error);
}
