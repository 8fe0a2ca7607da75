import { z } from 'zod';
import { defineOperation } from '@/lib/api/operation';
import { ExecutionSchema } from '@/lib/executions/schemas';
import {
  ArgsBody,
  CreateExecutableBody,
  ExecutableListQuery,
  ExecutablePage,
  ExecutableParams,
  ExecutableSchema,
  FunctionSwitchAccepted,
  FunctionSwitchBody,
  GasModeBody,
  PinnedBody,
  ProfileBody,
  SecretsBody,
  SponsorshipProviderBody,
  TriggerBody,
} from './schemas';

const tag = 'Executables';

// Refusals shared by several routes (lib/executables/validation.ts, check-trigger.ts; lib/executions/queue.ts).
const PROFILE_CHECKS = [
  'profile_not_in_project',
  'profile_not_active',
  'chain_not_enabled',
  'chain_not_on_plan',
] as const;
const TRIGGER_CHECKS = ['invalid_trigger', 'invalid_cron'] as const;
const SECRET_CHECKS = ['duplicate_env_key', 'secret_not_found'] as const;
const COVERAGE_CHECKS = ['call_not_permitted', 'permissions_not_covered', 'chain_unavailable'] as const;
const RUN_CHECKS = ['executable_unavailable', 'execution_in_progress', 'compute_units_exhausted'] as const;
const one = z.strictObject({ data: ExecutableSchema });
const params = ExecutableParams;
const base = '/api/v1/executables/{executableId}';

export const listExecutablesOp = defineOperation({
  method: 'GET',
  path: '/api/v1/executables',
  scope: 'executables:read',
  tag,
  summary: 'List the executables of a project, newest first (deleted ones excluded)',
  query: ExecutableListQuery,
  responses: { 200: ExecutablePage },
});

export const createExecutableOp = defineOperation({
  method: 'POST',
  path: '/api/v1/executables',
  scope: 'executables:write',
  tag,
  summary: 'Create an executable; it is provisioning until its sandbox is built',
  description:
    'Read the executable until `state` is `active` (or `error` with a `stateReason`, then POST reprovision) before running it.',
  body: CreateExecutableBody,
  errors: [
    'function_not_in_project',
    'function_deleted',
    ...PROFILE_CHECKS,
    ...TRIGGER_CHECKS,
    'gas_mode_not_allowed',
    'private_submission_unavailable',
    'sandbox_runtime_unavailable',
    'invalid_args',
    ...SECRET_CHECKS,
    ...COVERAGE_CHECKS,
    'plan_limit_exceeded',
  ],
  responses: { 201: one },
});

export const getExecutableOp = defineOperation({
  method: 'GET',
  path: base,
  scope: 'executables:read',
  tag,
  summary: 'Get an executable',
  params,
  responses: { 200: one },
});

export const deleteExecutableOp = defineOperation({
  method: 'DELETE',
  path: base,
  scope: 'executables:write',
  tag,
  summary: 'Delete a paused, provisioning or failed executable (active ones must be paused first)',
  params,
  errors: ['executable_active'],
  responses: { 200: one },
});

export const updateExecutableArgsOp = defineOperation({
  method: 'PATCH',
  path: `${base}/args`,
  scope: 'executables:write',
  tag,
  summary: 'Replace the JSON-encoded task args',
  params,
  body: ArgsBody,
  errors: ['invalid_args', ...COVERAGE_CHECKS],
  responses: { 200: one },
});

export const switchExecutableFunctionOp = defineOperation({
  method: 'PATCH',
  path: `${base}/function`,
  scope: 'executables:write',
  tag,
  summary: 'Switch a paused executable to another release (built asynchronously, committed atomically)',
  params,
  body: FunctionSwitchBody,
  errors: [
    'executable_must_be_paused',
    'function_switch_pending',
    'function_not_in_project',
    'function_deleted',
    'invalid_args',
    ...COVERAGE_CHECKS,
  ],
  responses: { 202: FunctionSwitchAccepted },
});

export const updateExecutableGasModeOp = defineOperation({
  method: 'PATCH',
  path: `${base}/gas-mode`,
  scope: 'executables:write',
  tag,
  summary:
    'Change the gas mode (allowed modes depend on the profile kind), the fee caps and the use of a private endpoint',
  description:
    '`maxFeePerGas`, `maxCostPerRun` and `privateSubmission` are optional: omitted, they stay; a null cap removes the cap. A cap that changes lifts a fee hold (`feeHold`), and a scheduled executable runs at once.',
  params,
  body: GasModeBody,
  errors: ['gas_mode_not_allowed', 'private_submission_unavailable'],
  responses: { 200: one },
});

export const updateExecutablePinnedOp = defineOperation({
  method: 'PATCH',
  path: `${base}/pinned`,
  scope: 'executables:write',
  tag,
  summary: 'Set the console pin flag',
  params,
  body: PinnedBody,
  responses: { 200: one },
});

export const updateExecutableProfileOp = defineOperation({
  method: 'PATCH',
  path: `${base}/profile`,
  scope: 'executables:write',
  tag,
  summary: 'Send with another active profile of the project',
  params,
  body: ProfileBody,
  errors: [...PROFILE_CHECKS, 'gas_mode_not_allowed', 'private_submission_unavailable', ...COVERAGE_CHECKS],
  responses: { 200: one },
});

export const updateExecutableSecretsOp = defineOperation({
  method: 'PATCH',
  path: `${base}/secrets`,
  scope: 'executables:write',
  tag,
  summary: 'Replace the secret bindings (an empty array clears them)',
  params,
  body: SecretsBody,
  errors: SECRET_CHECKS,
  responses: { 200: one },
});

export const updateExecutableSponsorshipProviderOp = defineOperation({
  method: 'PATCH',
  path: `${base}/sponsorship-provider`,
  scope: 'executables:write',
  tag,
  summary: 'Choose the sponsorship provider',
  params,
  body: SponsorshipProviderBody,
  responses: { 200: one },
});

export const updateExecutableTriggerOp = defineOperation({
  method: 'PATCH',
  path: `${base}/trigger`,
  scope: 'executables:write',
  tag,
  summary: 'Replace the schedule',
  params,
  body: TriggerBody,
  errors: TRIGGER_CHECKS,
  responses: { 200: one },
});

export const pauseExecutableOp = defineOperation({
  method: 'POST',
  path: `${base}/pause`,
  scope: 'executables:write',
  tag,
  summary: 'Pause an active executable (scheduling stops)',
  params,
  errors: ['executable_not_active'],
  responses: { 200: one },
});

export const resumeExecutableOp = defineOperation({
  method: 'POST',
  path: `${base}/resume`,
  scope: 'executables:write',
  tag,
  summary: 'Resume a paused executable (permissions are rechecked; the next run is scheduled from now)',
  params,
  errors: [
    'executable_not_paused',
    'function_switch_pending',
    'executable_not_ready',
    ...PROFILE_CHECKS,
    ...COVERAGE_CHECKS,
  ],
  responses: { 200: one },
});

export const reprovisionExecutableOp = defineOperation({
  method: 'POST',
  path: `${base}/reprovision`,
  scope: 'executables:write',
  tag,
  summary: 'Retry provisioning of an executable in error',
  params,
  errors: ['executable_not_in_error'],
  responses: { 200: one },
});

export const regenerateExecutableOp = defineOperation({
  method: 'POST',
  path: `${base}/regenerate`,
  scope: 'executables:write',
  tag,
  summary: 'Build a fresh sandbox for the current release',
  params,
  errors: ['executable_not_ready', 'function_switch_pending'],
  responses: { 200: one },
});

const queued = z.strictObject({ data: ExecutionSchema });

export const runExecutableOp = defineOperation({
  method: 'POST',
  path: `${base}/run`,
  scope: 'executables:run',
  tag,
  summary: 'Queue a real execution now (additive to the schedule)',
  description:
    'Answers the pending execution record: the run is only queued. Read `GET /api/v1/executions/{executionId}` (and its logs) for the outcome. 409 `executable_unavailable` when the executable is not active, its function was deleted or its profile is not active; 403 `compute_units_exhausted` when a Free workspace has used its 60,000 compute units this cycle (`used`, `included`, `resetsAt`); 409 `execution_in_progress` while another execution of it is unfinished.',
  params,
  errors: RUN_CHECKS,
  responses: { 200: queued },
});

export const simulateExecutableOp = defineOperation({
  method: 'POST',
  path: `${base}/simulate`,
  scope: 'executables:run',
  tag,
  summary: 'Queue a dry run: the task runs and its calls are simulated, nothing is submitted',
  description:
    'Also works on a paused executable with a built sandbox. Storage changes of a dry run are discarded. A dry run ends `skipped` (with the simulation summary as its message) or `failed` (with the semantic error). Refused like a run: 409 `executable_unavailable`, 403 `compute_units_exhausted` (dry runs cost compute units), 409 `execution_in_progress`.',
  params,
  errors: RUN_CHECKS,
  responses: { 200: queued },
});
