import type { SandboxRuntime } from '@/db/enums';
import { log } from '@/lib/log';
import { sandboxRunner } from './index';

/**
 * Frees a sandbox no executable uses any more, through its runner (the Daytona runner deletes the sandbox; the
 * local runners keep nothing). Best effort after the commit: a failure is logged and leaves the sandbox behind.
 */
export async function discardSandbox(runtime: SandboxRuntime, ref: string | null | undefined): Promise<void> {
  if (!ref) return;
  const runner = sandboxRunner(runtime);
  if (!runner.discard) return;
  try {
    await runner.discard(ref);
  } catch (error) {
    log.warn({ err: error, runtime, ref }, 'discarding a sandbox failed; it is left behind');
  }
}
