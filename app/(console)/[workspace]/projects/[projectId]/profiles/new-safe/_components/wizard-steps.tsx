import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

/** What the executor may do from the Safe: anything (a Safe module), or only the calls a Zodiac Roles role allows. */
export type Access = 'module' | 'roles';

export type WizardStep = 'safe' | 'calls' | 'profile' | 'enable' | 'done';

export const WIZARD_STEPS: Record<Access, readonly { id: WizardStep; label: string }[]> = {
  module: [
    { id: 'safe', label: 'Safe' },
    { id: 'profile', label: 'Profile' },
    { id: 'enable', label: 'Enable Tickwork' },
    { id: 'done', label: 'Done' },
  ],
  roles: [
    { id: 'safe', label: 'Safe' },
    { id: 'calls', label: 'Calls to allow' },
    { id: 'profile', label: 'Profile' },
    { id: 'enable', label: 'Set up the role' },
    { id: 'done', label: 'Done' },
  ],
};

/** The wizard's steps in a row: done ones ticked, the current one marked. */
export function WizardSteps({ access, current }: { access: Access; current: WizardStep }) {
  const steps = WIZARD_STEPS[access];
  const at = steps.findIndex((s) => s.id === current);
  return (
    <ol className="flex flex-wrap items-center gap-x-3 gap-y-2" aria-label="Steps">
      {steps.map((step, i) => (
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
