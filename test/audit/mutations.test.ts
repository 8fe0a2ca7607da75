// The audit log after an incident: every mutation of profiles, executables, functions, secrets, webhooks,
// notification channels and alert rules leaves exactly one event naming who did it and with which credential (an
// API key's id, a console session, a CLI login's key), through the real app and its database; no event holds a
// secret value, a webhook URL or raw args.
import { toFunctionSelector } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction } from '@/lib/audit/actions';
import { auditDetailsText } from '@/lib/audit/details-text';
import { decideCliLogin } from '@/lib/auth/cli-login';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import {
  createExe,
  deleteExe,
  exeAction,
  exeBody,
  exeWorld,
  patchFacet,
  setExeState,
  uploadRelease,
  waitForExe,
} from '../support/executables';
import { newProject, testDb, uniq } from '../support/fixtures';
import { type ApiResponse, api } from '../support/http';
import { createProfile, profileAction } from '../support/profiles';
import { deploySafe, fundedAccount, safeWorld } from '../support/safes';
import { seedProfile } from '../support/seed';
import { createWebhook, renameWebhook, revokeWebhook, rotateWebhook } from '../support/webhooks';

const session: { userId?: string } = {};
vi.mock('@/lib/auth/next-auth', () => ({ auth: async () => session }));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));
vi.mock('@/db/client', async (original) => {
  const actual = await original<typeof import('@/db/client')>();
  const { target } = await import('../support/target');
  let db: ReturnType<typeof actual.createDb> | undefined;
  return { ...actual, getDb: () => (db ??= actual.createDb(target().databaseUrl, 2)) };
});

type AuditRow = {
  action: AuditAction;
  target_type: string | null;
  target_id: string | null;
  actor_user_id: string | null;
  credential_kind: string;
  credential_id: string | null;
  details: Record<string, unknown>;
};

const eventsOf = (workspaceId: string) =>
  testDb().$sql<AuditRow[]>`
    select action, target_type, target_id, actor_user_id, credential_kind, credential_id, details
    from audit_events where workspace_id = ${workspaceId} order by id`;

/** Values that must never reach an event, whatever the action. */
const NEVER_RECORDED = ['very-secret-value', 'twh_', '/api/hooks/'];

/** Every action this file saw recorded, for the coverage check at the end. */
const seen = new Set<string>();

/**
 * The events of a workspace are exactly `expected` (action and target, in any order), each by `actor` with
 * `credential`; none holds a value from `forbidden`; each renders in the console's words.
 */
async function expectAudited(
  workspaceId: string,
  expected: [AuditAction, string][],
  who: { userId: string; credentialKind: string; credentialId: string | null },
  forbidden: string[] = [],
) {
  const rows = await eventsOf(workspaceId);
  const key = (action: string, target: string | null) => `${action} ${target}`;
  expect(rows.map((r) => key(r.action, r.target_id)).sort()).toEqual(
    expected.map(([action, target]) => key(action, target)).sort(),
  );
  for (const row of rows) {
    seen.add(row.action);
    expect(row, row.action).toMatchObject({
      actor_user_id: who.userId,
      credential_kind: who.credentialKind,
      credential_id: who.credentialId,
    });
    expect(AUDIT_ACTIONS[row.action], row.action).toEqual(expect.any(String));
    expect(auditDetailsText(row.details)).not.toContain('[object Object]');
    const text = JSON.stringify(row.details);
    for (const value of [...NEVER_RECORDED, ...forbidden]) expect(text, row.action).not.toContain(value);
  }
  return rows;
}

function ok(res: ApiResponse, status = [200, 201, 202]) {
  if (!status.includes(res.status)) throw new Error(`${res.status}: ${res.text}`);
  return res.body.data ?? res.body;
}

const slugOf = async (workspaceId: string) =>
  (await testDb().$sql`select slug from workspaces where id = ${workspaceId}`)[0].slug as string;

describe('every mutation kind is audited with its actor and credential', () => {
  it('through the API with a key: profiles, executables (each facet and state), functions, secrets, webhooks, channels, rules', async () => {
    const w = await exeWorld();
    const who = { userId: w.userId, credentialKind: 'api_key', credentialId: w.keyId };
    const expected: [AuditAction, string][] = [
      ['function.uploaded', w.functionId],
      ['secret.created', w.secretId],
    ];
    const step = async (action: AuditAction, res: Promise<ApiResponse>, target?: (data: any) => string) => {
      const data = ok(await res);
      expected.push([action, target ? target(data) : data.id]);
      return data;
    };
    const argToken = `arg-token-${uniq()}`;
    const laterArgToken = `arg-token-${uniq()}`;
    const token = w.token;

    // executables: created, each facet, each state change
    const a = await step(
      'executable.created',
      createExe(
        token,
        exeBody(w, {
          args: JSON.stringify({ apiToken: argToken }),
          secretBindings: [{ secretId: w.secretId, envKey: 'API_KEY' }],
        }),
      ),
    );
    await waitForExe(token, a.id, (e) => e.state === 'active', 60_000);
    const onA = () => a.id;
    await step(
      'executable.args_changed',
      patchFacet(token, a.id, 'args', { args: JSON.stringify({ apiToken: laterArgToken }) }),
      onA,
    );
    await step(
      'executable.trigger_changed',
      patchFacet(token, a.id, 'trigger', { trigger: { type: 'interval', intervalMs: 120_000 } }),
      onA,
    );
    await step('executable.gas_changed', patchFacet(token, a.id, 'gas-mode', { gasMode: 'self' }), onA);
    await step(
      'executable.gas_changed',
      patchFacet(token, a.id, 'sponsorship-provider', { sponsorshipProvider: 'pimlico' }),
      onA,
    );
    await step(
      'executable.secrets_changed',
      patchFacet(token, a.id, 'secrets', { secretBindings: [{ secretId: w.secretId, envKey: 'API_TOKEN' }] }),
      onA,
    );
    await step('executable.pinned_changed', patchFacet(token, a.id, 'pinned', { pinned: true }), onA);
    const otherProfile = await seedProfile(w.workspaceId, w.projectId);
    await step(
      'executable.profile_changed',
      patchFacet(token, a.id, 'profile', { profileId: otherProfile.id }),
      onA,
    );
    await step('executable.paused', exeAction(token, a.id, 'pause'), onA);
    await step('executable.resumed', exeAction(token, a.id, 'resume'), onA);
    await step('executable.paused', exeAction(token, a.id, 'pause'), onA);
    await step('executable.regenerated', exeAction(token, a.id, 'regenerate'), onA);
    const next = await uploadRelease(w, w.projectId);
    expected.push(['function.uploaded', next]);
    await step(
      'executable.function_switch_requested',
      api(`/api/v1/executables/${a.id}/function`, { method: 'PATCH', token, body: { functionId: next } }),
      onA,
    );
    await step('executable.deleted', deleteExe(token, a.id), onA);

    const b = await step('executable.created', createExe(token, exeBody(w)));
    await waitForExe(token, b.id, (e) => e.state === 'active', 60_000);
    await setExeState(b.id, 'error');
    await step('executable.reprovisioned', exeAction(token, b.id, 'reprovision'), () => b.id);

    // webhooks
    const hook = await step('webhook.created', createWebhook(token, b.id, { name: 'deploys' }));
    await step('webhook.renamed', renameWebhook(token, hook.id, { name: 'releases' }));
    await step('webhook.rotated', rotateWebhook(token, hook.id));
    await step('webhook.revoked', revokeWebhook(token, hook.id));

    // secrets
    await step(
      'secret.rotated',
      api(`/api/v1/secrets/${w.secretId}`, {
        method: 'PATCH',
        token,
        body: { value: 'very-secret-value-2' },
      }),
    );
    const spare = await step(
      'secret.created',
      api('/api/v1/secrets', {
        method: 'POST',
        token,
        body: { projectId: w.projectId, name: `S_${uniq()}`, value: 'very-secret-value-3' },
      }),
    );
    await step('secret.deleted', api(`/api/v1/secrets/${spare.id}`, { method: 'DELETE', token }));

    // profiles
    const created = await step(
      'profile.created',
      createProfile(token, { projectId: w.projectId, alias: `p-${uniq()}`, chainId: 31337 }),
    );
    await step(
      'profile.renamed',
      api(`/api/v1/profiles/${created.id}`, { method: 'PATCH', token, body: { name: `renamed-${uniq()}` } }),
    );
    const idle = await seedProfile(w.workspaceId, w.projectId);
    await step('profile.archived', profileAction(token, idle.id, 'archive'));
    await step('profile.unarchived', profileAction(token, idle.id, 'unarchive'));
    const pending = await seedProfile(w.workspaceId, w.projectId, { state: 'pending' });
    await step('profile.provisioning_retried', profileAction(token, pending.id, 'retry'));
    const elsewhere = await newProject(w.workspaceId);
    await step('profile.shared', profileAction(token, idle.id, 'share', { targetProjectId: elsewhere.id }));

    // functions
    const copy = await step(
      'function.copied',
      api(`/api/v1/functions/${next}/copy`, {
        method: 'POST',
        token,
        body: { targetProjectId: elsewhere.id },
      }),
    );
    await step('function.deleted', api(`/api/v1/functions/${copy.id}`, { method: 'DELETE', token }));

    // notification channels and alert rules
    const channel = await step(
      'notification_channel.created',
      api('/api/v1/channels', {
        method: 'POST',
        token,
        body: {
          projectId: w.projectId,
          kind: 'webhook',
          name: `hook-${uniq()}`,
          url: 'https://alerts.example.com/tw',
        },
      }),
    );
    const rule = await step(
      'alert_rule.created',
      api('/api/v1/alert-rules', {
        method: 'POST',
        token,
        body: { projectId: w.projectId, kind: 'consecutive_failures', channelIds: [channel.id] },
      }),
    );
    await step(
      'alert_rule.updated',
      api(`/api/v1/alert-rules/${rule.id}`, { method: 'PATCH', token, body: { enabled: false } }),
    );
    await step('alert_rule.deleted', api(`/api/v1/alert-rules/${rule.id}`, { method: 'DELETE', token }));
    await step(
      'notification_channel.deleted',
      api(`/api/v1/channels/${channel.id}`, { method: 'DELETE', token }),
    );

    const rows = await expectAudited(w.workspaceId, expected, who, [argToken, laterArgToken]);

    // args: changed, with key names and a keyed digest; secrets by name and binding, never their value
    const argsChange = rows.find((r) => r.action === 'executable.args_changed');
    expect(argsChange?.details).toMatchObject({
      args: 'changed',
      argKeys: ['apiToken'],
      argsDigest: expect.stringMatching(/^[\w-]{16}$/),
    });
    const creation = rows.find((r) => r.action === 'executable.created' && r.target_id === a.id);
    expect(creation?.details).toMatchObject({
      args: 'set',
      argKeys: ['apiToken'],
      secrets: ['API_KEY'],
      profileId: w.profileId,
    });
    expect(creation?.details.argsDigest).not.toBe(argsChange?.details.argsDigest);
    expect(rows.find((r) => r.action === 'executable.secrets_changed')?.details).toMatchObject({
      previousSecrets: ['API_KEY'],
      secrets: [`API_TOKEN ${w.secretId}`],
    });
    expect(rows.find((r) => r.action === 'executable.profile_changed')?.details).toMatchObject({
      previousProfileId: w.profileId,
      profileId: otherProfile.id,
    });
    expect(rows.find((r) => r.action === 'secret.rotated')?.details).toMatchObject({ version: 2 });
  }, 300_000);

  it('in the console with a session: Safe module enablement and disablement, role changes, Safe profiles, secrets', async () => {
    const scope = [{ to: LOCAL_DEMO_CONTRACTS.counter, functions: [toFunctionSelector('increment()')] }];
    const rw = await safeWorld({ roles: { scope } });
    // safeWorld made its profile through the service (as the operator): only what follows is the console's
    await testDb().$sql`delete from audit_events where workspace_id = ${rw.workspaceId}`;
    const slug = await slugOf(rw.workspaceId);
    session.userId = rw.userId;
    const profiles = await import('@/app/(console)/[workspace]/projects/[projectId]/profiles/actions');
    const project = await import('@/app/(console)/[workspace]/projects/[projectId]/actions');
    const expected: [AuditAction, string][] = [];
    const done = <T>(result: { ok: true; data: T } | { ok: false; error: string }) => {
      if (!result.ok) throw new Error(result.error);
      return result.data;
    };

    const allowed = done(
      await profiles.allowRoleCallsAction(slug, rw.projectId, rw.profileId, [
        { to: LOCAL_DEMO_CONTRACTS.token, functions: ['topUp(address)'] },
      ]),
    );
    expected.push(['profile.role_change_prepared', rw.profileId]);
    done(await profiles.prepareSafeTransactionAction(slug, rw.projectId, rw.profileId, 'disable_module'));
    expected.push(['profile.module_disable_prepared', rw.profileId]);

    const safe = await deploySafe([await fundedAccount()], 1);
    const safeProfile = done(
      await profiles.createSafeProfileAction(slug, rw.projectId, {
        alias: `safe-${uniq()}`,
        chainId: 31337,
        safe,
      }),
    );
    expected.push(['profile.created', safeProfile.id]);
    done(await profiles.prepareSafeTransactionAction(slug, rw.projectId, safeProfile.id, 'enable_module'));
    expected.push(['profile.module_enable_prepared', safeProfile.id]);

    const secret = done(
      await project.createSecretAction(slug, rw.projectId, {
        name: `S_${uniq()}`,
        value: 'very-secret-value',
      }),
    );
    expected.push(['secret.created', secret.id]);
    done(await project.rotateSecretAction(slug, rw.projectId, secret.id, 'very-secret-value-2'));
    expected.push(['secret.rotated', secret.id]);
    done(await project.deleteSecretAction(slug, rw.projectId, secret.id));
    expected.push(['secret.deleted', secret.id]);

    const rows = await expectAudited(rw.workspaceId, expected, {
      userId: rw.userId,
      credentialKind: 'console',
      credentialId: null,
    });
    const roleChange = rows.find((r) => r.action === 'profile.role_change_prepared');
    expect(roleChange?.details).toMatchObject({ safeTransactionId: allowed.id, kind: 'roles' });
    expect(rows.find((r) => r.action === 'profile.created')?.details).toMatchObject({
      kind: 'safe',
      safeTransactionId: safeProfile.safeTransactionId,
    });
  }, 180_000);

  it('with the key a CLI login issued: the credential says so and names the key', async () => {
    const w = await exeWorld();
    await testDb().$sql`delete from audit_events where workspace_id = ${w.workspaceId}`;
    const started = ok(
      await api('/api/cli/login', { method: 'POST', body: { clientName: 'audit test' } }),
      [201],
    );
    await decideCliLogin(testDb(), {
      userCode: started.userCode,
      userId: w.userId,
      workspaceId: w.workspaceId,
      approve: true,
    });
    const granted = ok(
      await api('/api/cli/token', { method: 'POST', body: { deviceCode: started.deviceCode } }),
      [200],
    );
    const res = await patchFacet(
      granted.token,
      (await createExe(granted.token, exeBody(w))).body.data.id,
      'pinned',
      { pinned: true },
    );
    const exe = ok(res);
    await expectAudited(
      w.workspaceId,
      [
        ['executable.created', exe.id],
        ['executable.pinned_changed', exe.id],
      ],
      {
        userId: w.userId,
        credentialKind: 'cli_login',
        credentialId: granted.keyId,
      },
    );
  }, 120_000);

  it('covers the whole table: every action of these resources was seen recorded above', () => {
    const resources = /^(profile|executable|function|secret|webhook|notification_channel|alert_rule)\./;
    // these have tests of their own: test/api/profiles/key-import.test.ts, test/engine/self-calls.test.ts
    const elsewhere = ['profile.key_imported', 'profile.self_calls_allow_prepared'];
    const listed = Object.keys(AUDIT_ACTIONS).filter((a) => resources.test(a) && !elsewhere.includes(a));
    expect(listed.filter((a) => !seen.has(a))).toEqual([]);
  });
});
