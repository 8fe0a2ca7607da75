import autocannon from 'autocannon';
import { createDb } from '@/db/client';
import { createApiKey } from '@/lib/auth/api-keys';
import { createProject } from '@/lib/projects/service';
import { ensureUserByAddress } from '@/lib/users/service';
import { createWorkspace } from '@/lib/workspaces/service';
import { startTestStack } from './test/support/stack';

const stack = await startTestStack({
  env: { TICKWORK_RATE_LIMIT_PER_MINUTE: '100000000', NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=/tmp/prof' },
});
const db = createDb(stack.databaseUrl, 2);
const user = await ensureUserByAddress(db, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
const ws = await createWorkspace(db, { name: 'B', ownerUserId: user.id });
for (let i = 0; i < 20; i++) await createProject(db, ws.id, { name: `P${i}`, slug: `p-${i}` });
const key = await createApiKey(db, { userId: user.id, workspaceId: ws.id, name: 'k' });
await db.$sql.end();
const r = await autocannon({
  url: `${stack.baseUrl}/api/v1/projects`,
  connections: 32,
  duration: 8,
  headers: { authorization: `Bearer ${key.token}` },
});
console.log(r.requests.average, r.latency.p99);
await stack.stop();
