/** The CLI prints only JSON on stdout; people-facing text goes to stderr. */
export const printJson = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

export class CliError extends Error {}

export function fail(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${JSON.stringify({ error: message })}\n`);
  process.exit(1);
}
