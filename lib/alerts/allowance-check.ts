// Allowance nearly used: for the roles profiles executables run on, an allowance their role spends from with
// less than the rule's `percentLeft` of its amount left (subject: the profile; the incident lists each such
// allowance and when it refills). Resolves when every allowance is above the threshold again (a refill, or the
// owners raised it), or when the rule no longer applies. A profile is read at most once per minute; a read that
// fails changes nothing.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executables, profiles } from '@/db/schema';
import { readRoleAllowances } from '@/lib/profiles/role-allowances';
import type { ProfileForTx } from '@/lib/profiles/safe-transaction-plans';
import { periodWords } from '@/lib/zodiac/allowance-spec';
import type { AllowanceReading } from '@/lib/zodiac/allowances';
import { projectsOf, resolveCleared, resolveSubject, ruleFor, rulesOfKind } from './checks';
import { consoleUrl, openIncident } from './incidents';

const READ_EVERY_MS = Number(process.env.TICKWORK_ALERT_BALANCE_EVERY_MS) || 60_000;
const readAt = new Map<string, number>();

export type AllowanceReader = (profile: ProfileForTx) => Promise<AllowanceReading[] | null>;

/** Whether less than `percentLeft` % of an allowance's amount is left. */
export const nearlyUsed = (a: AllowanceReading, percentLeft: number) =>
  a.maxRefill > 0n && a.balance * 100n < a.maxRefill * BigInt(percentLeft);

const refillWords = (a: AllowanceReading) =>
  a.nextRefillAt === null
    ? 'it never refills'
    : `it refills to ${a.maxRefill} every ${periodWords(a.periodSeconds)}, next at ${new Date(a.nextRefillAt * 1000).toISOString()}`;

export async function checkAllowanceLow(
  db: DbOrTx,
  now = new Date(),
  opts: { read?: AllowanceReader; everyMs?: number } = {},
): Promise<string[]> {
  const rules = await rulesOfKind(db, 'allowance_low');
  const projectIds = projectsOf(rules);
  const rows =
    projectIds.length === 0
      ? []
      : await db
          .select({ executableId: executables.id, profile: profiles })
          .from(executables)
          .innerJoin(profiles, eq(profiles.id, executables.profileId))
          .where(
            and(
              inArray(executables.projectId, projectIds),
              eq(profiles.kind, 'roles'),
              inArray(executables.state, ['active', 'paused']),
              isNull(executables.deletedAt),
            ),
          );
  const pairs = new Map<
    string,
    { rule: NonNullable<ReturnType<typeof ruleFor>>; row: (typeof rows)[number] }
  >();
  for (const row of rows) {
    const rule = ruleFor(rules, row.profile.projectId, row.executableId);
    if (rule) pairs.set(`${rule.id} ${row.profile.id}`, { rule, row });
  }
  const changed = await resolveCleared(
    db,
    'allowance_low',
    new Set(pairs.keys()),
    now,
    () => 'The rule no longer applies to an executable running on this roles profile.',
  );
  const everyMs = opts.everyMs ?? READ_EVERY_MS;
  for (const { rule, row } of pairs.values()) {
    const { profile } = row;
    if (now.getTime() - (readAt.get(profile.id) ?? 0) < everyMs) continue;
    readAt.set(profile.id, now.getTime());
    const allowances = await (opts.read ?? readRoleAllowances)(profile);
    if (!allowances) continue;
    const percentLeft = Number(rule.params.percentLeft ?? 20);
    const low = allowances.filter((a) => nearlyUsed(a, percentLeft));
    if (low.length === 0) {
      changed.push(
        ...(await resolveSubject(
          db,
          rule.id,
          profile.id,
          `Every allowance of the role has at least ${percentLeft} % left.`,
        )),
      );
      continue;
    }
    const id = await openIncident(
      db,
      rule,
      profile.id,
      {
        title: `Profile “${profile.name}” has nearly used its allowance${low.length > 1 ? 's' : ''}`,
        text: `${low
          .map(
            (a) =>
              `Allowance "${a.name}" has ${a.balance} of ${a.maxRefill} left (below ${percentLeft} %); ${refillWords(a)}.`,
          )
          .join(
            ' ',
          )} Runs that spend more than what is left fail in simulation (AllowanceExceeded) until then.`,
        severity: 'warning',
        facts: {
          Profile: `${profile.name} (${profile.id})`,
          ...Object.fromEntries(
            low.map((a) => [`Allowance ${a.name}`, `${a.balance} of ${a.maxRefill} left`]),
          ),
        },
        url: await consoleUrl(db, profile.workspaceId, `/projects/${profile.projectId}/profiles`),
      },
      { profileId: profile.id, executableId: row.executableId },
    );
    if (id) changed.push(id);
  }
  return changed;
}
