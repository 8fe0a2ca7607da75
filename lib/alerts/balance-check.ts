// Low balance, the periodic check for executables that pay their own gas: the paying account's native balance
// against the rule's threshold, each profile read at most once a minute (the other checks are in checks.ts).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executables, profiles } from '@/db/schema';
import { type Balance, balanceKey, readBalances } from '@/lib/profiles/balances';
import { projectsOf, resolveCleared, resolveSubject, ruleFor, rulesOfKind } from './checks';
import { consoleUrl, openIncident } from './incidents';
import type { AlertRuleRow } from './rules';

/** How often one profile's balance is read at most (the check itself may run more often). */
const BALANCE_EVERY_MS = Number(process.env.TICKWORK_ALERT_BALANCE_EVERY_MS) || 60_000;
const balanceReadAt = new Map<string, number>();

export type BalanceReader = (
  accounts: { chainId: number; address: string }[],
) => Promise<Map<string, Balance | null>>;

/**
 * Low balance: for executables paying their own gas (`self`: the sending key account; `self-funded`: the
 * account itself), the payer's native balance below the rule's `belowWei` (subject: the profile). A profile is
 * read at most once per `BALANCE_EVERY_MS`; a balance that cannot be read changes nothing. Resolves when the
 * account is topped up, or when the rule no longer applies to any executable paying from the profile (the rule
 * disabled or deleted, the executables no longer paying their own gas, deleted or moved to another profile).
 */
export async function checkLowBalance(
  db: DbOrTx,
  now = new Date(),
  opts: { read?: BalanceReader; everyMs?: number } = {},
): Promise<string[]> {
  const rules = await rulesOfKind(db, 'low_balance');
  const projectIds = projectsOf(rules);
  const rows =
    projectIds.length === 0
      ? []
      : await db
          .select({
            id: executables.id,
            workspaceId: executables.workspaceId,
            projectId: executables.projectId,
            gasMode: executables.gasMode,
            profileId: profiles.id,
            profileName: profiles.name,
            chainId: profiles.chainId,
            address: profiles.address,
            executor: profiles.executor,
          })
          .from(executables)
          .innerJoin(profiles, eq(profiles.id, executables.profileId))
          .where(
            and(
              inArray(executables.projectId, projectIds),
              inArray(executables.gasMode, ['self', 'self-funded']),
              inArray(executables.state, ['active', 'paused']),
              isNull(executables.deletedAt),
            ),
          );
  // (rule, profile) pairs to look at, once each; their open incidents stay open until a read says otherwise
  const pairs = new Map<string, { rule: AlertRuleRow; row: (typeof rows)[number]; payer: string }>();
  for (const row of rows) {
    const rule = ruleFor(rules, row.projectId, row.id);
    if (!rule) continue;
    const payer = row.gasMode === 'self' ? (row.executor ?? row.address) : row.address;
    pairs.set(`${rule.id} ${row.profileId}`, { rule, row, payer });
  }
  const changed = await resolveCleared(
    db,
    'low_balance',
    new Set(pairs.keys()),
    now,
    () => 'The rule no longer applies to an executable paying its own gas from this profile.',
  );
  const everyMs = opts.everyMs ?? BALANCE_EVERY_MS;
  const due = [...pairs.values()].filter(
    (p) => now.getTime() - (balanceReadAt.get(p.row.profileId) ?? 0) >= everyMs,
  );
  if (due.length === 0) return changed;
  for (const p of due) balanceReadAt.set(p.row.profileId, now.getTime());
  const balances = await (opts.read ?? readBalances)(
    due.map((p) => ({ chainId: p.row.chainId, address: p.payer })),
  );
  for (const { rule, row, payer } of due) {
    const balance = balances.get(balanceKey({ chainId: row.chainId, address: payer }));
    if (!balance) continue;
    const below = BigInt(String(rule.params.belowWei));
    if (BigInt(balance.wei) >= below) {
      changed.push(
        ...(await resolveSubject(
          db,
          rule.id,
          row.profileId,
          `The account was topped up: it holds ${balance.formatted}.`,
        )),
      );
      continue;
    }
    const id = await openIncident(
      db,
      rule,
      row.profileId,
      {
        title: `Profile “${row.profileName}” is low on gas`,
        text: `The account paying gas (${payer}) holds ${balance.formatted}, below the threshold of ${below} wei. Runs will start failing once it cannot pay; top it up.`,
        severity: 'critical',
        facts: {
          Profile: `${row.profileName} (${row.profileId})`,
          Account: payer,
          Chain: String(row.chainId),
          Balance: `${balance.formatted} (${balance.wei} wei)`,
          Threshold: `${below} wei`,
        },
        url: await consoleUrl(db, row.workspaceId, `/projects/${row.projectId}/profiles`),
      },
      { profileId: row.profileId, executableId: row.id, balanceWei: balance.wei },
    );
    if (id) changed.push(id);
  }
  return changed;
}
