import { z } from 'zod';
import { defineOperation } from '@/lib/api/operation';
import { ExecutableLatencySchema } from './latency-schemas';
import {
  ExecutableExecutionListQuery,
  ExecutableParams,
  ExecutionListQuery,
  ExecutionLogSchema,
  ExecutionPage,
  ExecutionParams,
  ExecutionReplaySchema,
  ExecutionSchema,
} from './schemas';

const tag = 'Executions';

export const listExecutionsOp = defineOperation({
  method: 'GET',
  path: '/api/v1/executions',
  scope: 'executions:read',
  tag,
  summary: 'List the executions of a project, newest first',
  query: ExecutionListQuery,
  responses: { 200: ExecutionPage },
});

export const getExecutionOp = defineOperation({
  method: 'GET',
  path: '/api/v1/executions/{executionId}',
  scope: 'executions:read',
  tag,
  summary: 'Get an execution',
  params: ExecutionParams,
  responses: { 200: z.strictObject({ data: ExecutionSchema }) },
});

export const listExecutionLogsOp = defineOperation({
  method: 'GET',
  path: '/api/v1/executions/{executionId}/logs',
  scope: 'executions:read',
  tag,
  summary: 'The ordered logs of an execution',
  params: ExecutionParams,
  responses: { 200: z.strictObject({ data: z.array(ExecutionLogSchema) }) },
});

export const listExecutableExecutionsOp = defineOperation({
  method: 'GET',
  path: '/api/v1/executables/{executableId}/executions',
  scope: 'executions:read',
  tag,
  summary: 'List the executions of an executable, newest first',
  params: ExecutableParams,
  query: ExecutableExecutionListQuery,
  responses: { 200: ExecutionPage },
});

export const getExecutionReplayOp = defineOperation({
  method: 'GET',
  path: '/api/v1/executions/{executionId}/replay',
  // The answer holds the release's code: the privileged source scope, not executions:read.
  scope: 'functions:source',
  tag,
  summary: 'What a run saw, to replay it locally (`tickwork replay`)',
  description:
    "The execution's recorded outcome and read block, the release and its index.js, the args, the storage before the run and the names of the bound secrets (never their values). Needs functions:source because it returns the release's code. The args and the storage also need storage:read: for a key without it they are null and listed in `withheld` (the storage route answers such a key 403 insufficient_scope).",
  params: ExecutionParams,
  errors: ['release_unavailable'],
  responses: { 200: z.strictObject({ data: ExecutionReplaySchema }) },
});

export const getExecutableLatencyOp = defineOperation({
  method: 'GET',
  path: '/api/v1/executables/{executableId}/latency',
  scope: 'executions:read',
  tag,
  summary: "An executable's trigger → confirmed percentiles and schedule adherence over 24 h and 7 days",
  params: ExecutableParams,
  responses: { 200: z.strictObject({ data: ExecutableLatencySchema }) },
});
