// /{workspace}/settings/audit-log — who changed the workspace's administration, what, when, with which credential.
import { ScrollText } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getDb } from '@/db/client';
import { AUDIT_ACTIONS, type AuditAction } from '@/lib/audit/actions';
import { auditDetailsText, auditValueText } from '@/lib/audit/details-text';
import { listAuditEvents } from '@/lib/audit/log';
import { AUDIT_RETENTION_DAYS } from '@/lib/audit/retention';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { formatRelative, formatUtc } from '@/lib/console/format';

export const metadata: Metadata = { title: 'Audit log' };

const CREDENTIALS = {
  console: 'Console session',
  api_key: 'API key',
  cli_login: 'CLI login key',
  operator: 'Operator CLI',
} as const;

export default async function AuditLogPage({
  params,
  searchParams,
}: {
  params: Promise<{ workspace: string }>;
  searchParams: Promise<{ before?: string }>;
}) {
  const { workspace: slug } = await params;
  const { before } = await searchParams;
  const { workspace } = await requireWorkspaceAccess(slug);
  const { events, nextBefore } = await listAuditEvents(getDb(), {
    workspaceId: workspace.id,
    plan: workspace.plan,
    before: typeof before === 'string' ? before : undefined,
  });

  return (
    <>
      <p className="mb-4 text-muted-foreground text-sm">
        Administrative actions of the last {AUDIT_RETENTION_DAYS[workspace.plan]} days (the retention of the{' '}
        {workspace.plan} plan), newest first.
      </p>
      <Card className="overflow-hidden">
        {events.length === 0 ? (
          <EmptyState
            icon={ScrollText}
            title="Nothing yet"
            description="Changes to members, keys, the plan, profiles, executables, functions, secrets, webhooks and alerts show here."
          />
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>When</TableHead>
                <TableHead>Who</TableHead>
                <TableHead>What</TableHead>
                <TableHead>Details</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {events.map((e) => (
                <TableRow key={e.id} data-testid="audit-row">
                  <TableCell className="whitespace-nowrap" title={formatUtc(e.createdAt)}>
                    {formatRelative(e.createdAt)}
                  </TableCell>
                  <TableCell>
                    <span className="block font-mono text-xs" title={e.actorLabel}>
                      {auditValueText(e.actorLabel)}
                    </span>
                    <span className="text-muted-foreground text-xs">
                      {CREDENTIALS[e.credentialKind]}
                      {e.credentialId && ` ${e.credentialId}`}
                    </span>
                  </TableCell>
                  <TableCell>
                    {AUDIT_ACTIONS[e.action as AuditAction] ?? e.action}
                    {e.targetId && (
                      <code className="block font-mono text-muted-foreground text-xs">{e.targetId}</code>
                    )}
                  </TableCell>
                  <TableCell className="max-w-md whitespace-normal break-words text-muted-foreground text-xs">
                    {auditDetailsText(e.details)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
      {nextBefore && (
        <div className="mt-4 flex justify-end">
          <Link
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            href={`/${slug}/settings/audit-log?before=${nextBefore}`}
          >
            Older
          </Link>
        </div>
      )}
    </>
  );
}
