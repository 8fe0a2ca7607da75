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

/**
 * The execution's status; a dry run that ended `skipped` after simulating its calls reads "simulated", so it does
 * not look like a task that declined to act (`data-status` stays the API's status).
 */
export function ExecutionStatusBadge({
  status,
  dryRun = false,
}: {
  status: ExecutionStatus;
  dryRun?: boolean;
}) {
  const simulated = dryRun && status === 'skipped';
  return (
    <Badge
      variant={simulated ? 'secondary' : VARIANT[status]}
      data-testid="execution-status"
      data-status={status}
    >
      {isUnfinished(status) && <Loader2 className="animate-spin" aria-hidden />}
      {simulated ? 'simulated' : (LABEL[status] ?? status)}
    </Badge>
  );
}
