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

/**
 * Ends the command with `code` after a short grace. A command that loaded a bundle in an isolate (bundle,
 * upload, test, replay) leaves isolated-vm finishing its disposal on its own threads; exiting in the middle of
 * that could crash the process (exit 139) after the output was written.
 */
export function exitSoon(code: number): void {
  setTimeout(() => process.exit(code), 100);
}

export function fail(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  const extra = error instanceof CliError || error instanceof BuildError ? error.extra : undefined;
  process.stderr.write(`${JSON.stringify({ error: message, ...extra })}\n`);
  process.exit(1);
}

/** A path the user typed, resolved against the directory `npm run` was started in (npm moves the cwd). */
export const userPath = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
