/** The SQLSTATE of a Postgres error (postgres-js puts it on the error; drizzle may wrap it as `cause`). */
export function pgCode(error: unknown): string | undefined {
  const err = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = err?.code ?? err?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** 23505: a unique constraint or unique index refused the row. */
export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';
