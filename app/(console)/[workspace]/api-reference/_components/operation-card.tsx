import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { MethodBadge } from './method-badge';
import type { JsonSchema, ReferenceOperation } from './reference-model';
import { SchemaView, typeLabel } from './schema-view';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h4 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">{title}</h4>
      {children}
    </section>
  );
}

export function OperationCard({
  op,
  schemas,
}: {
  op: ReferenceOperation;
  schemas: Record<string, JsonSchema>;
}) {
  return (
    <Card id={op.id} className="scroll-mt-8 overflow-hidden">
      <div className="flex flex-wrap items-center gap-3 border-b bg-muted/40 px-5 py-3">
        <MethodBadge method={op.method} />
        <code className="font-medium font-mono text-[13px]">{op.path}</code>
        {op.scope && (
          <Badge variant="outline" className="ml-auto font-mono font-normal">
            {op.scope}
          </Badge>
        )}
      </div>
      <div className="grid gap-5 px-5 py-4">
        <div>
          <p className="font-medium">{op.summary}</p>
          {op.description && <p className="mt-1 text-muted-foreground text-sm">{op.description}</p>}
        </div>
        {op.params.length > 0 && (
          <Section title="Parameters">
            <ul className="divide-y rounded-lg border">
              {op.params.map((p) => (
                <li key={`${p.in}-${p.name}`} className="flex flex-wrap items-center gap-2 px-4 py-2.5">
                  <code className="font-medium font-mono text-[13px]">{p.name}</code>
                  <Badge variant="secondary" className="px-1.5 py-0 text-[10px]">
                    {p.in}
                  </Badge>
                  {p.schema && (
                    <code className="font-mono text-muted-foreground text-xs">
                      {typeLabel(p.schema, schemas)}
                    </code>
                  )}
                  {p.required && (
                    <Badge variant="destructive" className="px-1.5 py-0 text-[10px]">
                      required
                    </Badge>
                  )}
                  {(p.description ?? p.schema?.description) && (
                    <span className="basis-full text-muted-foreground text-sm">
                      {p.description ?? p.schema?.description}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </Section>
        )}
        {op.body && (
          <Section title="Request body · application/json">
            <SchemaView schema={op.body} schemas={schemas} />
          </Section>
        )}
        {op.success && (
          <Section title={`Response · ${op.success.status}`}>
            {op.success.schema ? (
              <SchemaView schema={op.success.schema} schemas={schemas} />
            ) : (
              <p className="text-sm">No body.</p>
            )}
          </Section>
        )}
      </div>
    </Card>
  );
}
