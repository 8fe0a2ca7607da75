// A task's calls carry at most 96 KiB of data together (one transaction's worth, docs/executions.md): a 5 MB
// `data` fails the run with `call_data_too_large` before anything of it is stored or simulated; a batch exactly
// at the cap is simulated, sent and confirmed.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TASK_LIMITS } from '@/lib/runtime/task-runner/limits';
import { newAddress } from '../support/fixtures';
import { type RunWorld, runnableExe, runToEnd, runWorld, transfersTo } from '../support/runs';

let w: RunWorld;
beforeAll(async () => {
  w = await runWorld();
}, 120_000);

const CAP = DEFAULT_TASK_LIMITS.maxCallDataBytes;

/** Returns two calls to `to` whose zero-filled data (selector 0x00000000) adds up to `bytes`. */
const dataTask = (to: string, bytes: number) => `export default { __tickworkTask: 1, run: async () => {
  const half = ${Math.floor(bytes / 2)};
  const call = (n) => ({ to: '${to}', data: '0x' + '00'.repeat(n), value: 0n });
  return { canExec: true, message: 'big', calls: [call(half), call(${bytes} - half)] };
} };\n`;

describe('the call data cap', () => {
  it('is 96 KiB', () => {
    expect(CAP).toBe(96 * 1024);
  });

  it('a 5 MB data fails the run before simulation', async () => {
    const to = newAddress();
    const exe = await runnableExe(w, dataTask(to, 5 * 1024 * 1024), {
      files: { 'permissions.json': transfersTo(to) },
    });
    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution.status).toBe('failed');
    expect(execution.error.code).toBe('call_data_too_large');
    expect(execution.error.message).toBe(
      `the calls carry ${5 * 1024 * 1024} bytes of data (calls[0].data ${2.5 * 1024 * 1024} bytes); a run's calls may carry at most ${CAP} bytes together, as they are sent in one transaction`,
    );
    // never simulated: no calls on the record, no transaction
    expect(execution.calls).toBeNull();
    expect(execution.txHash).toBeNull();
  });

  it('one byte over the cap fails; exactly at the cap is sent and confirmed', async () => {
    const to = newAddress();
    const permissions = { 'permissions.json': transfersTo(to) };
    const over = await runnableExe(w, dataTask(to, CAP + 1), { files: permissions });
    const refused = await runToEnd(w.token, over.id);
    expect(refused.execution.error?.code).toBe('call_data_too_large');

    const at = await runnableExe(w, dataTask(to, CAP), { files: permissions });
    const sent = await runToEnd(w.token, at.id);
    expect(sent.execution.status, JSON.stringify(sent.execution.error)).toBe('confirmed');
    expect(sent.execution.calls).toHaveLength(2);
  }, 90_000);
});
