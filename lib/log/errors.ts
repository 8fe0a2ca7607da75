// How an error appears in the log: enough to find the fault, never the data that caused it. A database error's
// message quotes the failed SQL with every parameter (a stored value, a request body), and a Postgres message
// can quote a value too, so database errors are described by their diagnostics only.

const MAX_MESSAGE = 300;
const MAX_FRAMES = 12;

export type LoggedError = {
  type: string;
  message?: string;
  code?: string;
  /** Postgres diagnostics: which statement part failed, never with which values. */
  db?: { routine?: string; table?: string; column?: string; constraint?: string };
  stack?: string;
  cause?: LoggedError;
};

type ErrorLike = Error & {
  code?: unknown;
  cause?: unknown;
  routine?: unknown;
  table_name?: unknown;
  column_name?: unknown;
  constraint_name?: unknown;
};

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** postgres-js errors carry a SQLSTATE `code` and a `routine`; drizzle wraps them as `DrizzleQueryError`. */
const isDatabaseError = (error: ErrorLike) =>
  error.name === 'PostgresError' ||
  error.name === 'DrizzleQueryError' ||
  error.constructor?.name === 'DrizzleQueryError' ||
  text(error.routine) !== undefined;

/** Only the `at …` lines: the first lines of a stack repeat the message. */
function frames(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  const lines = stack.split('\n').filter((line) => line.trimStart().startsWith('at '));
  return lines.slice(0, MAX_FRAMES).join('\n') || undefined;
}

/** A line for the log from text that may be long or carry data: its first line, at most `max` characters. */
export function boundedLine(message: string, max = MAX_MESSAGE): string {
  const line = message.split('\n', 1)[0];
  return line.length > max ? `${line.slice(0, max)}… (${message.length} chars)` : line;
}

/** The pino serializer of `err`. */
export function describeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error };
  const err = error as ErrorLike;
  const database = isDatabaseError(err);
  const described: LoggedError = {
    type: err.constructor?.name && err.constructor.name !== 'Error' ? err.constructor.name : err.name,
    ...(!database && { message: boundedLine(err.message) }),
    ...(text(err.code) && { code: text(err.code) }),
    ...(database &&
      text(err.routine) && {
        db: {
          routine: text(err.routine),
          table: text(err.table_name),
          column: text(err.column_name),
          constraint: text(err.constraint_name),
        },
      }),
    stack: frames(err.stack),
  };
  if (err.cause !== undefined && depth < 2) described.cause = describeError(err.cause, depth + 1);
  return described;
}
