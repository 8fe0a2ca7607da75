import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

export const WIZARD_STEPS = [
  { id: 'safe', label: 'Safe' },
  { id: 'profile', label: 'Profile' },
  { id: 'enable', label: 'Enable Tickwork' },
  { id: 'done', label: 'Done' },
] as const;

export type WizardStep = (typeof WIZARD_STEPS)[number]['id'];

/** The wizard's steps in a row: done ones ticked, the current one marked. */
export function WizardSteps({ current }: { current: WizardStep }) {
  const at = WIZARD_STEPS.findIndex((s) => s.id === current);
  return (
    <ol className="flex flex-wrap items-center gap-x-3 gap-y-2" aria-label="Steps">
      {WIZARD_STEPS.map((step, i) => (
        <li
          key={step.id}
          aria-current={i === at ? 'step' : undefined}
          className={cn(
            'flex items-center gap-2 text-sm',
            i === at ? 'font-medium text-foreground' : 'text-muted-foreground',
          )}
        >
          {i > 0 && <span className="h-px w-6 bg-border" aria-hidden />}
          <span
            className={cn(
              'flex size-6 items-center justify-center rounded-full border text-xs',
              i < at && 'border-primary bg-primary text-primary-foreground',
              i === at && 'border-primary text-primary',
            )}
          >
            {i < at ? <Check className="size-3.5" /> : i + 1}
          </span>
          {step.label}
        </li>
      ))}
    </ol>
  );
}
