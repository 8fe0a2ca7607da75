import * as channels from '@/lib/alerts/channel-operations';
import * as alertRules from '@/lib/alerts/rule-operations';
import * as chains from '@/lib/chains/operations';
import * as executables from '@/lib/executables/operations';
import * as executions from '@/lib/executions/operations';
import * as functions from '@/lib/functions/operations';
import * as profiles from '@/lib/profiles/operations';
import * as projects from '@/lib/projects/operations';
import * as secrets from '@/lib/secrets/operations';
import * as storage from '@/lib/storage/operations';
import * as usage from '@/lib/usage/operations';
import * as webhooks from '@/lib/webhooks/operations';
import type { Operation } from '../operation';

/** Every management operation; the OpenAPI document and the route-coverage test read this list. */
export const OPERATIONS: (Operation & { operationId: string })[] = [
  projects,
  chains,
  usage,
  functions,
  secrets,
  executables,
  executions,
  profiles,
  storage,
  webhooks,
  alertRules,
  channels,
].flatMap((mod) =>
  Object.entries(mod).map(([name, op]) => ({ ...(op as Operation), operationId: name.replace(/Op$/, '') })),
);
