'use client';

import { Check } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { AllowanceSpec } from '@/lib/zodiac/allowance-spec';
import {
  type ArgForm,
  argFormsOf,
  conditionsOfForms,
  matchesFor,
  type ValueMatch,
} from '@/lib/zodiac/condition-form';
import { type ArgConditions, argTypesOf, argumentName, isUintType } from '@/lib/zodiac/conditions';

const MATCH_LABELS: Record<ValueMatch, string> = {
  any: 'Any value',
  eq: 'Equal to',
  oneOf: 'One of',
  avatar: 'The Safe itself',
};

/**
 * The conditions on one function's arguments, argument by argument: what its value must be (one value, one of a
 * list, the Safe itself) and, for numbers, the most and least it may be and the allowance it spends from. Saved
 * only when the Roles modifier can check them all.
 */
export function ConditionsEditor({
  signature,
  conditions,
  allowances,
  onSave,
  onCancel,
}: {
  signature: string;
  conditions: ArgConditions | undefined;
  allowances: readonly AllowanceSpec[];
  onSave: (conditions: ArgConditions) => void;
  onCancel: () => void;
}) {
  const types = argTypesOf(signature) ?? [];
  const prefix = useId();
  const [forms, setForms] = useState<ArgForm[]>(() => argFormsOf(signature, conditions) ?? []);
  const [problems, setProblems] = useState<string[]>([]);
  const change = (i: number, part: Partial<ArgForm>) =>
    setForms((all) => all.map((f, j) => (j === i ? { ...f, ...part } : f)));

  const save = (e: FormEvent) => {
    e.preventDefault();
    const result = conditionsOfForms(signature, forms);
    if ('problems' in result) return setProblems(result.problems);
    setProblems([]);
    onSave(result.conditions);
  };

  return (
    <form
      onSubmit={save}
      className="grid grid-cols-1 gap-3 rounded-md border bg-background p-3"
      data-testid="conditions-editor"
      aria-label={`Conditions on ${signature}`}
    >
      {forms.map((form, i) => {
        const type = types[i] ?? '';
        const id = `${prefix}-argument-${i}`;
        const name = argumentName(i, type);
        return (
          <fieldset
            key={id}
            className="grid grid-cols-1 gap-2 sm:grid-cols-2"
            data-testid="condition-argument"
          >
            <legend className="mb-1 font-medium text-xs">{name}</legend>
            <Field label="Its value" htmlFor={`${id}-match`}>
              <Select
                id={`${id}-match`}
                aria-label={`${name}: its value`}
                value={form.match}
                onChange={(e) => change(i, { match: e.target.value as ValueMatch })}
              >
                {matchesFor(type).map((m) => (
                  <option key={m} value={m}>
                    {MATCH_LABELS[m]}
                  </option>
                ))}
              </Select>
            </Field>
            {(form.match === 'eq' || form.match === 'oneOf') && (
              <Field
                label={form.match === 'eq' ? 'Value' : 'Values'}
                htmlFor={`${id}-values`}
                hint={form.match === 'oneOf' ? 'Separated by commas.' : undefined}
              >
                <Input
                  id={`${id}-values`}
                  aria-label={`${name}: ${form.match === 'eq' ? 'value' : 'values'}`}
                  className="font-mono"
                  spellCheck={false}
                  value={form.values}
                  onChange={(e) => change(i, { values: e.target.value })}
                />
              </Field>
            )}
            {isUintType(type) && (
              <>
                <Field label="At most (optional)" htmlFor={`${id}-lte`}>
                  <Input
                    id={`${id}-lte`}
                    aria-label={`${name}: at most`}
                    inputMode="numeric"
                    className="font-mono"
                    value={form.lte}
                    onChange={(e) => change(i, { lte: e.target.value })}
                  />
                </Field>
                <Field label="At least (optional)" htmlFor={`${id}-gte`}>
                  <Input
                    id={`${id}-gte`}
                    aria-label={`${name}: at least`}
                    inputMode="numeric"
                    className="font-mono"
                    value={form.gte}
                    onChange={(e) => change(i, { gte: e.target.value })}
                  />
                </Field>
                <Field
                  label="Spends from allowance"
                  htmlFor={`${id}-allowance`}
                  hint={allowances.length === 0 ? 'Add an allowance below to meter this amount.' : undefined}
                >
                  <Select
                    id={`${id}-allowance`}
                    aria-label={`${name}: spends from allowance`}
                    value={form.allowance}
                    disabled={allowances.length === 0 && !form.allowance}
                    onChange={(e) => change(i, { allowance: e.target.value })}
                  >
                    <option value="">None</option>
                    {allowances.map((a) => (
                      <option key={a.name} value={a.name}>
                        {a.name}
                      </option>
                    ))}
                  </Select>
                </Field>
              </>
            )}
          </fieldset>
        );
      })}
      {problems.length > 0 && (
        <ul className="grid gap-0.5 text-destructive text-xs" role="alert">
          {problems.map((p) => (
            <li key={p} className="[overflow-wrap:anywhere]">
              {p}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          <Check />
          Save conditions
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
