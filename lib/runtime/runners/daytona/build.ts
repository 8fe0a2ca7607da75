import type { SandboxChannel } from '../gvisor/run';
import { SandboxBuildError } from '../types';

const BUILD_TIMEOUT_MS = 30_000;
const MAX_REASON = 300;

/**
 * Checks a bundle inside the sandbox's worker (its top-level code is the task's, so it runs nowhere else):
 * answers the worker's reason when the bundle is not a task, null when it is. A worker that stops or takes
 * longer than 30 s fails the build as the bundle's fault.
 */
export function buildIn(worker: SandboxChannel, id: number, source: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      worker.onMessage(null);
      worker.kill();
      reject(new SandboxBuildError('index.js took longer than 30 s to load'));
    }, BUILD_TIMEOUT_MS);
    worker.onMessage((message) => {
      if (message?.t !== 'built' || message.id !== id) return;
      clearTimeout(timer);
      worker.onMessage(null);
      resolve(typeof message.error === 'string' ? message.error.slice(0, MAX_REASON) : null);
    });
    void worker.ended.then(() => {
      clearTimeout(timer);
      reject(new SandboxBuildError('the sandbox stopped while loading index.js'));
    });
    worker.send({ t: 'build', id, source });
  });
}
