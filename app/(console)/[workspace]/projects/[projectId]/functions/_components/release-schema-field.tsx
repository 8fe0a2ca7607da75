'use client';

import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';

/** Client-side check of the optional args schema: JSON, and an object. The server compiles it with ajv. */
export function schemaProblem(schema: string): string | null {
  if (!schema.trim()) return null;
  try {
    const parsed = JSON.parse(schema);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return 'The schema must be a JSON object (a JSON Schema).';
    }
    return null;
  } catch (error) {
    return `Not valid JSON: ${(error as Error).message}`;
  }
}

/** The optional args schema of a release, checked on blur (and, once flagged, while typing). */
export function ReleaseSchemaField({
  value,
  problem,
  serverError,
  onChange,
  onProblemChange,
}: {
  value: string;
  /** What the client-side check found, shown before any `serverError`. */
  problem: string | null;
  serverError?: string;
  onChange: (schema: string) => void;
  onProblemChange: (problem: string | null) => void;
}) {
  return (
    <Field
      label="Args schema"
      htmlFor="release-schema"
      error={problem ?? serverError}
      hint="Optional. The JSON Schema executables' args are checked against; left empty, the ZIP's or folder's schema.json, else the newest version's schema, is kept."
    >
      <Textarea
        id="release-schema"
        rows={4}
        spellCheck={false}
        className="font-mono text-[12px]"
        placeholder={'{ "type": "object", "properties": { "threshold": { "type": "number" } } }'}
        value={value}
        aria-invalid={Boolean(problem) || undefined}
        onChange={(e) => {
          onChange(e.target.value);
          // Once flagged, re-check while typing so the message goes away as soon as it is fixed.
          if (problem) onProblemChange(schemaProblem(e.target.value));
        }}
        onBlur={() => onProblemChange(schemaProblem(value))}
      />
    </Field>
  );
}
