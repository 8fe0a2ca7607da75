import type { JsonObject } from '@/lib/runtime/task-types';

/** A JSON pointer (RFC 6901) from its segments: `['vault', 'owner']` → `/vault/owner`. */
export const pointerOf = (segments: string[]) =>
  segments.map((s) => `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

const segmentsOf = (pointer: string) =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The args text as an object, or null when it is not a JSON object (the form cannot show it then). */
export function argsObjectOf(text: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** The value at a pointer, undefined when a step is missing. */
export function valueAt(root: JsonObject, pointer: string): unknown {
  let at: unknown = root;
  for (const segment of segmentsOf(pointer)) at = isObject(at) ? at[segment] : undefined;
  return at;
}

/** A copy of `root` with the value at `pointer` set (undefined: removed), creating missing groups on the way. */
export function withValueAt(root: JsonObject, pointer: string, value: unknown): JsonObject {
  const [head, ...rest] = segmentsOf(pointer);
  if (head === undefined) return root;
  const copy = { ...root };
  if (rest.length > 0) {
    const inner = isObject(copy[head]) ? (copy[head] as JsonObject) : {};
    copy[head] = withValueAt(inner, pointerOf(rest), value);
  } else if (value === undefined) delete copy[head];
  else copy[head] = value;
  return copy;
}

const NUMBER_TEXT = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * What a number box's text stands for: nothing when empty, the number when it reads as one, else the text
 * itself (kept, so the schema check says "Enter a number" rather than the box losing what was typed).
 */
export function numberOfText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return NUMBER_TEXT.test(trimmed) ? Number(trimmed) : text;
}
