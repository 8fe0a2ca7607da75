// Rotating the master key (docs/deploy.md#rotating-the-master-key): with the new key current and the old one
// previous, the rotation step seals every stored envelope's data key again; afterwards an instance that knows
// only the new key still signs with the profile's key, and a second rotation finds nothing left to do.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { faultStackWorld, nonceOf, payExe } from '../support/faults';
import { api } from '../support/http';
import { waitForExecution } from '../support/runs';
import { useTarget } from '../support/target';

const world = faultStackWorld();

/** The rotation step, as a checkout runs it, with `keys` (current, then previous) on the fault stack's database. */
function rotate(current: string, previous?: string) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'deploy/image/rotate-master-key.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: world.stack.databaseUrl,
      TICKWORK_MASTER_KEY: current,
      ...(previous && { TICKWORK_MASTER_KEY_PREVIOUS: previous }),
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, said: run.stderr };
}

/** How many rows of `table.column` the step says it resealed. */
const resealed = (said: string, column: string) =>
  Number(said.match(new RegExp(`${column.replace('.', '\\.')}: (\\d+) resealed`))?.[1] ?? Number.NaN);

describe('rotating the master key', () => {
  it('reseals every envelope; an instance with only the new key runs on; a second rotation does nothing', async () => {
    const { stack, w } = world;
    const secret = await api('/api/v1/secrets', {
      method: 'POST',
      token: w.token,
      body: { projectId: w.projectId, name: 'ROTATION_CHECK', value: 'kept-through-rotation' },
    });
    expect(secret.status).toBe(201);
    const pay = await payExe(w);
    const oldKey = stack.env.TICKWORK_MASTER_KEY as string;
    const newKey = randomBytes(32).toString('base64');

    // without the old key the stored values cannot be opened: the step stops and names no value
    const blind = rotate(newKey);
    expect(blind.status).toBe(1);
    expect(blind.said).toContain('the rotation stopped');
    expect(blind.said).not.toContain('kept-through-rotation');

    const first = rotate(newKey, oldKey);
    expect(first.status).toBe(0);
    expect(resealed(first.said, 'profiles.encrypted_key')).toBeGreaterThanOrEqual(1);
    expect(resealed(first.said, 'secrets.ciphertext')).toBe(1);

    // the app restarted on the new key alone signs the profile's transaction
    await stack.app().kill('SIGKILL');
    const app = await stack.startApp({ TICKWORK_MASTER_KEY: newKey });
    useTarget({ ...stack.target, baseUrl: app.baseUrl, masterKey: newKey });
    const nonceBefore = await nonceOf(w.address);
    const { execution } = await waitForExecution(w.token, await world.queue(pay.exe.id), 60_000);
    expect(execution.status).toBe('confirmed');
    expect(await nonceOf(w.address)).toBe(nonceBefore + 1);

    const second = rotate(newKey, oldKey);
    expect(second.status).toBe(0);
    expect(resealed(second.said, 'profiles.encrypted_key')).toBe(0);
    expect(resealed(second.said, 'secrets.ciphertext')).toBe(0);
  }, 180_000);
});
