'use client';

import { Plus, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, RequiredMark } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { JsonObject } from '@/lib/runtime/task-types';
import type { ArgsField, ValueInput } from './args-schema';
import { numberOfText, valueAt } from './args-values';

export type ArgsFieldsProps = {
  /** Prefix of the inputs' ids: a field's id is the prefix and its path with dots (`args.vault.owner`). */
  idPrefix: string;
  fields: ArgsField[];
  args: JsonObject;
  /** Sets (or, with undefined, removes) the value at a path. */
  onSet: (path: string, value: unknown) => void;
  /** Marks a field as visited, so its problems show. */
  onTouch: (path: string) => void;
  /** The problems shown at each field (already filtered to the visited ones). */
  problems: Map<string, string[]>;
};

/** The args form: one input per schema property, lists with add and remove, nested objects as groups. */
export function ArgsFields(props: ArgsFieldsProps) {
  return (
    <div className="grid gap-4">
      {props.fields.map((field) => (
        <ArgField key={field.path} field={field} {...props} />
      ))}
    </div>
  );
}

function ArgField({ field, ...props }: ArgsFieldsProps & { field: ArgsField }) {
  const id = `${props.idPrefix}${field.path.replace(/\//g, '.')}`;
  const errors = props.problems.get(field.path);
  const error = errors?.join(' · ');
  const value = valueAt(props.args, field.path);
  if (field.kind === 'object')
    return (
      <Group field={field} id={id} error={error}>
        <ArgsFields {...props} fields={field.fields} />
      </Group>
    );
  if (field.kind === 'array') {
    const items = Array.isArray(value) ? value : [];
    const emptyItem = field.item.kind === 'string' ? '' : field.item.kind === 'boolean' ? false : null;
    const setItems = (next: unknown[]) => {
      props.onSet(field.path, next);
      props.onTouch(field.path);
    };
    return (
      <Group field={field} id={id} error={error}>
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity but their place
          <div key={i} className="flex items-center gap-2">
            <ValueBox
              id={`${id}.${i}`}
              label={`${field.label} item ${i + 1}`}
              input={field.item}
              value={item}
              invalid={Boolean(error)}
              onChange={(v) => setItems(items.map((old, j) => (j === i ? (v ?? emptyItem) : old)))}
              onBlur={() => props.onTouch(field.path)}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove ${field.label} item ${i + 1}`}
              onClick={() => setItems(items.filter((_, j) => j !== i))}
            >
              <X />
            </Button>
          </div>
        ))}
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => setItems([...items, emptyItem])}>
            <Plus />
            Add {field.label} item
          </Button>
        </div>
      </Group>
    );
  }
  return (
    <Field label={field.label} htmlFor={id} hint={field.description} error={error} required={field.required}>
      <ValueBox
        id={id}
        input={field}
        value={value}
        required={field.required}
        invalid={Boolean(error)}
        describedBy={error || field.description ? `${id}-note` : undefined}
        onChange={(v) => {
          props.onSet(field.path, v);
          if (field.kind === 'boolean' || field.kind === 'enum') props.onTouch(field.path);
        }}
        onBlur={() => props.onTouch(field.path)}
      />
    </Field>
  );
}

/** A list or a nested object: its label, its inputs, then its help or its problems. */
function Group({
  field,
  id,
  error,
  children,
}: {
  field: ArgsField;
  id: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      id={id}
      aria-describedby={error || field.description ? `${id}-note` : undefined}
      aria-invalid={Boolean(error) || undefined}
      className="grid gap-2 rounded-md border border-border/70 p-3"
    >
      <legend className="flex items-center gap-2 px-1 font-medium text-sm">
        {field.label}
        {field.required && <RequiredMark />}
      </legend>
      {children}
      {error ? (
        <p id={`${id}-note`} className="text-destructive text-xs" role="alert">
          {error}
        </p>
      ) : (
        field.description && (
          <p id={`${id}-note`} className="text-muted-foreground text-xs">
            {field.description}
          </p>
        )
      )}
    </fieldset>
  );
}

const shown = (value: unknown) =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** One value: a text box (an address in monospace), a number box, a checkbox or the enum's choices. */
function ValueBox({
  id,
  label,
  input,
  value,
  required,
  invalid,
  describedBy,
  onChange,
  onBlur,
}: {
  id: string;
  /** For an input without a visible label of its own (a list item). */
  label?: string;
  input: ValueInput;
  value: unknown;
  required?: boolean;
  invalid: boolean;
  describedBy?: string;
  onChange: (value: unknown) => void;
  onBlur: () => void;
}) {
  const common = {
    id,
    'aria-label': label,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
    onBlur,
  };
  if (input.kind === 'boolean')
    return (
      <input
        type="checkbox"
        {...common}
        checked={value === true}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 accent-primary"
      />
    );
  if (input.kind === 'enum') {
    const index = (input.options as unknown[]).indexOf(value);
    return (
      <Select
        {...common}
        value={index < 0 ? '' : String(index)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : input.options[Number(e.target.value)])}
      >
        <option value="">{value === undefined ? 'Choose…' : `${shown(value)} (not a choice)`}</option>
        {input.options.map((o, i) => (
          <option key={String(o)} value={String(i)}>
            {String(o)}
          </option>
        ))}
      </Select>
    );
  }
  if (input.kind === 'string')
    return (
      <Input
        {...common}
        spellCheck={false}
        className={input.address ? 'font-mono text-xs' : undefined}
        placeholder={input.address ? '0x…' : undefined}
        value={shown(value)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      />
    );
  return <NumberBox common={common} integer={input.kind === 'integer'} value={value} onChange={onChange} />;
}

/**
 * A number typed as text: what is typed stays as typed ("1." while on the way to "1.5") as long as it stands
 * for the value; a value changed elsewhere (the JSON editor) replaces it.
 */
function NumberBox({
  common,
  integer,
  value,
  onChange,
}: {
  common: Record<string, unknown>;
  integer: boolean;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const [text, setText] = useState(() => shown(value));
  return (
    <Input
      {...common}
      inputMode={integer ? 'numeric' : 'decimal'}
      value={numberOfText(text) === value ? text : shown(value)}
      onChange={(e) => {
        setText(e.target.value);
        onChange(numberOfText(e.target.value));
      }}
    />
  );
}
