import type { ComponentProps } from 'react';
import { Select } from '@/components/ui/select';
import { ALLOWANCE_PERIODS } from '@/lib/zodiac/allowance-spec';

/** How often an allowance refills: per hour, day or week (the value is the period in seconds). */
export function RefillPeriodSelect(props: Omit<ComponentProps<'select'>, 'children'>) {
  return (
    <Select {...props}>
      {ALLOWANCE_PERIODS.map((p) => (
        <option key={p.seconds} value={p.seconds}>
          {p.label}
        </option>
      ))}
    </Select>
  );
}
