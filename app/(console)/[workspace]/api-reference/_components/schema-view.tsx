import { Badge } from '@/components/ui/badge';
import type { JsonSchema } from './reference-model';

type Schemas = Record<string, JsonSchema>;

const refName = (ref: string) => ref.split('/').pop() ?? ref;
const resolve = (s: JsonSchema, schemas: Schemas): JsonSchema =>
  s.$ref ? (schemas[refName(s.$ref)] ?? s) : s;
const SAFE = Number.MAX_SAFE_INTEGER;

/** "string", "integer | null", "array<Project>", "\"a\" | \"b\"". */
export function typeLabel(raw: JsonSchema, schemas: Schemas): string {
  if (raw.$ref) return refName(raw.$ref);
  const variants = raw.anyOf ?? raw.oneOf;
  if (variants) return variants.map((v) => typeLabel(v, schemas)).join(' | ');
  if (raw.enum) return raw.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (raw.const !== undefined) return JSON.stringify(raw.const);
  if (raw.type === 'array' && raw.items) return `array<${typeLabel(raw.items, schemas)}>`;
  if (Array.isArray(raw.type)) return raw.type.join(' | ');
  return raw.type ?? 'any';
}

function constraints(s: JsonSchema): string[] {
  const out: string[] = [];
  if (s.format) out.push(s.format);
  if (s.pattern) out.push(`pattern ${s.pattern}`);
  if (s.minLength !== undefined) out.push(`min length ${s.minLength}`);
  if (s.maxLength !== undefined) out.push(`max length ${s.maxLength}`);
  if (s.minimum !== undefined && Math.abs(s.minimum) < SAFE) out.push(`≥ ${s.minimum}`);
  if (s.maximum !== undefined && Math.abs(s.maximum) < SAFE) out.push(`≤ ${s.maximum}`);
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  return out;
}

/** The object a schema describes, following $ref, array items and a nullable anyOf. */
function objectOf(raw: JsonSchema, schemas: Schemas, depth = 0): JsonSchema | undefined {
  if (depth > 4) return undefined;
  const s = resolve(raw, schemas);
  if (s.properties) return s;
  if (s.type === 'array' && s.items) return objectOf(s.items, schemas, depth + 1);
  const variant = (s.anyOf ?? s.oneOf)?.find((v) => resolve(v, schemas).properties);
  return variant ? objectOf(variant, schemas, depth + 1) : undefined;
}

/** A property table; nested objects open beneath their property, up to a few levels. */
export function SchemaView({
  schema,
  schemas,
  depth = 0,
}: {
  schema: JsonSchema;
  schemas: Schemas;
  depth?: number;
}) {
  const object = objectOf(schema, schemas);
  if (!object?.properties) {
    return <code className="font-mono text-muted-foreground text-xs">{typeLabel(schema, schemas)}</code>;
  }
  const required = new Set(object.required ?? []);
  return (
    <ul
      className={
        depth === 0 ? 'divide-y rounded-lg border' : 'mt-2 divide-y rounded-md border-l-2 border-border pl-3'
      }
    >
      {Object.entries(object.properties).map(([name, prop]) => {
        const resolved = resolve(prop, schemas);
        const nested = depth < 2 && objectOf(prop, schemas);
        const notes = constraints(resolved);
        return (
          <li key={name} className={depth === 0 ? 'px-4 py-3' : 'py-2'}>
            <div className="flex flex-wrap items-center gap-2">
              <code className="font-medium font-mono text-[13px]">{name}</code>
              <code className="font-mono text-muted-foreground text-xs">{typeLabel(prop, schemas)}</code>
              {required.has(name) && (
                <Badge variant="destructive" className="px-1.5 py-0 text-[10px]">
                  required
                </Badge>
              )}
            </div>
            {(resolved.description ?? prop.description) && (
              <p className="mt-1 text-muted-foreground text-sm">{prop.description ?? resolved.description}</p>
            )}
            {notes.length > 0 && (
              <p className="mt-1 font-mono text-muted-foreground text-xs">{notes.join(' · ')}</p>
            )}
            {nested && <SchemaView schema={prop} schemas={schemas} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}
