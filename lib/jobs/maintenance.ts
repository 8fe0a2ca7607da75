import type { DbOrTx } from '@/db/client';
import { sweepExpiredAudit } from '@/lib/audit/log';
import { sweepExpiredCliLogins } from '@/lib/auth/cli-login';
import { sweepExpiredSiweNonces } from '@/lib/auth/siwe-nonces';
import { sweepStorageVersions } from '@/lib/storage/versions';
import { sweepDroppedTriggerEvents } from '@/lib/triggers/events';

/**
 * Housekeeping that promises depend on: audit events past their plan's retention are deleted, and so are
 * storage versions past theirs (30 days; each executable's current version stays), trigger events a reorg
 * or a trigger change dropped, after 30 days, management logins a day after they expired, and sign-in nonces
 * that expired unused.
 */
export async function runMaintenance(db: DbOrTx) {
  return {
    auditEventsPurged: await sweepExpiredAudit(db),
    storageVersionsPurged: await sweepStorageVersions(db),
    droppedTriggerEventsPurged: await sweepDroppedTriggerEvents(db),
    cliLoginsPurged: await sweepExpiredCliLogins(db),
    siweNoncesPurged: await sweepExpiredSiweNonces(db),
  };
}
