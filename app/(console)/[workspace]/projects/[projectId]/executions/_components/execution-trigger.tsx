import { Blocks, CalendarClock, FlaskConical, Hand, Radio, Webhook } from 'lucide-react';
import type { Execution } from './model';

const ICON = {
  schedule: CalendarClock,
  webhook: Webhook,
  manual: Hand,
  simulate: FlaskConical,
  event: Radio,
  block: Blocks,
} as const;

/** How the execution started: its schedule, a webhook, Run now, Simulate, a chain event or a block. */
export function ExecutionTrigger({ trigger }: { trigger: Execution['trigger'] }) {
  const Icon = ICON[trigger];
  return (
    <span className="flex items-center gap-1.5 text-muted-foreground text-xs" data-testid="execution-trigger">
      <Icon className="size-3.5" aria-hidden />
      {trigger}
    </span>
  );
}
