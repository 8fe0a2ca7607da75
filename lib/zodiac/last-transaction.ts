// The Profiles tab's cheap reading of a roles profile's role: what the newest executed Tickwork transaction set it
// to (setup or change). The chain is what counts (owners may change the role in any other tool); coverage checks
// read it there, this only labels the row and links to the transaction.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { safeTransactions } from '@/db/schema';

export async function lastRoleTransactionOf(db: DbOrTx, profileIds: string[]) {
  const [row] = await db
    .select({ id: safeTransactions.id, scope: safeTransactions.scope })
    .from(safeTransactions)
    .where(
      and(
        inArray(safeTransactions.profileId, profileIds),
        inArray(safeTransactions.purpose, ['setup_roles', 'change_role']),
        eq(safeTransactions.state, 'executed'),
      ),
    )
    .orderBy(desc(safeTransactions.id))
    .limit(1);
  return row ? { id: row.id, scope: row.scope ?? [] } : null;
}
