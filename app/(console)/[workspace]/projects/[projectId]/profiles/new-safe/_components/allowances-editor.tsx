'use client';

import { Plus, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  ALLOWANCE_PERIODS,
  type AllowanceSpec,
  AllowanceSpecSchema,
  allowanceWords,
} from '@/lib/zodiac/allowance-spec';
import { RefillPeriodSelect } from '../../_components/refill-period-select';

/**
 * The allowances the role's conditions spend from: each a name, an amount per period and the period. One a
 * condition spends from cannot be removed (the modifier would refuse every call it meters).
 */
export function AllowancesEditor({
  allowances,
  usedBy,
  undefinedNames,
  onChange,
}: {
  allowances: readonly AllowanceSpec[];
  /** The functions that spend from an allowance, by its name. */
  usedBy: (name: string) => string[];
  /** Allowances conditions spend from that are not listed (a release's permissions.json may name them). */
  undefinedNames: readonly string[];
  onChange: (allowances: AllowanceSpec[]) => void;
}) {
  const [fields, setFields] = useState({
    name: '',
    amount: '',
    period: String(ALLOWANCE_PERIODS[1].seconds),
  });
  const [error, setError] = useState<string | null>(null);

  const add = (e: FormEvent) => {
    e.preventDefault();
    const parsed = AllowanceSpecSchema.safeParse({
      name: fields.name.trim(),
      amount: fields.amount.trim(),
      periodSeconds: Number(fields.period),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setError(`${issue.path.join('.') === 'name' ? 'Name' : 'Amount'}: ${issue.message}.`);
    }
    if (allowances.some((a) => a.name === parsed.data.name))
      return setError(`An allowance named "${parsed.data.name}" is listed already.`);
    setError(null);
    setFields((f) => ({ ...f, name: '', amount: '' }));
    onChange([...allowances, parsed.data]);
  };

  const remove = (name: string) => {
    const users = usedBy(name);
    if (users.length > 0)
      return setError(`"${name}" is spent from by ${users.join(', ')}: change those conditions first.`);
    setError(null);
    onChange(allowances.filter((a) => a.name !== name));
  };

  return (
    <div className="grid grid-cols-1 gap-3" data-testid="role-allowances-editor">
      <p className="font-medium text-sm">Allowances</p>
      {allowances.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          None: a number argument can spend from an allowance that refills each period.
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-1">
          {allowances.map((a) => (
            <li
              key={a.name}
              className="flex items-center justify-between gap-3 rounded-md bg-muted/50 py-1 pr-1 pl-3 text-sm"
              data-testid="role-allowance"
            >
              <span className="[overflow-wrap:anywhere]">{allowanceWords(a)}</span>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove allowance ${a.name}`}
                onClick={() => remove(a.name)}
              >
                <X />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {undefinedNames.length > 0 && (
        <p
          className="text-destructive text-sm [overflow-wrap:anywhere]"
          data-testid="role-allowances-undefined"
        >
          Conditions spend from {undefinedNames.map((n) => `"${n}"`).join(', ')}, not defined yet: add{' '}
          {undefinedNames.length === 1 ? 'it' : 'them'} here to continue.
        </p>
      )}
      <form onSubmit={add} className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[1fr_1fr_auto_auto]">
        <Field label="Allowance name" htmlFor="allowance-name">
          <Input
            id="allowance-name"
            spellCheck={false}
            placeholder="usdc-daily"
            value={fields.name}
            onChange={(e) => setFields((f) => ({ ...f, name: e.target.value }))}
          />
        </Field>
        <Field label="Amount" htmlFor="allowance-amount">
          <Input
            id="allowance-amount"
            inputMode="numeric"
            className="font-mono"
            placeholder="1000000000"
            value={fields.amount}
            onChange={(e) => setFields((f) => ({ ...f, amount: e.target.value }))}
          />
        </Field>
        <Field label="Refills" htmlFor="allowance-period">
          <RefillPeriodSelect
            id="allowance-period"
            value={fields.period}
            onChange={(e) => setFields((f) => ({ ...f, period: e.target.value }))}
          />
        </Field>
        <Button type="submit" variant="outline" disabled={!fields.name.trim() || !fields.amount.trim()}>
          <Plus />
          Add allowance
        </Button>
      </form>
      {error && (
        <p className="text-destructive text-xs [overflow-wrap:anywhere]" role="alert">
          {error}
        </p>
      )}
      <p className="text-muted-foreground text-xs">
        Amounts are in the token&apos;s smallest unit: 1,000 USDC (6 decimals) is 1000000000.
      </p>
    </div>
  );
}
