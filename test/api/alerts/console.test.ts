// The console's alert settings (server action): an executable's first change creates its own rule from the
// project default (which stays as it was); project defaults are created then changed in place; members are
// refused; each change is audited with the console actor.
import { describe, expect, it, vi } from 'vitest';
import { saveAlertRuleAction } from '@/app/(console)/[workspace]/projects/[projectId]/alerts/actions';
import { seedChannel } from '../../support/alerts';
import { newMember, newProject, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';
import { seedExecutable } from '../../support/seed';

const session: { userId?: string } = {};
vi.mock('@/lib/auth/next-auth', () => ({ auth: async () => session }));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));
vi.mock('@/db/client', async (original) => {
  const actual = await original<typeof import('@/db/client')>();
  const { target } = await import('../../support/target');
  let db: ReturnType<typeof actual.createDb> | undefined;
  return { ...actual, getDb: () => (db ??= actual.createDb(target().databaseUrl, 2)) };
});

const slugOf = async (workspaceId: string) =>
  (await testDb().$sql`select slug from workspaces where id = ${workspaceId}`)[0].slug as string;

describe('console alert settings', () => {
  it('project default, then an executable override created from it; members are refused', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const exe = await seedExecutable(owner.workspaceId, project.id, { state: 'active' });
    const channelId = await seedChannel(owner.workspaceId, project.id);
    const slug = await slugOf(owner.workspaceId);
    session.userId = owner.userId;

    const def = await saveAlertRuleAction(slug, project.id, {
      executableId: null,
      kind: 'dead_man',
      params: { graceSeconds: 120 },
      channelIds: [channelId],
    });
    expect(def.ok).toBe(true);
    // changed in place (no second default)
    expect(
      (await saveAlertRuleAction(slug, project.id, { executableId: null, kind: 'dead_man', enabled: false }))
        .ok,
    ).toBe(true);
    expect(
      (await saveAlertRuleAction(slug, project.id, { executableId: null, kind: 'dead_man', enabled: true }))
        .ok,
    ).toBe(true);

    // the executable disables it for itself: its own rule, with the default's settings
    const own = await saveAlertRuleAction(slug, project.id, {
      executableId: exe.executableId,
      kind: 'dead_man',
      enabled: false,
    });
    expect(own.ok).toBe(true);
    const rules = await api(`/api/v1/alert-rules?projectId=${project.id}`, { token: owner.token });
    expect(rules.body.data.map((r: any) => [r.executableId, r.enabled, r.params, r.channelIds])).toEqual([
      [null, true, { graceSeconds: 120 }, [channelId]],
      [exe.executableId, false, { graceSeconds: 120 }, [channelId]],
    ]);

    const bad = await saveAlertRuleAction(slug, project.id, {
      executableId: exe.executableId,
      kind: 'dead_man',
      params: { graceSeconds: 0 },
    });
    expect(bad).toMatchObject({ ok: false, field: 'params.graceSeconds' });

    const member = await newMember(owner.workspaceId, { role: 'member' });
    session.userId = member.userId;
    const refused = await saveAlertRuleAction(slug, project.id, {
      executableId: null,
      kind: 'dead_man',
      enabled: false,
    });
    expect(refused.ok).toBe(false);

    const audit = await testDb().$sql`
      select action, credential_kind from audit_events where workspace_id = ${owner.workspaceId} order by created_at`;
    expect(audit.map((a) => [a.action, a.credential_kind])).toEqual([
      ['alert_rule.created', 'console'],
      ['alert_rule.updated', 'console'],
      ['alert_rule.updated', 'console'],
      ['alert_rule.created', 'console'],
    ]);
  });
});
