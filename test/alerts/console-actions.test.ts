// The Notifications page's server actions, run as a console session on the test database: create (a webhook's
// secret once, audited as the console user), send a test (delivered by the deployment through the outbox),
// delete; members without write access are refused.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  createChannelAction,
  deleteChannelAction,
  testChannelAction,
} from '@/app/(console)/[workspace]/projects/[projectId]/notifications/actions';
import { waitUntil } from '../support/faults';
import { newMember, newProject, newWorkspace, testDb } from '../support/fixtures';

const session: { userId?: string } = {};
vi.mock('@/lib/auth/next-auth', () => ({ auth: async () => session }));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));
vi.mock('@/db/client', async (original) => {
  const actual = await original<typeof import('@/db/client')>();
  const { target } = await import('../support/target');
  let db: ReturnType<typeof actual.createDb> | undefined;
  return { ...actual, getDb: () => (db ??= actual.createDb(target().databaseUrl, 2)) };
});

const bodies: string[] = [];
const receiver = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  bodies.push(Buffer.concat(chunks).toString('utf8'));
  res.writeHead(200).end();
});
beforeAll(async () => {
  // as the deployment under test has it: channel URLs may point at this process's receiver
  process.env.TICKWORK_NOTIFY_PRIVATE = 'allow';
  // credentials are sealed here and opened by the deployment: the same master key
  process.env.TICKWORK_MASTER_KEY = inject('masterKey');
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const slugOf = async (workspaceId: string) =>
  (await testDb().$sql`select slug from workspaces where id = ${workspaceId}`)[0].slug as string;

describe('notifications console actions', () => {
  it('create, test and delete a webhook channel as the console user', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const slug = await slugOf(owner.workspaceId);
    session.userId = owner.userId;
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/console`;

    const bad = await createChannelAction(slug, project.id, { kind: 'webhook', name: 'x', url: 'nope' });
    expect(bad).toEqual(expect.objectContaining({ ok: false, error: 'url is not a valid URL' }));

    const created = await createChannelAction(slug, project.id, {
      kind: 'webhook',
      name: 'Console hook',
      url,
    });
    if (!created.ok) throw new Error(created.error);
    expect(created.data.signingSecret).toMatch(/^whsec_/);

    const queued = await testChannelAction(slug, project.id, created.data.id);
    if (!queued.ok) throw new Error(queued.error);
    // the deployment's sweep delivers it (the test process queues no job of its own)
    await waitUntil('the test delivered', async () => {
      const [row] = await testDb().$sql`select state from notification_outbox where id = ${queued.data.id}`;
      return row.state === 'delivered';
    });
    expect(bodies.some((b) => JSON.parse(b).id === queued.data.id)).toBe(true);

    const member = await newMember(owner.workspaceId, { role: 'member' });
    session.userId = member.userId;
    expect((await deleteChannelAction(slug, project.id, created.data.id)).ok).toBe(false);
    session.userId = owner.userId;
    expect((await deleteChannelAction(slug, project.id, created.data.id)).ok).toBe(true);

    const events = await testDb()
      .$sql`select action, credential_kind, actor_user_id from audit_events where workspace_id = ${owner.workspaceId} order by id`;
    expect(events.map((e) => [e.action, e.credential_kind, e.actor_user_id])).toEqual([
      ['notification_channel.created', 'console', owner.userId],
      ['notification_channel.deleted', 'console', owner.userId],
    ]);
  });
});
