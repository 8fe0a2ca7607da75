import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { AlertKind } from '@/db/enums';
import { alertRules } from '@/db/schema';
import type { AlertRuleRow } from './rules';

/**
 * The enabled rules in force for an executable, of these kinds: per kind its own rule, else the project default.
 * An own rule that is disabled turns the kind off for the executable (the default does not come back).
 */
export async function rulesInForce(
  db: DbOrTx,
  projectId: string,
  executableId: string | null,
  kinds: readonly AlertKind[],
): Promise<AlertRuleRow[]> {
  const rows = await db
    .select()
    .from(alertRules)
    .where(
      and(
        eq(alertRules.projectId, projectId),
        inArray(alertRules.kind, [...kinds]),
        executableId
          ? sql`(${alertRules.executableId} is null or ${alertRules.executableId} = ${executableId})`
          : sql`${alertRules.executableId} is null`,
      ),
    );
  return pickInForce(rows, executableId);
}

/** Per kind, the executable's own rule or else the default; only enabled ones. */
export function pickInForce(rows: AlertRuleRow[], executableId: string | null): AlertRuleRow[] {
  const byKind = new Map<AlertKind, AlertRuleRow>();
  for (const row of rows) {
    if (row.executableId !== null && row.executableId !== executableId) continue;
    const seen = byKind.get(row.kind);
    if (!seen || (seen.executableId === null && row.executableId !== null)) byKind.set(row.kind, row);
  }
  return [...byKind.values()].filter((r) => r.enabled);
}
