import { z } from 'zod';
import { defineOperation } from '@/lib/api/operation';
import {
  AlertIncidentListQuery,
  AlertIncidentSchema,
  AlertRuleListQuery,
  AlertRuleParams,
  AlertRuleSchema,
  CreateAlertRuleBody,
  EffectiveAlertRuleSchema,
  ExecutableAlertRulesParams,
  UpdateAlertRuleBody,
} from './schemas';

const tag = 'Alerts';
const one = z.strictObject({ data: AlertRuleSchema });

export const listAlertRulesOp = defineOperation({
  method: 'GET',
  path: '/api/v1/alert-rules',
  scope: 'alerts:read',
  tag,
  summary: 'List the alert rules of a project: its defaults, then the executables’ own',
  query: AlertRuleListQuery,
  responses: { 200: z.strictObject({ data: z.array(AlertRuleSchema) }) },
});

export const createAlertRuleOp = defineOperation({
  method: 'POST',
  path: '/api/v1/alert-rules',
  scope: 'alerts:write',
  tag,
  summary:
    'Create a project default rule (no executableId) or an executable’s own rule (replaces the default)',
  description:
    'One rule per kind per scope: a second → 409 `conflict`. Bad params → 400 `invalid_request` naming `params.<field>`; channel ids that are not live channels of the same project → 400. plan_usage rules are project-wide (no executableId).',
  body: CreateAlertRuleBody,
  responses: { 201: one },
});

export const getAlertRuleOp = defineOperation({
  method: 'GET',
  path: '/api/v1/alert-rules/{ruleId}',
  scope: 'alerts:read',
  tag,
  summary: 'Get an alert rule',
  params: AlertRuleParams,
  responses: { 200: one },
});

export const updateAlertRuleOp = defineOperation({
  method: 'PATCH',
  path: '/api/v1/alert-rules/{ruleId}',
  scope: 'alerts:write',
  tag,
  summary: 'Change a rule’s params, channels or enabled flag (kind and scope stay)',
  params: AlertRuleParams,
  body: UpdateAlertRuleBody,
  responses: { 200: one },
});

export const deleteAlertRuleOp = defineOperation({
  method: 'DELETE',
  path: '/api/v1/alert-rules/{ruleId}',
  scope: 'alerts:write',
  tag,
  summary:
    'Delete a rule and its incidents (an executable’s rule deleted: the project default applies again)',
  params: AlertRuleParams,
  responses: { 200: z.strictObject({ data: AlertRuleSchema.extend({ deleted: z.literal(true) }) }) },
});

export const listExecutableAlertRulesOp = defineOperation({
  method: 'GET',
  path: '/api/v1/executables/{executableId}/alert-rules',
  scope: 'alerts:read',
  tag,
  summary:
    'The rules in force for an executable: per kind its own rule, else the project default (`inherited`)',
  params: ExecutableAlertRulesParams,
  responses: { 200: z.strictObject({ data: z.array(EffectiveAlertRuleSchema) }) },
});

export const listAlertIncidentsOp = defineOperation({
  method: 'GET',
  path: '/api/v1/alert-incidents',
  scope: 'alerts:read',
  tag,
  summary: 'A project’s incidents, newest first (50 at most); filter by executable and state',
  query: AlertIncidentListQuery,
  responses: { 200: z.strictObject({ data: z.array(AlertIncidentSchema) }) },
});
