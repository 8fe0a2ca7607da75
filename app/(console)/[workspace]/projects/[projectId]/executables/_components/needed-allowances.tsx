'use client';

import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ALLOWANCE_PERIODS, type AllowanceSpec, AllowanceSpecSchema } from '@/lib/zodiac/allowance-spec';
import { RefillPeriodSelect } from '../../profiles/_components/refill-period-select';

/** What the owners type for one allowance: its amount per period and the period (seconds), as text. */
export type AllowanceInput = { amount: string; period: string };

export const NEW_ALLOWANCE: AllowanceInput = { amount: '', period: String(ALLOWANCE_PERIODS[1].seconds) };

/** The allowances `names` as the inputs say, or null while one is not a valid amount. */
export function allowancesOfInputs(
  names: readonly string[],
  inputs: Record<string, AllowanceInput>,
): AllowanceSpec[] | null {
  const specs = names.map((name) =>
    AllowanceSpecSchema.safeParse({
      name,
      amount: (inputs[name]?.amount ?? '').trim(),
      periodSeconds: Number(inputs[name]?.period ?? NEW_ALLOWANCE.period),
    }),
  );
  return specs.every((s) => s.success) ? specs.map((s) => s.data as AllowanceSpec) : null;
}

/**
 * The allowances the release's conditions spend from that the role does not hold: allowing the calls sets each
 * one (an amount per period, refilled each period), or every such call would be refused on chain.
 */
export function NeededAllowances({
  names,
  inputs,
  onChange,
}: {
  names: readonly string[];
  inputs: Record<string, AllowanceInput>;
  onChange: (inputs: Record<string, AllowanceInput>) => void;
}) {
  const set = (name: string, part: Partial<AllowanceInput>) =>
    onChange({ ...inputs, [name]: { ...NEW_ALLOWANCE, ...inputs[name], ...part } });
  return (
    <div className="grid gap-2" data-testid="needed-allowances">
      <p>
        The release&apos;s conditions spend from {names.length === 1 ? 'an allowance' : 'allowances'} the role
        does not hold yet; allowing the calls sets {names.length === 1 ? 'it' : 'them'}:
      </p>
      {names.map((name) => (
        <div key={name} className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[1fr_auto]">
          <Field
            label={`Allowance "${name}": amount per period`}
            htmlFor={`needed-${name}-amount`}
            hint="In the token's smallest unit: 1,000 USDC (6 decimals) is 1000000000."
          >
            <Input
              id={`needed-${name}-amount`}
              inputMode="numeric"
              className="font-mono"
              value={inputs[name]?.amount ?? ''}
              onChange={(e) => set(name, { amount: e.target.value })}
            />
          </Field>
          <Field label="Refills" htmlFor={`needed-${name}-period`}>
            <RefillPeriodSelect
              id={`needed-${name}-period`}
              value={inputs[name]?.period ?? NEW_ALLOWANCE.period}
              onChange={(e) => set(name, { period: e.target.value })}
            />
          </Field>
        </div>
      ))}
    </div>
  );
}
