import { z } from 'zod';
import { ALERT_KINDS, INCIDENT_STATES } from '@/db/enums';

const paramsDoc =
  'By kind: consecutive_failures {count (2–100, default 3)}, dead_man {graceSeconds (default 300)}, submitted_unknown {olderThanSeconds (default 600)}, low_balance {belowWei (decimal string, required)}, plan_usage {percent: 80 | 100 (default 80)}, allowance_low {percentLeft (1–99, default 20)}; execution_failed, function_switch_failed and transaction_vanished take none.';

export const AlertRuleSchema = z
  .strictObject({
    id: z.string(),
    projectId: z.string(),
    executableId: z.string().nullable().meta({
      description: 'null: the project default; else the executable’s own rule (it replaces the default)',
    }),
    kind: z.enum(ALERT_KINDS),
    params: z.record(z.string(), z.union([z.number(), z.string()])).meta({ description: paramsDoc }),
    channelIds: z.array(z.string()),
    enabled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AlertRule', description: 'An alert rule (docs/alerts.md#rules)' });
export type AlertRuleRecord = z.output<typeof AlertRuleSchema>;

export const EffectiveAlertRuleSchema = AlertRuleSchema.extend({
  inherited: z
    .boolean()
    .meta({ description: 'true: the project default applies (the executable has no own rule)' }),
}).meta({ id: 'EffectiveAlertRule' });

const channelIds = z.array(z.string().min(1)).max(20).meta({
  description: 'Notification channels of the same project (not deleted); may be empty',
});
const params = z.record(z.string(), z.unknown()).meta({ description: paramsDoc });

export const CreateAlertRuleBody = z
  .object({
    projectId: z.string().min(1),
    executableId: z.string().min(1).nullish(),
    kind: z.enum(ALERT_KINDS),
    params: params.optional(),
    channelIds: channelIds.default([]),
    enabled: z.boolean().default(true),
  })
  .strict()
  .meta({ id: 'CreateAlertRuleRequest' });

export const UpdateAlertRuleBody = z
  .object({ params: params.optional(), channelIds: channelIds.optional(), enabled: z.boolean().optional() })
  .strict()
  .meta({ id: 'UpdateAlertRuleRequest' });

export const AlertRuleParams = z.object({ ruleId: z.string() });
export const AlertRuleListQuery = z.object({ projectId: z.string().min(1) });
export const ExecutableAlertRulesParams = z.object({ executableId: z.string() });

export const AlertIncidentSchema = z
  .strictObject({
    id: z.string(),
    projectId: z.string(),
    ruleId: z.string(),
    kind: z.enum(ALERT_KINDS),
    subject: z
      .string()
      .meta({ description: 'What it is about: exe_…, exn_…, prf_… or ws_…:<cycle>:<percent>' }),
    state: z.enum(INCIDENT_STATES),
    title: z.string(),
    details: z.record(z.string(), z.unknown()),
    openedAt: z.string(),
    resolvedAt: z.string().nullable(),
  })
  .meta({
    id: 'AlertIncident',
    description: 'One firing of a rule for one subject (docs/alerts.md#incidents)',
  });
export type AlertIncidentRecord = z.output<typeof AlertIncidentSchema>;

export const AlertIncidentListQuery = z.object({
  projectId: z.string().min(1),
  executableId: z.string().min(1).optional(),
  state: z.enum(INCIDENT_STATES).optional(),
});
