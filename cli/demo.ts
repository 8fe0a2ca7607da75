import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Address } from 'viem';
import { createDb } from '@/db/client';
import { createApiKey } from '@/lib/auth/api-keys';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { buildRelease } from '@/lib/functions/build/build-release';
import { ensureUserByAddress } from '@/lib/users/service';
import { createWorkspace } from '@/lib/workspaces/service';
import { uploadZip } from './commands/upload';
import { callApi, type Target } from './target';

// A ready demo for the first start of `npm run dev`: a Pro workspace owned by a wallet, a project, a profile on
// the dev chain (funded when it turns active), the three example tasks uploaded, and storage-counter running
// every five minutes against the DemoCounter. Made through the management API, as a user would.

/** anvil's account #1 (its well-known test key imports into any wallet): the demo's owner unless one is given. */
export const DEMO_OWNER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const DEMO_OWNER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const EXAMPLES = ['storage-counter', 'balance-threshold', 'webhook-args'] as const;
const ACTIVE_WITHIN_MS = 120_000;

export type DemoSeed = {
  owner: Address;
  workspaceId: string;
  workspaceSlug: string;
  token: string;
  projectId: string;
  profileId: string;
  functionIds: Record<(typeof EXAMPLES)[number], string>;
  executableId: string;
};

type ApiRecord = { id: string; state?: string };

async function until<T extends ApiRecord>(target: Target, path: string, done: (r: T) => boolean): Promise<T> {
  const deadline = Date.now() + ACTIVE_WITHIN_MS;
  for (;;) {
    const record = (await callApi(target, 'GET', path)) as T;
    if (done(record)) return record;
    if (Date.now() > deadline) throw new Error(`${path} did not become ready (state ${record.state})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Seeds the demo into the deployment at `apiUrl` whose database is `databaseUrl`. */
export async function seedDemo(opts: {
  apiUrl: string;
  databaseUrl: string;
  owner?: Address;
}): Promise<DemoSeed> {
  const owner = opts.owner ?? DEMO_OWNER;
  const db = createDb(opts.databaseUrl, 1);
  let target: Target;
  let workspaceSlug: string;
  try {
    const user = await ensureUserByAddress(db, owner);
    const workspace = await createWorkspace(db, { name: 'Demo', plan: 'pro', ownerUserId: user.id });
    const key = await createApiKey(db, { userId: user.id, workspaceId: workspace.id, name: 'demo' });
    target = { api: opts.apiUrl.replace(/\/+$/, ''), token: key.token, workspaceId: workspace.id };
    workspaceSlug = workspace.slug;
  } finally {
    await db.$sql.end();
  }

  const project = (await callApi(target, 'POST', '/api/v1/projects', {
    name: 'Demo',
    slug: 'demo',
  })) as ApiRecord;
  const created = (await callApi(target, 'POST', '/api/v1/profiles', {
    projectId: project.id,
    alias: 'Demo keeper',
    chainId: 31337,
  })) as ApiRecord;

  const functionIds = {} as DemoSeed['functionIds'];
  for (const name of EXAMPLES) {
    const folder = path.resolve('examples/tasks', name);
    const uploaded = await uploadZip(target, {
      zip: (await buildRelease(folder)).zip,
      fileName: `${name}.zip`,
      projectId: project.id,
      schema: readFileSync(path.join(folder, 'schema.json'), 'utf8'),
    });
    functionIds[name] = uploaded.taskId as string;
  }

  const profile = await until(target, `/api/v1/profiles/${created.id}`, (p) => p.state === 'active');
  const executable = (await callApi(target, 'POST', '/api/v1/executables', {
    projectId: project.id,
    functionId: functionIds['storage-counter'],
    profileId: profile.id,
    name: 'Count every five minutes',
    trigger: { type: 'interval', intervalMs: 300_000 },
    args: JSON.stringify({ counter: LOCAL_DEMO_CONTRACTS.counter }),
  })) as ApiRecord;
  await until(target, `/api/v1/executables/${executable.id}`, (e) => e.state === 'active');

  return {
    owner,
    workspaceId: target.workspaceId,
    workspaceSlug,
    token: target.token,
    projectId: project.id,
    profileId: profile.id,
    functionIds,
    executableId: executable.id,
  };
}

/** What the start command prints about the demo: how to sign in, and the key to use. */
export function demoInstructions(seed: DemoSeed, apiUrl: string): string {
  const wallet =
    seed.owner === DEMO_OWNER
      ? `the wallet ${DEMO_OWNER}: anvil's test account #1, import its key ${DEMO_OWNER_KEY} into your browser wallet (or set TICKWORK_DEMO_OWNER=0xYourAddress before the first start)`
      : `your wallet ${seed.owner}`;
  return [
    '[tickwork] demo ready (skip it with `npm run dev -- --no-demo` or TICKWORK_SEED_DEMO=off; delete .data/demo.json to seed again)',
    `  console:    ${apiUrl}/${seed.workspaceSlug}, sign in with ${wallet}`,
    `  project:    ${seed.projectId} with the three example tasks; ${seed.executableId} increments the DemoCounter every 5 minutes`,
    `  API key:    export TICKWORK_TOKEN=${seed.token} TICKWORK_WORKSPACE_ID=${seed.workspaceId}`,
    `  try:        curl -s ${apiUrl}/api/v1/executables/${seed.executableId}/executions -H "Authorization: Bearer $TICKWORK_TOKEN"`,
  ].join('\n');
}
