// `npm run -s tickwork -- <command>`: the operator and task-author command line. JSON on stdout, except
// the reports of `test` and `replay` for people (their `--json` prints JSON too).
import { endWith, fail, Printed, printJson } from './output';

const [given, ...args] = process.argv.slice(2);
const command = given === '--version' ? 'version' : given;

type Command = (argv: string[]) => Promise<unknown>;

/** Each command loads only its own modules (the sandbox runner, esbuild, the database…), so a start stays quick. */
const commands: Record<string, () => Promise<Command>> = {
  admin: async () => (await import('./commands/admin')).admin,
  apply: async () => (await import('./commands/apply')).apply,
  bundle: async () => (await import('./commands/bundle')).bundle,
  export: async () => (await import('./commands/export')).exportCommand,
  import: async () => (await import('./commands/import')).importCommand,
  login: async () => (await import('./commands/login')).login,
  plan: async () => (await import('./commands/plan')).plan,
  profiles: async () => (await import('./commands/profiles')).profiles,
  replay: async () => (await import('./commands/replay')).replay,
  test: async () => (await import('./commands/test')).test,
  upload: async () => (await import('./commands/upload')).upload,
  version: async () => (await import('./version')).version,
};

try {
  const load = command ? commands[command] : undefined;
  if (!load) throw new Error(`usage: tickwork <${Object.keys(commands).join('|')}> …`);
  const result = await (await load())(args);
  if (result instanceof Printed) {
    process.stdout.write(result.text);
    endWith(result.exitCode);
  } else {
    printJson(result);
    endWith(0);
  }
} catch (error) {
  fail(error);
}
