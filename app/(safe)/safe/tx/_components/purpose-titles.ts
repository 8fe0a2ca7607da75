import type { SafeTransactionView } from '@/lib/profiles/safe-transactions';

/** The signing page's title: what the transaction is for. */
export const PURPOSE_TITLE: Record<SafeTransactionView['purpose'], string> = {
  enable_module: 'Enable Tickwork on this Safe',
  disable_module: "Revoke Tickwork's access to this Safe",
  setup_roles: 'Set up a Zodiac Roles modifier for Tickwork on this Safe',
  change_role: "Change the calls Tickwork's role allows",
  allow_self_calls: "Allow Tickwork's module to administer this Safe",
};
