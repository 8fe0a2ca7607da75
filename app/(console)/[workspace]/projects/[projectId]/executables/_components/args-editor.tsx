'use client';

import Ajv from 'ajv';
import { useMemo } from 'react';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';

/**
 * Problems with an args string: not JSON, not an object, or (when the release has an args JSON schema) the
 * schema's errors, checked in the browser with ajv. Empty: fine.
 */
export function argsProblems(args: string, schema: string | null): string[] {
  let value: unknown;
  try {
    value = JSON.parse(args);
  } catch (error) {
    return [`Not valid JSON: ${(error as Error).message}`];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return ['Args must be a JSON object.'];
  if (!schema) return [];
  try {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(schema));
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);
  } catch {
    return []; // a schema ajv cannot compile here is the server's to judge
  }
}

/** The args textarea; its problems are listed while `showProblems` (a form hides them until edited or submitted). */
export function ArgsEditor({
  id,
  value,
  onChange,
  schema,
  showProblems = true,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  schema: string | null;
  showProblems?: boolean;
}) {
  const problems = useMemo(
    () => (showProblems ? argsProblems(value, schema) : []),
    [value, schema, showProblems],
  );
  return (
    <Field
      label="Args"
      htmlFor={id}
      hint={schema ? 'Checked against the release’s args JSON schema.' : 'A JSON object passed to the task.'}
    >
      <Textarea
        id={id}
        rows={5}
        spellCheck={false}
        className="font-mono text-xs"
        value={value}
        aria-invalid={problems.length > 0 || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {problems.length > 0 && (
        <ul className="grid gap-0.5 text-destructive text-xs" data-testid="args-errors">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </Field>
  );
}
