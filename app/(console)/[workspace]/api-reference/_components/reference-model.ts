import { openApiDocument } from '@/lib/api/openapi/document';

/** The slice of JSON Schema (OpenAPI 3.1) the reference page renders. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  description?: string;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
};

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema };
type Content = { content?: Record<string, { schema?: JsonSchema }> };
type OperationObject = {
  summary?: string;
  description?: string;
  tags?: string[];
  'x-scope'?: string;
  parameters?: Parameter[];
  requestBody?: Content;
  responses?: Record<string, Content & { description?: string }>;
};
type Document = {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type ReferenceOperation = {
  id: string;
  method: string;
  path: string;
  scope?: string;
  summary: string;
  description?: string;
  params: Parameter[];
  body?: JsonSchema;
  success?: { status: string; schema?: JsonSchema };
};

export type ReferenceModel = {
  info: Document['info'];
  schemas: Record<string, JsonSchema>;
  tags: { name: string; operations: ReferenceOperation[] }[];
};

/** Headers every operation shares; the page explains them once instead of on each operation. */
const SHARED_HEADERS = new Set(['x-workspace-id', 'idempotency-key']);
const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

const jsonSchema = (c?: Content) => c?.content?.['application/json']?.schema;

/** The OpenAPI document regrouped by tag, in a shape the page can render without knowing OpenAPI. */
export function referenceModel(): ReferenceModel {
  // The generated document is plain JSON; read it through the narrow shape above.
  const doc = openApiDocument() as unknown as Document;
  const tags = new Map<string, ReferenceOperation[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHOD_ORDER) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      const successStatus = Object.keys(op.responses ?? {}).find((s) => s.startsWith('2'));
      const operation: ReferenceOperation = {
        id: `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-').replace(/-+$/, ''),
        method: method.toUpperCase(),
        path,
        scope: op['x-scope'],
        summary: op.summary ?? path,
        description: op.description,
        params: (op.parameters ?? []).filter((p) => !(p.in === 'header' && SHARED_HEADERS.has(p.name))),
        body: jsonSchema(op.requestBody),
        success: successStatus
          ? { status: successStatus, schema: jsonSchema(op.responses?.[successStatus]) }
          : undefined,
      };
      tags.set(tag, [...(tags.get(tag) ?? []), operation]);
    }
  }
  return {
    info: doc.info,
    schemas: doc.components?.schemas ?? {},
    tags: [...tags].map(([name, operations]) => ({ name, operations })),
  };
}
