import * as chains from '@/lib/chains/operations';
import * as executions from '@/lib/executions/operations';
import * as projects from '@/lib/projects/operations';
import * as secrets from '@/lib/secrets/operations';
import * as usage from '@/lib/usage/operations';
import type { Operation } from '../operation';

/** Every management operation; the OpenAPI document and the route-coverage test read this list. */
export const OPERATIONS: Operation[] = [projects, chains, usage, secrets, executions].flatMap(
  (mod) => Object.values(mod) as Operation[],
);
