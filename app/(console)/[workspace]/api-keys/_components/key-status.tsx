import { Badge } from '@/components/ui/badge';

export type KeyStatus = 'active' | 'expired' | 'revoked';

export const keyStatus = (key: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): KeyStatus => {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
};

export function KeyStatusBadge({ status }: { status: KeyStatus }) {
  if (status === 'revoked') return <Badge variant="destructive">Revoked</Badge>;
  if (status === 'expired') return <Badge variant="warning">Expired</Badge>;
  return <Badge variant="success">Active</Badge>;
}
