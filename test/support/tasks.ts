import type { TaskHost, TaskInput } from '@/lib/runtime/task-types';

/** A run's input for the isolate runner: no args, storage or secrets unless given; chain 31337. */
export function taskInput(source: string, over: Partial<TaskInput> = {}): TaskInput {
  return {
    source,
    args: {},
    storage: {},
    secrets: {},
    chainId: 31337,
    execution: {
      id: 'exn_task',
      executableId: 'exe_test',
      sender: '0x0000000000000000000000000000000000000001',
      trigger: 'manual',
      scheduledAt: new Date().toISOString(),
      dryRun: false,
    },
    ...over,
  };
}

/** Host bridges around a chain bridge, with no network for fetch. */
export const chainOnlyHost = (chainRequest: TaskHost['chainRequest']): TaskHost => ({
  chainRequest,
  fetch: async () => Promise.reject(new Error('no fetch')),
});
