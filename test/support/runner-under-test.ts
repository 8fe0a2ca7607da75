import { afterAll } from 'vitest';
import { createGvisorRunner, type GvisorRunner } from '@/lib/runtime/runners/gvisor';
import { gvisorConfig } from '@/lib/runtime/runners/gvisor/config';
import { DEFAULT_TASK_LIMITS, runTask as isolateRunTask, type TaskLimits } from '@/lib/runtime/task-runner';
import type { TaskHost, TaskInput, TaskOutcome } from '@/lib/runtime/task-types';

// The runner the runtime suites run their tasks in: the isolate runner, or the gVisor runner when the vitest
// project sets TICKWORK_TEST_RUNNER=gvisor (vitest.config.ts), so the same escape and limit tests hold on both.

export const RUNNER_UNDER_TEST = process.env.TICKWORK_TEST_RUNNER === 'gvisor' ? 'gvisor' : 'isolate';

let gvisor: GvisorRunner | undefined;

function gvisorUnderTest(): GvisorRunner {
  if (!gvisor) {
    process.env.TICKWORK_GVISOR_RUNNER ||= 'runsc --rootless --platform=ptrace';
    gvisor = createGvisorRunner(gvisorConfig());
    afterAll(() => gvisor?.close());
  }
  return gvisor;
}

/** `runTask` of lib/runtime/task-runner, on the runner under test. */
export function runTask(
  input: TaskInput,
  host: TaskHost,
  limits: Partial<TaskLimits> = {},
): Promise<TaskOutcome> {
  if (RUNNER_UNDER_TEST === 'isolate') return isolateRunTask(input, host, limits);
  return gvisorUnderTest().runWith(input, host, { ...DEFAULT_TASK_LIMITS, ...limits });
}
