// The build check a release goes through before its executable is active: the module loads with a run's globals
// (what octokit, ky and similar clients look up when they load), and reaches no network while it does.
import { describe, expect, it } from 'vitest';
import { checkTaskBundle } from '@/lib/runtime/runners/build-check';

const TASK = 'export default { __tickworkTask: 1, run: async () => ({ canExec: false }) };';

describe('checkTaskBundle', () => {
  it('loads a module that keeps fetch, logs and sets timers at load time, as it would in a run', async () => {
    const source = `
      const request = globalThis.fetch.bind(globalThis); // what octokit's request does when it loads
      if (typeof request !== 'function' || typeof Request !== 'function') throw new Error('no fetch');
      console.log('loading');
      const timer = setTimeout(() => {}, 60_000);
      clearTimeout(timer);
      setInterval(() => {}, 1_000); // left waiting: it ends with the check
      ${TASK}`;
    await expect(checkTaskBundle(source)).resolves.toBeUndefined();
  });

  it('refuses a request made while the module loads, saying why', async () => {
    await expect(checkTaskBundle(`await fetch('https://example.com');\n${TASK}`)).rejects.toThrow(
      'fetch: requests are not available while the release is checked (only while it runs)',
    );
  });

  it('still refuses a module whose default export is not a task', async () => {
    await expect(checkTaskBundle('export default 42;')).rejects.toThrow('must export a task');
  });
});
