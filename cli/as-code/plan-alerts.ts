import type { AlertKind } from '@/db/enums';
import type { AlertRuleRecord } from '@/lib/alerts/schemas';
import type { AlertRuleEntry } from '@/lib/as-code/file-schema';
import { canonicalJson } from '@/lib/canonical-json';
import { CliError } from '../output';
import type { LiveProject } from './live';

/**
 * One alert rule to create, update or delete. `executable` is the name of the executable it belongs to (null:
 * the project's default of the kind); a rule of an executable this apply creates gets its id then.
 */
export type RuleChange = {
  /** keep: a live rule the file leaves out, not deleted without `--prune` */
  action: 'create' | 'update' | 'delete' | 'keep';
  executable: string | null;
  kind: AlertKind;
  ruleId?: string;
  from?: string;
  to?: string;
  body: Record<string, unknown>;
};

const channelIds = (live: LiveProject, names: string[]) =>
  names.map((name) => {
    const channel = live.channels.find((c) => c.name === name);
    if (!channel)
      throw new CliError(`no notification channel named "${name}" in the project`, { code: 'not_found' });
    return channel.id;
  });

const channelNames = (live: LiveProject, ids: string[]) =>
  ids.map((id) => live.channels.find((c) => c.id === id)?.name ?? id);

export function describeRule(rule: {
  params?: Record<string, unknown>;
  channels?: string[];
  enabled?: boolean;
}) {
  const parts = [
    ...(rule.params && Object.keys(rule.params).length > 0 ? [`params ${canonicalJson(rule.params)}`] : []),
    ...(rule.channels ? [`channels [${rule.channels.join(', ')}]`] : []),
    rule.enabled === false ? 'disabled' : 'enabled',
  ];
  return parts.join(', ');
}

/** The file's params hold: each one it names has that value (the API fills in the kind's defaults). */
const paramsHold = (desired: Record<string, unknown>, live: Record<string, unknown>) =>
  Object.entries(desired).every(([k, v]) => canonicalJson(v) === canonicalJson(live[k]));

/**
 * The rules of one scope (the project's defaults, or one executable's): the file's kinds created or updated;
 * live kinds the file leaves out deleted with `prune`, else kept (listed, left as they are).
 */
export function planRules(
  live: LiveProject,
  scope: { executable: string | null; executableId: string | null },
  desired: Partial<Record<AlertKind, AlertRuleEntry>>,
  prune: boolean,
): RuleChange[] {
  const current = live.rules.filter((r) => r.executableId === scope.executableId);
  const changes: RuleChange[] = [];
  for (const [kind, entry] of Object.entries(desired) as [AlertKind, AlertRuleEntry][]) {
    const rule = current.find((r) => r.kind === kind);
    const ids = entry.channels && channelIds(live, entry.channels);
    const enabled = entry.enabled ?? true;
    if (!rule) {
      changes.push({
        action: 'create',
        executable: scope.executable,
        kind,
        to: describeRule(entry),
        body: {
          projectId: live.project.id,
          kind,
          ...(entry.params && { params: entry.params }),
          channelIds: ids ?? [],
          enabled,
        },
      });
      continue;
    }
    const sameChannels =
      !ids || canonicalJson([...ids].sort()) === canonicalJson([...rule.channelIds].sort());
    const sameParams = !entry.params || paramsHold(entry.params, rule.params);
    if (sameChannels && sameParams && rule.enabled === enabled) continue;
    changes.push({
      action: 'update',
      executable: scope.executable,
      kind,
      ruleId: rule.id,
      from: describeLiveRule(live, rule),
      to: describeRule(entry),
      body: { ...(entry.params && { params: entry.params }), ...(ids && { channelIds: ids }), enabled },
    });
  }
  for (const rule of current.filter((r) => !(r.kind in desired))) {
    changes.push({
      action: prune ? 'delete' : 'keep',
      executable: scope.executable,
      kind: rule.kind,
      ruleId: rule.id,
      from: describeLiveRule(live, rule),
      body: {},
    });
  }
  return changes;
}

export const describeLiveRule = (live: LiveProject, rule: AlertRuleRecord) =>
  describeRule({ params: rule.params, channels: channelNames(live, rule.channelIds), enabled: rule.enabled });
