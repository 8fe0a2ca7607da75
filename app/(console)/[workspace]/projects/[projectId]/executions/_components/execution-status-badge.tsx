import { Loader2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { type ExecutionStatus, isUnfinished } from './model';

const VARIANT = {
  pending: 'secondary',
  running: 'default',
  simulating: 'default',
  submitted: 'warning',
  confirmed: 'success',
  failed: 'destructive',
  skipped: 'outline',
  submitted_unknown: 'warning',
} as const satisfies Record<ExecutionStatus, string>;

const LABEL: Partial<Record<ExecutionStatus, string>> = { submitted_unknown: 'outcome unknown' };

export function ExecutionStatusBadge({ status }: { status: ExecutionStatus }) {
  return (
    <Badge variant={VARIANT[status]} data-testid="execution-status" data-status={status}>
      {isUnfinished(status) && <Loader2 className="animate-spin" aria-hidden />}
      {LABEL[status] ?? status}
    </Badge>
  );
}
