import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { AlertKind } from '@/db/enums';
import { alertIncidents, alertRules, executables, executions } from '@/db/schema';
import { currentCycle } from '@/lib/usage/cycle';
import { computeUnitsStandings } from '@/lib/usage/limits';
import { pickInForce } from './in-force';
import { consoleUrl, openIncident, resolveIncidents } from './incidents';
import type { AlertRuleRow } from './rules';

// The periodic alert checks (dead man, stuck submissions, plan usage; low balance in balance-check.ts, allowances
// in allowance-check.ts), and the rule and incident helpers they share: each check is one cheap query over the
// projects that have such a rule, then an incident opened or resolved per subject. They run on their own periodic
// job (`alerts-check`, lib/jobs/catalog.ts), not in the scheduler's tick, so a scheduler that stopped is noticed.

type Rules = AlertRuleRow[];

export async function rulesOfKind(db: DbOrTx, kind: AlertKind): Promise<Rules> {
  return db.select().from(alertRules).where(eq(alertRules.kind, kind));
}

/**
 * The rule in force of `kind` for the executable among `rules` (all of that kind, disabled ones included: an
 * executable's own disabled rule turns the kind off for it, the default does not come back), if enabled.
 */
export const ruleFor = (rules: Rules, projectId: string, executableId: string) =>
  pickInForce(
    rules.filter((r) => r.projectId === projectId),
    executableId,
  )[0];

/** The projects with an enabled rule among `rules` (the only ones a check has to look at). */
export const projectsOf = (rules: Rules) => [
  ...new Set(rules.filter((r) => r.enabled).map((r) => r.projectId)),
];

/** Open incidents of `kind` opened before `now` (a check never resolves one opened after it looked). */
async function openIncidentsOf(db: DbOrTx, kind: AlertKind, now: Date) {
  return db
    .select({ id: alertIncidents.id, ruleId: alertIncidents.ruleId, subject: alertIncidents.subject })
    .from(alertIncidents)
    .where(
      and(eq(alertIncidents.kind, kind), eq(alertIncidents.state, 'open'), lt(alertIncidents.openedAt, now)),
    );
}

/**
 * Resolves the open incidents of `kind` whose (rule, subject) is not among `firing`. Only those opened before
 * this check's `now`: another instance's check that looked later may have opened one this check did not see.
 */
export async function resolveCleared(
  db: DbOrTx,
  kind: AlertKind,
  firing: Set<string>,
  now: Date,
  why: (subject: string) => string,
) {
  const resolved: string[] = [];
  for (const incident of await openIncidentsOf(db, kind, now)) {
    if (firing.has(`${incident.ruleId} ${incident.subject}`)) continue;
    resolved.push(...(await resolveIncidents(db, { ids: [incident.id] }, why(incident.subject))));
  }
  return resolved;
}

/** Resolves the open incident of a rule for one subject, if any (a periodic check saw it cleared). */
export async function resolveSubject(db: DbOrTx, ruleId: string, subject: string, why: string) {
  const open = await db
    .select({ id: alertIncidents.id })
    .from(alertIncidents)
    .where(
      and(
        eq(alertIncidents.ruleId, ruleId),
        eq(alertIncidents.subject, subject),
        eq(alertIncidents.state, 'open'),
      ),
    );
  return resolveIncidents(db, { ids: open.map((o) => o.id) }, why);
}

const exeUrl = (db: DbOrTx, e: { workspaceId: string; projectId: string; id: string }) =>
  consoleUrl(db, e.workspaceId, `/projects/${e.projectId}/executables/${e.id}`);

/**
 * Whether the due time is still missed as the incident is opened: no run has succeeded since it, and no incident
 * of the rule was opened for it already (one missed due time fires once, even when a run that succeeded resolved
 * it between the check's read and this).
 */
export async function deadManStillMissed(
  db: DbOrTx,
  ruleId: string,
  executableId: string,
  dueAt: Date,
): Promise<boolean> {
  const [row] = await db.execute<{ missed: boolean }>(sql`select
      not exists (select 1 from ${executions} x
        where x.executable_id = ${executableId} and x.status in ('confirmed', 'skipped')
          and x.trigger <> 'simulate' and x.finished_at >= ${dueAt.toISOString()}::timestamptz)
      and not exists (select 1 from ${alertIncidents} i
        where i.rule_id = ${ruleId} and i.subject = ${executableId}
          and i.details ->> 'dueAt' = ${dueAt.toISOString()}) as missed`);
  return row?.missed === true;
}

/**
 * Dead man: an active scheduled executable whose earliest due time since its last successful run (confirmed or
 * skipped) is more than `graceSeconds` ago. A due time is a scheduled run's `scheduled_at`, or `next_run_at`
 * when no scheduler has claimed it (a stopped scheduler leaves it in the past). Resolves when that no longer
 * holds (a run succeeded, or the executable is paused).
 */
export async function checkDeadMan(db: DbOrTx, now = new Date()): Promise<string[]> {
  const rules = await rulesOfKind(db, 'dead_man');
  const firing = new Set<string>();
  const changed: string[] = [];
  const projectIds = projectsOf(rules);
  if (projectIds.length > 0) {
    // Written out qualified: drizzle renders a column straight inside a selected sql field unqualified ("id"),
    // which inside these subqueries would name the execution's own id.
    const exeId = sql.raw('"executables"."id"');
    const lastSuccess = sql`(select max(x.finished_at) from ${executions} x
       where x.executable_id = ${exeId} and x.status in ('confirmed', 'skipped') and x.trigger <> 'simulate')`;
    const rows = await db
      .select({
        id: executables.id,
        workspaceId: executables.workspaceId,
        projectId: executables.projectId,
        name: executables.name,
        // epoch milliseconds (null: nothing due since the last success)
        dueMs: sql<number | null>`(extract(epoch from least(
          case when ${executables.nextRunAt} > coalesce(${lastSuccess}, '-infinity') then ${executables.nextRunAt} end,
          (select min(x.scheduled_at) from ${executions} x
            where x.executable_id = ${exeId} and x.trigger = 'schedule'
              and x.scheduled_at > coalesce(${lastSuccess}, '-infinity')))) * 1000)::float8`,
        lastSuccessMs: sql<number | null>`(extract(epoch from ${lastSuccess}) * 1000)::float8`,
      })
      .from(executables)
      .where(
        and(
          inArray(executables.projectId, projectIds),
          eq(executables.state, 'active'),
          isNull(executables.deletedAt),
          sql`${executables.nextRunAt} is not null`,
        ),
      );
    for (const exe of rows) {
      const rule = ruleFor(rules, exe.projectId, exe.id);
      if (!rule || exe.dueMs === null) continue;
      const dueAt = new Date(Number(exe.dueMs));
      const grace = Number(rule.params.graceSeconds ?? 300);
      if (now.getTime() - dueAt.getTime() <= grace * 1000) continue;
      firing.add(`${rule.id} ${exe.id}`);
      const id = await openIncident(
        db,
        rule,
        exe.id,
        {
          title: `Executable “${exe.name}” missed its schedule`,
          text: `A run was due at ${dueAt.toISOString()} and no run has succeeded since (grace ${grace} s). Check that the scheduler is running and that the executable's runs are not failing.`,
          severity: 'critical',
          facts: {
            Executable: `${exe.name} (${exe.id})`,
            'Due at': dueAt.toISOString(),
            'Last success':
              exe.lastSuccessMs !== null ? new Date(Number(exe.lastSuccessMs)).toISOString() : 'never',
          },
          url: await exeUrl(db, exe),
        },
        { executableId: exe.id, dueAt: dueAt.toISOString() },
        (tx) => deadManStillMissed(tx, rule.id, exe.id, dueAt),
      );
      if (id) changed.push(id);
    }
  }
  changed.push(
    ...(await resolveCleared(
      db,
      'dead_man',
      firing,
      now,
      () => 'A run succeeded since it was due (or the executable is no longer active).',
    )),
  );
  return changed;
}

/** Executions stuck in `submitted_unknown` longer than the rule's `olderThanSeconds`; resolved once reconciled. */
export async function checkSubmittedUnknown(db: DbOrTx, now = new Date()): Promise<string[]> {
  const rules = await rulesOfKind(db, 'submitted_unknown');
  const firing = new Set<string>();
  const changed: string[] = [];
  const projectIds = projectsOf(rules);
  if (projectIds.length > 0) {
    const stuck = await db
      .select({
        id: executions.id,
        workspaceId: executions.workspaceId,
        projectId: executions.projectId,
        executableId: executions.executableId,
        txHash: executions.txHash,
        since: executions.finishedAt,
        name: executables.name,
      })
      .from(executions)
      .innerJoin(executables, eq(executables.id, executions.executableId))
      .where(and(inArray(executions.projectId, projectIds), eq(executions.status, 'submitted_unknown')));
    for (const run of stuck) {
      const rule = ruleFor(rules, run.projectId, run.executableId);
      if (!rule) continue;
      const olderThan = Number(rule.params.olderThanSeconds ?? 600);
      const since = run.since ?? now;
      firing.add(`${rule.id} ${run.id}`);
      if (now.getTime() - since.getTime() <= olderThan * 1000) continue;
      const id = await openIncident(
        db,
        rule,
        run.id,
        {
          title: `A transaction of “${run.name}” is unconfirmed`,
          text: `Execution ${run.id} was submitted but its outcome is unknown since ${since.toISOString()} (over ${olderThan} s). Tickwork keeps reconciling it; check the transaction on the chain and the profile's nonce.`,
          severity: 'warning',
          facts: {
            Executable: `${run.name} (${run.executableId})`,
            Execution: run.id,
            ...(run.txHash && { Transaction: run.txHash }),
            Since: since.toISOString(),
          },
          url: await consoleUrl(db, run.workspaceId, `/projects/${run.projectId}/executions/${run.id}`),
        },
        { executableId: run.executableId, executionId: run.id },
      );
      if (id) changed.push(id);
    }
  }
  changed.push(
    ...(await resolveCleared(
      db,
      'submitted_unknown',
      firing,
      now,
      (id) => `Execution ${id} was reconciled.`,
    )),
  );
  return changed;
}

/**
 * Plan usage: the workspace's compute units of the cycle at 80 % (and 100 %) of its plan's included ones; the
 * subject names the workspace, the cycle and the threshold, so each is announced once per cycle. Resolves when
 * the cycle resets or a plan change puts usage below the threshold.
 */
export async function checkPlanUsage(db: DbOrTx, now = new Date()): Promise<string[]> {
  const rules = (await rulesOfKind(db, 'plan_usage')).filter((r) => r.enabled && r.executableId === null);
  const firing = new Set<string>();
  const changed: string[] = [];
  const standings = await computeUnitsStandings(db, [...new Set(rules.map((r) => r.workspaceId))], now);
  const cycle = currentCycle(now).start.toISOString().slice(0, 7);
  for (const rule of rules) {
    const standing = standings.get(rule.workspaceId);
    if (!standing || !(standing.included > 0) || !Number.isFinite(standing.included)) continue;
    const thresholds = Number(rule.params.percent) === 100 ? [100] : [80, 100];
    for (const percent of thresholds) {
      if (standing.used * 100 < standing.included * percent) continue;
      const subject = `${rule.workspaceId}:${cycle}:${percent}`;
      firing.add(`${rule.id} ${subject}`);
      const id = await openIncident(
        db,
        rule,
        subject,
        {
          title: `The workspace used ${percent} % of its plan's compute units`,
          text:
            percent === 100 && standing.exhausted
              ? `All ${standing.included.toLocaleString('en-US')} compute units of the ${standing.plan} plan are used: scheduled runs are held until the cycle resets (${standing.resetsAt.toISOString()}) or the plan is upgraded.`
              : `${standing.used.toLocaleString('en-US')} of ${standing.included.toLocaleString('en-US')} compute units of the ${standing.plan} plan are used this cycle (resets ${standing.resetsAt.toISOString()}).`,
          severity: percent === 100 ? 'critical' : 'warning',
          facts: {
            Plan: standing.plan,
            Used: standing.used.toLocaleString('en-US'),
            Included: standing.included.toLocaleString('en-US'),
            Cycle: cycle,
            Resets: standing.resetsAt.toISOString(),
          },
          url: await consoleUrl(db, rule.workspaceId, '/settings/plan'),
        },
        { workspaceId: rule.workspaceId, cycle, percent },
      );
      if (id) changed.push(id);
    }
  }
  changed.push(
    ...(await resolveCleared(db, 'plan_usage', firing, now, (subject) =>
      subject.split(':')[1] === cycle
        ? 'Usage is below the threshold of the current plan.'
        : 'A new billing cycle started: compute units reset.',
    )),
  );
  return changed;
}
