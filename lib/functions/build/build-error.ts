/**
 * Why a task folder does not build into a release. `extra` (an error `code`, `details`) is what the CLI prints
 * beside the message and what the console's upload answers with.
 */
export class BuildError extends Error {
  constructor(
    message: string,
    readonly extra?: { code?: string; details?: unknown },
  ) {
    super(message);
  }
}
