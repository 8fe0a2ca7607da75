import { createDb } from '@/db/client';
import { createApiKey } from '@/lib/auth/api-keys';
import { findUserByAddress } from '@/lib/users/service';

/**
 * A management API key for the person of `address`, bound to the workspace of `slug`, minted straight on the
 * test deployment's database (as the operator CLI does): the browser tests use it to probe the API.
 */
export async function mintApiKey(address: string, slug: string) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set (the global setup sets it)');
  const db = createDb(url, 1);
  try {
    const user = await findUserByAddress(db, address);
    if (!user) throw new Error(`${address} has not signed in`);
    const [workspace] = await db.$sql`select id from workspaces where slug = ${slug}`;
    const key = await createApiKey(db, { userId: user.id, workspaceId: workspace.id, name: 'e2e probe' });
    return key.token;
  } finally {
    await db.$sql.end({ timeout: 5 });
  }
}

/**
 * Makes a run look as if Tickwork gave up on its transaction and the cancellation is not mined yet
 * (`submitted_unknown`, `cancellation_pending`), without the watcher (no `watch_at`): its account then shows as
 * nonce blocked.
 */
export async function markCancellationPending(executionId: string) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set (the global setup sets it)');
  const db = createDb(url, 1);
  try {
    const error = { code: 'cancellation_pending', message: 'seeded by the e2e test' };
    await db.$sql`update executions set status = 'submitted_unknown', error = ${JSON.stringify(error)}::jsonb,
                    watch_at = null, reconcile_at = null where id = ${executionId}`;
  } finally {
    await db.$sql.end({ timeout: 5 });
  }
}
