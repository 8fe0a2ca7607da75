import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { DbOrTx } from '@/db/client';
import { ALERT_KINDS, type AlertKind } from '@/db/enums';
import { alertRules, executables, notificationChannels } from '@/db/schema';
import { apiError, notFound } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/log';
import { newId } from '@/lib/ids';
import { inLiveProject, requireProject } from '@/lib/projects/service';
import { PROJECT_ONLY_KINDS, parseParams } from './kinds';
import type { AlertRuleRecord } from './schemas';

export type AlertRuleRow = typeof alertRules.$inferSelect;

const toRule = (r: AlertRuleRow): AlertRuleRecord => ({
  id: r.id,
  projectId: r.projectId,
  executableId: r.executableId,
  kind: r.kind,
  params: r.params,
  channelIds: r.channelIds,
  enabled: r.enabled,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export type AlertRule = ReturnType<typeof toRule>;

/** `params` validated for `kind` with defaults filled in; a bad field is reported under `params.<field>`. */
function validParams(kind: AlertKind, params: unknown) {
  try {
    return parseParams(kind, params) as Record<string, number | string>;
  } catch (error) {
    if (error instanceof ZodError)
      throw new ZodError(error.issues.map((issue) => ({ ...issue, path: ['params', ...issue.path] })));
    throw error;
  }
}

/** 400 unless every id is a live channel of the project (another project's or a deleted one is refused). */
async function checkChannels(db: DbOrTx, projectId: string, channelIds: readonly string[]) {
  const unique = [...new Set(channelIds)];
  if (unique.length === 0) return unique;
  const found = await db
    .select({ id: notificationChannels.id })
    .from(notificationChannels)
    .where(
      and(
        inArray(notificationChannels.id, unique),
        eq(notificationChannels.projectId, projectId),
        isNull(notificationChannels.deletedAt),
      ),
    );
  const known = new Set(found.map((c) => c.id));
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw apiError('invalid_request', 'channelIds must be channels of the same project', {
      details: unknown.map((id) => ({
        path: `channelIds.${channelIds.indexOf(id)}`,
        message: `${id} is not a channel of this project`,
        code: 'custom',
      })),
    });
  return unique;
}

async function requireExecutable(db: DbOrTx, workspaceId: string, projectId: string, executableId: string) {
  const [exe] = await db
    .select({ id: executables.id })
    .from(executables)
    .where(
      and(
        eq(executables.id, executableId),
        eq(executables.workspaceId, workspaceId),
        eq(executables.projectId, projectId),
        isNull(executables.deletedAt),
      ),
    );
  if (!exe) throw notFound('executable');
}

const ruleWhere = (workspaceId: string, ruleId: string) =>
  and(
    eq(alertRules.id, ruleId),
    eq(alertRules.workspaceId, workspaceId),
    inLiveProject(alertRules.projectId),
  );

export async function getRule(db: DbOrTx, workspaceId: string, ruleId: string) {
  const [rule] = await db.select().from(alertRules).where(ruleWhere(workspaceId, ruleId));
  if (!rule) throw notFound('alert rule');
  return toRule(rule);
}

/** Every rule of the project: its defaults first, then the executables' own. */
export async function listRules(db: DbOrTx, workspaceId: string, projectId: string) {
  await requireProject(db, workspaceId, projectId);
  const rows = await db
    .select()
    .from(alertRules)
    .where(eq(alertRules.projectId, projectId))
    .orderBy(sql`${alertRules.executableId} nulls first`, asc(alertRules.kind));
  return rows.map(toRule);
}

/** The rules that apply to an executable: for each kind its own rule, else the project default (`inherited`). */
export async function effectiveRules(db: DbOrTx, workspaceId: string, executableId: string) {
  const [exe] = await db
    .select({ projectId: executables.projectId })
    .from(executables)
    .where(
      and(
        eq(executables.id, executableId),
        eq(executables.workspaceId, workspaceId),
        isNull(executables.deletedAt),
        inLiveProject(executables.projectId),
      ),
    );
  if (!exe) throw notFound('executable');
  const rows = await db
    .select()
    .from(alertRules)
    .where(
      and(
        eq(alertRules.projectId, exe.projectId),
        sql`(${alertRules.executableId} is null or ${alertRules.executableId} = ${executableId})`,
      ),
    );
  return ALERT_KINDS.flatMap((kind) => {
    const own = rows.find((r) => r.kind === kind && r.executableId === executableId);
    const fallback = rows.find((r) => r.kind === kind && r.executableId === null);
    const rule = own ?? fallback;
    return rule ? [{ ...toRule(rule), inherited: !own }] : [];
  });
}

export type CreateRuleInput = {
  projectId: string;
  executableId?: string | null;
  kind: AlertKind;
  params?: Record<string, unknown>;
  channelIds?: string[];
  enabled?: boolean;
};

export async function createRule(db: DbOrTx, workspaceId: string, actor: Actor, input: CreateRuleInput) {
  const executableId = input.executableId ?? null;
  if (executableId && PROJECT_ONLY_KINDS.includes(input.kind))
    throw new ZodError([
      {
        code: 'custom',
        path: ['executableId'],
        message: `${input.kind} rules apply to the whole project`,
        input,
      },
    ]);
  const params = validParams(input.kind, input.params);
  return db.transaction(async (tx) => {
    await requireProject(tx, workspaceId, input.projectId, { lock: true });
    if (executableId) await requireExecutable(tx, workspaceId, input.projectId, executableId);
    const channelIds = await checkChannels(tx, input.projectId, input.channelIds ?? []);
    const [rule] = await tx
      .insert(alertRules)
      .values({
        id: newId('alertRule'),
        workspaceId,
        projectId: input.projectId,
        executableId,
        kind: input.kind,
        params,
        channelIds,
        enabled: input.enabled ?? true,
      })
      .onConflictDoNothing()
      .returning();
    if (!rule)
      throw apiError(
        'conflict',
        executableId
          ? `the executable already has its own ${input.kind} rule: change it instead`
          : `the project already has a default ${input.kind} rule: change it instead`,
      );
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: 'alert_rule.created',
      target: { type: 'alert_rule', id: rule.id },
      details: { kind: rule.kind, executableId, params, channels: channelIds.length, enabled: rule.enabled },
    });
    return toRule(rule);
  });
}

export type UpdateRuleInput = { params?: Record<string, unknown>; channelIds?: string[]; enabled?: boolean };

export async function updateRule(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  ruleId: string,
  patch: UpdateRuleInput,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(alertRules).where(ruleWhere(workspaceId, ruleId)).for('update');
    if (!current) throw notFound('alert rule');
    const params = patch.params !== undefined ? validParams(current.kind, patch.params) : undefined;
    const channelIds =
      patch.channelIds !== undefined
        ? await checkChannels(tx, current.projectId, patch.channelIds)
        : undefined;
    const [rule] = await tx
      .update(alertRules)
      .set({
        ...(params && { params }),
        ...(channelIds && { channelIds }),
        ...(patch.enabled !== undefined && { enabled: patch.enabled }),
        updatedAt: new Date(),
      })
      .where(eq(alertRules.id, ruleId))
      .returning();
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: 'alert_rule.updated',
      target: { type: 'alert_rule', id: ruleId },
      details: {
        kind: rule.kind,
        executableId: rule.executableId,
        ...(params && { params }),
        ...(channelIds && { channels: channelIds.length }),
        ...(patch.enabled !== undefined && { enabled: patch.enabled }),
      },
    });
    return toRule(rule);
  });
}

/** Deletes a rule; its incidents go with it (an executable's rule deleted: the project default applies again). */
export async function deleteRule(db: DbOrTx, workspaceId: string, actor: Actor, ruleId: string) {
  return db.transaction(async (tx) => {
    const [rule] = await tx.delete(alertRules).where(ruleWhere(workspaceId, ruleId)).returning();
    if (!rule) throw notFound('alert rule');
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: 'alert_rule.deleted',
      target: { type: 'alert_rule', id: rule.id },
      details: { kind: rule.kind, executableId: rule.executableId },
    });
    return { ...toRule(rule), deleted: true };
  });
}

/**
 * The console's edit of an executable's rule of `kind`: changes its own rule, or creates one from the project
 * default's settings (overriding it) when it has none yet.
 */
export async function saveExecutableRule(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  executableId: string,
  kind: AlertKind,
  patch: UpdateRuleInput,
) {
  const rules = await effectiveRules(db, workspaceId, executableId);
  const current = rules.find((r) => r.kind === kind);
  if (current && !current.inherited) return updateRule(db, workspaceId, actor, current.id, patch);
  const [exe] = await db
    .select({ projectId: executables.projectId })
    .from(executables)
    .where(eq(executables.id, executableId));
  return createRule(db, workspaceId, actor, {
    projectId: exe.projectId,
    executableId,
    kind,
    params: patch.params ?? current?.params ?? {},
    channelIds: patch.channelIds ?? current?.channelIds ?? [],
    enabled: patch.enabled ?? current?.enabled ?? true,
  });
}

/** The console's edit of the project's default rule of `kind`: changes it, or creates it on the first change. */
export async function saveDefaultRule(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  projectId: string,
  kind: AlertKind,
  patch: UpdateRuleInput,
) {
  await requireProject(db, workspaceId, projectId);
  const [current] = await db
    .select({ id: alertRules.id })
    .from(alertRules)
    .where(
      and(eq(alertRules.projectId, projectId), eq(alertRules.kind, kind), isNull(alertRules.executableId)),
    );
  return current
    ? updateRule(db, workspaceId, actor, current.id, patch)
    : createRule(db, workspaceId, actor, { projectId, kind, ...patch });
}
