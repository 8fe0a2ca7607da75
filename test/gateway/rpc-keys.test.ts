// RPC keys in the console: owners and admins create (the token shown once, stored hashed) and revoke (the
// gateway refuses the key at once), members are refused; both actions are in the audit log without the token.
import { describe, expect, inject, it, vi } from 'vitest';
import { sha256Hex } from '@/lib/crypto/tokens';
import { newMember, newWorkspace, testDb } from '../support/fixtures';

const session: { userId?: string } = {};
vi.mock('@/lib/auth/next-auth', () => ({ auth: async () => session }));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));
vi.mock('@/db/client', async (original) => {
  const actual = await original<typeof import('@/db/client')>();
  const { target } = await import('../support/target');
  let db: ReturnType<typeof actual.createDb> | undefined;
  return { ...actual, getDb: () => (db ??= actual.createDb(target().databaseUrl, 2)) };
});
vi.stubEnv(
  'TICKWORK_CHAINS',
  JSON.stringify([
    { chainId: 31337, name: 'Anvil', network: 'anvil', rpcUrl: inject('rpcUrl'), testnet: true },
  ]),
);

const { createRpcKeyAction, revokeRpcKeyAction } = await import(
  '@/app/(console)/[workspace]/rpc-keys/actions'
);
const { POST: executionRoute } = await import('@/app/rpc/[network]/[key]/route');

const slugOf = async (workspaceId: string) => {
  const [row] = await testDb().$sql`select slug from workspaces where id = ${workspaceId}`;
  return row.slug as string;
};

async function chainId(key: string) {
  const res = await executionRoute(
    new Request(`http://app.test/rpc/anvil/${key}`, {
      method: 'POST',
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
    }),
    { params: Promise.resolve({ network: 'anvil', key }) },
  );
  return { status: res.status, body: await res.json() };
}

describe('RPC keys in the console', () => {
  it('creates a key shown once and stored hashed, which the gateway accepts; revoking refuses it at once', async () => {
    const owner = await newWorkspace();
    const slug = await slugOf(owner.workspaceId);
    session.userId = owner.userId;
    const created = await createRpcKeyAction(slug, '  Indexer  ');
    if (!created.ok) throw new Error(created.error);
    const { id, token, prefix } = created.data;
    expect(token).toMatch(/^twrpc_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(prefix)).toBe(true);

    const [row] = await testDb().$sql`select * from rpc_api_keys where id = ${id}`;
    expect(row).toMatchObject({
      workspace_id: owner.workspaceId,
      name: 'Indexer',
      token_hash: sha256Hex(token),
      token_prefix: prefix,
      created_by: owner.userId,
      revoked_at: null,
    });
    expect(JSON.stringify(row)).not.toContain(token);

    expect(await chainId(token)).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 1, result: '0x7a69' } });

    const revoked = await revokeRpcKeyAction(slug, id);
    expect(revoked).toEqual({ ok: true, data: null });
    const refused = await chainId(token);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'unauthorized' });
    // Revoking again: not found.
    expect(await revokeRpcKeyAction(slug, id)).toMatchObject({ ok: false, code: 'not_found' });

    const events = await testDb().$sql`
      select action, target_id, details from audit_events
      where workspace_id = ${owner.workspaceId} and action like 'rpc_key.%' order by id`;
    expect(events.map((e) => [e.action, e.target_id])).toEqual([
      ['rpc_key.created', id],
      ['rpc_key.revoked', id],
    ]);
    expect(events[0].details).toMatchObject({ name: 'Indexer' });
    expect(JSON.stringify(events)).not.toContain(token);
  });

  it('refuses members (403) and keys of another workspace', async () => {
    const owner = await newWorkspace();
    const slug = await slugOf(owner.workspaceId);
    const member = await newMember(owner.workspaceId, { role: 'member' });
    session.userId = member.userId;
    expect(await createRpcKeyAction(slug, 'nope')).toMatchObject({ ok: false, code: 'forbidden' });
    const [count] = await testDb()
      .$sql`select count(*)::int as n from rpc_api_keys where workspace_id = ${owner.workspaceId}`;
    expect(count.n).toBe(0);

    session.userId = owner.userId;
    const created = await createRpcKeyAction(slug, 'kept');
    if (!created.ok) throw new Error(created.error);
    session.userId = member.userId;
    expect(await revokeRpcKeyAction(slug, created.data.id)).toMatchObject({ ok: false, code: 'forbidden' });

    const other = await newWorkspace();
    session.userId = other.userId;
    expect(await revokeRpcKeyAction(await slugOf(other.workspaceId), created.data.id)).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    expect((await chainId(created.data.token)).status).toBe(200);
  });

  it('validates the name', async () => {
    const owner = await newWorkspace();
    session.userId = owner.userId;
    expect(await createRpcKeyAction(await slugOf(owner.workspaceId), '   ')).toMatchObject({ ok: false });
  });
});
