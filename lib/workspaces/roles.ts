import type { MemberRole } from '@/db/enums';
import { apiError } from '@/lib/api/errors';

/**
 * Who may grant or take away a role: owners and admins manage people, but only an owner may touch an owner
 * (invite one, promote to or demote from owner, remove one).
 */
export function assertMayManage(actorRole: MemberRole, touched: { from?: MemberRole; to?: MemberRole }) {
  if (actorRole === 'member') {
    throw apiError('forbidden', 'Only owners and admins can manage members.');
  }
  if (actorRole !== 'owner' && (touched.from === 'owner' || touched.to === 'owner')) {
    throw apiError('forbidden', 'Only owners can manage owners.');
  }
}

export const lastOwner = () =>
  apiError('last_owner', 'A workspace always keeps at least one owner: make someone else an owner first.');
