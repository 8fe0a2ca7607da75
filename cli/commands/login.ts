import { mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CliError } from '../output';
import { USER_AGENT } from '../version';

type ApiError = { error: string; code: string };
type Started = {
  deviceCode: string;
  userCode: string;
  verificationUrlComplete: string;
  interval: number;
  expiresIn: number;
};
type Granted = { token: string; workspaceId: string; keyId: string };

export const credentialsFile = () =>
  path.join(process.env.XDG_CONFIG_HOME ?? path.join(homedir(), '.config'), 'tickwork', 'credentials.json');

/** `login [--api URL]`: management login; a person approves in the console, the bound key is saved locally. */
export async function login(argv: string[]) {
  const { values } = parseArgs({ args: argv, options: { api: { type: 'string' } } });
  const api = values.api ?? process.env.TICKWORK_API_URL ?? 'http://localhost:3000';
  async function post<T>(
    route: string,
    body: unknown,
  ): Promise<{ ok: true; data: T } | ({ ok: false } & ApiError)> {
    const res = await fetch(new URL(route, api), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    return res.ok ? { ok: true, data: json.data as T } : { ok: false, ...(json as ApiError) };
  }

  const start = await post<Started>('/api/cli/login', { clientName: 'tickwork CLI' });
  if (!start.ok) throw new CliError(start.error);
  const { deviceCode, userCode, verificationUrlComplete, interval, expiresIn } = start.data;
  process.stderr.write(
    `Open ${verificationUrlComplete}\nand approve the code ${userCode} for one workspace.\n`,
  );

  const deadline = Date.now() + expiresIn * 1000;
  let wait = interval * 1000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, wait));
    const poll = await post<Granted>('/api/cli/token', { deviceCode });
    if (poll.ok) {
      const file = credentialsFile();
      mkdirSync(path.dirname(file), { recursive: true });
      const { token, workspaceId, keyId } = poll.data;
      writeFileSync(file, JSON.stringify({ apiUrl: api, token, workspaceId, keyId }, null, 2), {
        mode: 0o600,
      });
      return { workspaceId, keyId, credentialsFile: file };
    }
    if (poll.code === 'slow_down') wait += 1000;
    else if (poll.code !== 'authorization_pending') throw new CliError(poll.error);
  }
  throw new CliError('the login expired before it was approved');
}
