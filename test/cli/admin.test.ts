import { describe, expect, inject, it } from 'vitest';
import { SCOPES } from '@/lib/auth/scopes';
import { type CliRun as Run, tickwork as runCli } from '../support/cli';
import { expectError } from '../support/expect';
import { newAddress, testDb, uniq } from '../support/fixtures';
import { api } from '../support/http';

/** The CLI against the test database. */
const tickwork = (args: string[]) => runCli(args, { env: { DATABASE_URL: inject('databaseUrl') } });

/** stdout holds exactly one JSON document and nothing else. */
function json(run: Run) {
  expect(run.code, run.stderr).toBe(0);
  const lines = run.stdout.split('\n').filter((l) => l !== '');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]);
}

/** A failure: non-zero exit, nothing on stdout, a JSON `{ error }` line on stderr. */
function failure(run: Run): string {
  expect(run.code).not.toBe(0);
  expect(run.stdout).toBe('');
  const line = run.stderr
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .at(-1);
  expect(line, run.stderr).toBeDefined();
  const parsed = JSON.parse(line as string);
  expect(Object.keys(parsed)).toEqual(['error']);
  return parsed.error;
}

describe('tickwork admin (operator CLI)', { timeout: 90_000 }, () => {
  it('workspace create → member add → key create (bound, and --unbound --scopes) → member remove; tokens work over HTTP', async () => {
    const owner = newAddress();
    const member = newAddress();
    const outsider = newAddress();
    const name = `CLI Workspace ${uniq()}`;

    const ws = json(
      await tickwork(['admin', 'workspace', 'create', '--name', name, '--plan', 'pro', '--owner', owner]),
    );
    expect(Object.keys(ws).sort()).toEqual(['id', 'slug']);
    expect(ws.id).toMatch(/^ws_/);
    const [row] = await testDb().$sql`select name, plan from workspaces where id = ${ws.id}`;
    expect(row).toEqual({ name, plan: 'pro' });

    const [added, ownerKey, outsiderKey] = await Promise.all([
      tickwork(['admin', 'member', 'add', '--workspace', ws.id, '--address', member, '--role', 'member']),
      tickwork(['admin', 'key', 'create', '--workspace', ws.id, '--address', owner]),
      tickwork(['admin', 'key', 'create', '--workspace', ws.id, '--address', outsider]),
    ]);
    expect(json(added)).toMatchObject({ role: 'member', userId: expect.stringMatching(/^usr_/) });
    const bound = json(ownerKey);
    expect(Object.keys(bound).sort()).toEqual(['id', 'token']);
    expect(bound.token).toMatch(/^tw_/);
    expect(failure(outsiderKey)).toContain('not a member');

    // the bound owner key: full scopes, bound to the new workspace, owner role
    const [keyRow] = await testDb().$sql`select workspace_id, scopes from api_keys where id = ${bound.id}`;
    expect(keyRow.workspace_id).toBe(ws.id);
    expect([...keyRow.scopes].sort()).toEqual([...SCOPES].sort());
    const created = await api('/api/v1/projects', {
      method: 'POST',
      token: bound.token,
      body: { name: 'Via CLI', slug: 'via-cli' },
    });
    expect(created.status).toBe(201);
    const usage = await api('/api/v1/usage', { token: bound.token });
    expect(usage.body.data).toMatchObject({ workspaceId: ws.id, plan: { id: 'pro' } });
    const keys = await testDb().$sql`select user_id from api_keys where workspace_id = ${ws.id}`;
    expect(keys).toHaveLength(1); // nothing minted for the outsider

    // the unbound member key: only its scopes, needs X-Workspace-Id, member role
    const unbound = json(
      await tickwork([
        'admin',
        'key',
        'create',
        '--workspace',
        ws.id,
        '--address',
        member,
        '--unbound',
        '--scopes',
        'projects:read, projects:write',
      ]),
    );
    const [unboundRow] = await testDb()
      .$sql`select workspace_id, scopes from api_keys where id = ${unbound.id}`;
    expect(unboundRow).toEqual({ workspace_id: null, scopes: ['projects:read', 'projects:write'] });
    expectError(await api('/api/v1/projects', { token: unbound.token }), 400, 'workspace_required');
    const headers = { 'x-workspace-id': ws.id };
    const list = await api('/api/v1/projects', { token: unbound.token, headers });
    expect(list.body.data.map((p: any) => p.slug)).toEqual(['via-cli']);
    expectError(await api('/api/v1/chains', { token: unbound.token, headers }), 403, 'insufficient_scope');
    expectError(
      await api('/api/v1/projects', {
        method: 'POST',
        token: unbound.token,
        headers,
        body: { name: 'M', slug: 'm' },
      }),
      403,
      'forbidden',
    );

    // member remove: the member's key stops working on the next request
    expect(
      json(await tickwork(['admin', 'member', 'remove', '--workspace', ws.id, '--address', member])),
    ).toMatchObject({ removed: true });
    expectError(await api('/api/v1/projects', { token: unbound.token, headers }), 403, 'forbidden');
  });

  it('bad input → non-zero exit, a JSON error on stderr, nothing on stdout', async () => {
    const runs = await Promise.all([
      tickwork(['admin', 'workspace', 'create', '--name', 'X', '--plan', 'gold']),
      tickwork([
        'admin',
        'key',
        'create',
        '--workspace',
        'ws_missing',
        '--address',
        newAddress(),
        '--scopes',
        'projects:read,nope:x',
      ]),
      tickwork([
        'admin',
        'member',
        'add',
        '--workspace',
        'ws_missing',
        '--address',
        newAddress(),
        '--role',
        'admin',
      ]),
    ]);
    const errors = runs.map(failure);
    expect(errors[0]).toContain('--plan');
    expect(errors[1]).toContain('nope:x');
    expect(errors[2]).toContain('ws_missing');
  });
});
