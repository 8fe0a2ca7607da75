import { Badge } from '@/components/ui/badge';

const VARIANT = {
  provisioning: 'warning',
  active: 'success',
  paused: 'secondary',
  error: 'destructive',
  deleted: 'outline',
} as const;

export function ExecutableStateBadge({ state }: { state: keyof typeof VARIANT }) {
  return (
    <Badge variant={VARIANT[state]} data-testid="executable-state">
      {state}
    </Badge>
  );
}
