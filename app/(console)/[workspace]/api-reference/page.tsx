// /{workspace}/api-reference — the management API's OpenAPI document, rendered and grouped by tag.
import { FileJson } from 'lucide-react';
import type { Metadata } from 'next';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { MethodBadge } from './_components/method-badge';
import { OperationCard } from './_components/operation-card';
import { referenceModel } from './_components/reference-model';

export const metadata: Metadata = { title: 'API reference' };

const CONVENTIONS = [
  [
    'Authorization',
    'Bearer <token> on every request: a CLI-login key (bound to one workspace) or an unbound key.',
  ],
  [
    'X-Workspace-Id',
    'Required with unbound keys; must match a workspaceId query parameter when both are sent.',
  ],
  [
    'Idempotency-Key',
    'Optional on mutations, 1–128 characters; a replay within 24 h returns the stored response.',
  ],
  ['Errors', '{ error, code, requestId } with a stable code; every response carries X-Request-Id.'],
  ['Envelopes', '{ data } for objects and arrays; paged lists add pagination { cursor, isDone }.'],
];

export default async function ApiReferencePage({ params }: { params: Promise<{ workspace: string }> }) {
  const { workspace: slug } = await params;
  await requireWorkspaceAccess(slug);
  const { info, schemas, tags } = referenceModel();

  return (
    <>
      <PageHeader
        title="API reference"
        description={`${info.title} ${info.version}. ${info.description ?? ''}`}
        actions={
          <a
            href="/api/v1/openapi.json"
            target="_blank"
            rel="noreferrer"
            className={buttonVariants({ variant: 'outline' })}
          >
            <FileJson />
            openapi.json
          </a>
        }
      />
      <div className="grid gap-10 xl:grid-cols-[220px_minmax(0,1fr)]">
        <nav aria-label="Operations" className="hidden xl:block">
          <div className="sticky top-10 grid max-h-[calc(100vh-5rem)] gap-5 overflow-y-auto pr-2">
            {tags.map((tag) => (
              <div key={tag.name}>
                <a href={`#tag-${tag.name}`} className="font-semibold text-sm hover:text-primary">
                  {tag.name}
                </a>
                <ul className="mt-1.5 grid gap-0.5">
                  {tag.operations.map((op) => (
                    <li key={op.id}>
                      <a
                        href={`#${op.id}`}
                        className="flex items-center gap-2 rounded px-1 py-1 text-muted-foreground text-xs hover:bg-muted hover:text-foreground"
                      >
                        <MethodBadge method={op.method} className="w-12 text-[9px]" />
                        <span className="truncate">{op.summary}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </nav>
        <div className="grid min-w-0 gap-12">
          <Card className="p-5">
            <h2 className="font-semibold">Conventions</h2>
            <dl className="mt-3 grid gap-3 sm:grid-cols-[150px_minmax(0,1fr)]">
              {CONVENTIONS.map(([term, text]) => (
                <div key={term} className="contents">
                  <dt className="font-mono text-[13px]">{term}</dt>
                  <dd className="text-muted-foreground text-sm">{text}</dd>
                </div>
              ))}
            </dl>
          </Card>
          {tags.map((tag) => (
            <section key={tag.name} id={`tag-${tag.name}`} className="grid scroll-mt-8 gap-4">
              <h2 className="font-semibold text-xl tracking-tight">{tag.name}</h2>
              {tag.operations.map((op) => (
                <OperationCard key={op.id} op={op} schemas={schemas} />
              ))}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
