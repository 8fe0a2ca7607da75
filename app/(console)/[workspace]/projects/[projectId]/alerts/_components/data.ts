import { and, asc, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { ALERT_KINDS } from '@/db/enums';
import { notificationChannels } from '@/db/schema';
import { PROJECT_ONLY_KINDS } from '@/lib/alerts/kinds';
import { effectiveRules, listRules } from '@/lib/alerts/rules';
import type { RuleView } from './alert-rules-card';

/** The project's live channels, for choosing where a rule notifies. */
export async function channelOptions(projectId: string) {
  return getDb()
    .select({ id: notificationChannels.id, name: notificationChannels.name, kind: notificationChannels.kind })
    .from(notificationChannels)
    .where(and(eq(notificationChannels.projectId, projectId), isNull(notificationChannels.deletedAt)))
    .orderBy(asc(notificationChannels.name));
}

/** Every kind with the project's default rule of it (or none). */
export async function defaultRuleViews(workspaceId: string, projectId: string): Promise<RuleView[]> {
  const rules = (await listRules(getDb(), workspaceId, projectId)).filter((r) => r.executableId === null);
  return ALERT_KINDS.map((kind) => {
    const rule = rules.find((r) => r.kind === kind);
    return { kind, rule: rule ? { ...rule, inherited: false } : null };
  });
}

/** Every per-executable kind with the rule in force for the executable (its own or the default). */
export async function executableRuleViews(workspaceId: string, executableId: string): Promise<RuleView[]> {
  const rules = await effectiveRules(getDb(), workspaceId, executableId);
  return ALERT_KINDS.filter((kind) => !PROJECT_ONLY_KINDS.includes(kind)).map((kind) => ({
    kind,
    rule: rules.find((r) => r.kind === kind) ?? null,
  }));
}
