// A bound secret re-encoded by the task is redacted like the secret itself: in hex (either case), base64 (padded
// or not), base64url, and inside a longer base64 text (an HTTP basic-auth header), in the logs and in the error a
// run records. Run by the deployment, read back over the API.
import { beforeAll, describe, expect, it } from 'vitest';
import { uniq } from '../support/fixtures';
import { api } from '../support/http';
import { type RunWorld, runnableExe, runToEnd, runWorld } from '../support/runs';

let w: RunWorld;
beforeAll(async () => {
  w = await runWorld();
}, 120_000);

// '>>>' and '???' encode to base64 with '+' and '/' (base64url: '-' and '_'), so each spelling differs.
const value = `sk_>>>???_${uniq()}${uniq()}`;
const bytes = Buffer.from(value, 'utf8');
const spellings = {
  hex: bytes.toString('hex'),
  HEX: bytes.toString('hex').toUpperCase(),
  base64: bytes.toString('base64'),
  base64NoPadding: bytes.toString('base64').replace(/=+$/, ''),
  base64url: bytes.toString('base64url'),
};

/** Logs each spelling of the bound secret on a line of its own, then throws with its base64url spelling. */
const SPELLING_TASK = `export default { __tickworkTask: 1, run: async (ctx) => {
  const key = await ctx.secrets.get('API_KEY');
  const utf8 = new TextEncoder().encode(key);
  const hex = Array.from(utf8, (b) => b.toString(16).padStart(2, '0')).join('');
  const base64 = btoa(String.fromCharCode(...utf8));
  const base64url = base64.replace(/=+$/, '').replaceAll('+', '-').replaceAll('/', '_');
  ctx.log.info('hex ' + hex);
  ctx.log.info('HEX ' + hex.toUpperCase());
  ctx.log.info('base64 ' + base64);
  ctx.log.info('base64NoPadding ' + base64.replace(/=+$/, ''));
  ctx.log.info('base64url ' + base64url);
  ctx.log.info('basic Basic ' + btoa('user:' + key));
  ctx.log.info('json', { token: base64 });
  throw new Error('the API refused token ' + base64url);
} };\n`;

describe('secret redaction covers encoded spellings', () => {
  it('hex, base64 and base64url spellings of a bound secret never reach the logs or the error', async () => {
    const secret = await api('/api/v1/secrets', {
      method: 'POST',
      token: w.token,
      body: { projectId: w.projectId, name: `KEY_${uniq()}`, value },
    });
    expect(secret.status, secret.text).toBe(201);
    const exe = await runnableExe(w, SPELLING_TASK, {
      exe: { secretBindings: [{ secretId: secret.body.data.id, envKey: 'API_KEY' }] },
    });
    const { execution, logs } = await runToEnd(w.token, exe.id);

    expect(execution.status).toBe('failed');
    expect(execution.error).toEqual({
      code: 'task_threw',
      message: 'the task threw: the API refused token [redacted]',
    });
    const messages = logs.map((l) => l.message);
    for (const name of Object.keys(spellings)) expect(messages).toContain(`${name} [redacted]`);
    expect(messages).toContain('json {"token":"[redacted]"}');

    // Inside `user:<secret>` the secret starts mid-group: what is left around the redaction is the encoded
    // 'user:' and at most two of the secret's bytes on either edge, never enough to read it back.
    const basic = messages.find((m) => m.startsWith('basic Basic ')) as string;
    expect(basic).toContain('[redacted]');
    expect(basic.replace('basic Basic ', '').replace('[redacted]', '').length).toBeLessThanOrEqual(12);

    const everything = JSON.stringify({ execution, logs });
    expect(everything).not.toContain(value);
    for (const spelling of Object.values(spellings)) expect(everything).not.toContain(spelling);
    expect(everything).not.toContain(Buffer.from(`user:${value}`).toString('base64'));
  });
});
