// What the console's alert rules card shows: each kind with the rule in force (or none), and the channels a
// rule may notify.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { ALERT_KINDS, type AlertKind } from '@/db/enums';
import { notificationChannels } from '@/db/schema';
import { PROJECT_ONLY_KINDS } from './kinds';
import { effectiveRules, listRules } from './rules';

export type RuleView = {
  kind: AlertKind;
  /** null: no rule of this kind (off). */
  rule: {
    enabled: boolean;
    params: Record<string, number | string>;
    channelIds: string[];
    inherited: boolean;
  } | null;
};

/** The project's live channels, for choosing where a rule notifies. */
export async function ruleChannelOptions(db: DbOrTx, projectId: string) {
  return db
    .select({ id: notificationChannels.id, name: notificationChannels.name, kind: notificationChannels.kind })
    .from(notificationChannels)
    .where(and(eq(notificationChannels.projectId, projectId), isNull(notificationChannels.deletedAt)))
    .orderBy(asc(notificationChannels.name));
}

/** Every kind with the project's default rule of it (or none). */
export async function defaultRuleViews(
  db: DbOrTx,
  workspaceId: string,
  projectId: string,
): Promise<RuleView[]> {
  const rules = (await listRules(db, workspaceId, projectId)).filter((r) => r.executableId === null);
  return ALERT_KINDS.map((kind) => {
    const rule = rules.find((r) => r.kind === kind);
    return { kind, rule: rule ? { ...rule, inherited: false } : null };
  });
}

/** Every per-executable kind with the rule in force for the executable (its own or the default). */
export async function executableRuleViews(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
): Promise<RuleView[]> {
  const rules = await effectiveRules(db, workspaceId, executableId);
  return ALERT_KINDS.filter((kind) => !PROJECT_ONLY_KINDS.includes(kind)).map((kind) => ({
    kind,
    rule: rules.find((r) => r.kind === kind) ?? null,
  }));
}
