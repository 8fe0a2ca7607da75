'use client';

import { type ReactNode, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ArgsFields } from './args-fields';
import { argsProblems, problemLine, problemsByField } from './args-problems';
import { type ArgsField, argsFormOf } from './args-schema';
import { argsObjectOf, withValueAt } from './args-values';

/** Every field's path, groups and their fields alike. */
const pathsOf = (fields: ArgsField[]): string[] =>
  fields.flatMap((f) => [f.path, ...(f.kind === 'object' ? pathsOf(f.fields) : [])]);

/**
 * The args of an executable: a form generated from the release's args JSON Schema, or the JSON text (always
 * one click away; both edit the same text). Without a schema, or with one the form cannot show, only the JSON.
 * A field's problems show once it was visited, the JSON's once it was edited, all of them with `showAll`
 * (a form shows them on submit).
 */
export function ArgsEditor({
  id,
  value,
  onChange,
  schema,
  showAll = true,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  schema: string | null;
  showAll?: boolean;
}) {
  const plan = useMemo(() => (schema ? argsFormOf(schema) : null), [schema]);
  const [mode, setMode] = useState<'form' | 'json'>('form');
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const touch = (path: string) => setTouched((prev) => (prev.has(path) ? prev : new Set(prev).add(path)));
  const args = useMemo(() => argsObjectOf(value), [value]);
  const problems = useMemo(() => argsProblems(value, schema), [value, schema]);
  const fields = plan?.ok ? plan.fields : null;
  const form = mode === 'form' && fields && args ? { fields, args } : null;
  const seen = (path: string) => showAll || touched.has('') || touched.has(path);

  const hint = !schema
    ? 'A JSON object passed to the task.'
    : plan && !plan.ok
      ? `Checked against the release’s args JSON schema; ${plan.reason}, so the args are edited as JSON.`
      : 'Checked against the release’s args JSON schema.';

  // The form shows each problem at its field; the list below holds the rest (or, for the JSON, all of them).
  let body: ReactNode;
  let listed = seen('') ? problems : [];
  if (form) {
    const { byField, rest } = problemsByField(problems, pathsOf(form.fields));
    const shown = new Map([...byField].filter(([path]) => seen(path)));
    listed = showAll || touched.size > 0 ? rest : [];
    body = (
      <ArgsFields
        idPrefix={id}
        fields={form.fields}
        args={form.args}
        onSet={(path, v) => onChange(JSON.stringify(withValueAt(form.args, path, v), null, 2))}
        onTouch={touch}
        problems={shown}
      />
    );
  } else
    body = (
      <Textarea
        id={id}
        rows={5}
        spellCheck={false}
        className="font-mono text-xs"
        value={value}
        aria-invalid={(seen('') && problems.length > 0) || undefined}
        onChange={(e) => {
          onChange(e.target.value);
          touch('');
        }}
      />
    );

  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        {form ? (
          <span className="font-medium text-sm leading-none">Args</span>
        ) : (
          <Label htmlFor={id}>Args</Label>
        )}
        {fields && (
          <div className="flex gap-1">
            <Button
              type="button"
              size="sm"
              variant={form ? 'secondary' : 'ghost'}
              aria-pressed={Boolean(form)}
              disabled={!args}
              title={args ? undefined : 'Fix the JSON to edit it in the form'}
              onClick={() => setMode('form')}
            >
              Form
            </Button>
            <Button
              type="button"
              size="sm"
              variant={form ? 'ghost' : 'secondary'}
              aria-pressed={!form}
              onClick={() => setMode('json')}
            >
              JSON
            </Button>
          </div>
        )}
      </div>
      {body}
      {listed.length > 0 && (
        <ul className="grid gap-0.5 text-destructive text-xs" data-testid="args-errors">
          {listed.map((p) => (
            <li key={`${p.path} ${p.message}`}>{problemLine(p)}</li>
          ))}
        </ul>
      )}
      <p className="text-muted-foreground text-xs">{hint}</p>
    </div>
  );
}
