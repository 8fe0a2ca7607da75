import { defenderAdapter } from './defender';
import { gelatoAdapter } from './gelato';
import type { TaskAdapter } from './types';

/** The styles the bundler knows, tried in order; a folder none of them claims is a Tickwork task. */
export const TASK_ADAPTERS: TaskAdapter[] = [gelatoAdapter, defenderAdapter];

/** The adapter for a folder's entry, or null for a plain Tickwork task. */
export function adapterFor(entry: { file: string; source: string; dir: string }): TaskAdapter | null {
  return TASK_ADAPTERS.find((adapter) => adapter.detect(entry)) ?? null;
}
