import { Boxes, Braces, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatBytes, formatDate, formatRelative } from '@/lib/console/format';
import type { toRelease } from '@/lib/functions/service';
import { permissionsSummary } from './permissions-summary';
import { ReleaseActions } from './release-actions';

export type Release = ReturnType<typeof toRelease>;

/** One function name: its active versions, newest first. */
export function ReleaseGroup({
  workspaceSlug,
  projectId,
  name,
  versions,
  otherProjects,
  canMutate,
  uploadVersion,
}: {
  workspaceSlug: string;
  projectId: string;
  name: string;
  versions: Release[];
  otherProjects: { id: string; name: string }[];
  canMutate: boolean;
  uploadVersion?: ReactNode;
}) {
  const newest = versions[0];
  return (
    <Card className="overflow-hidden" data-testid="function-group" data-name={name}>
      <div className="flex flex-wrap items-center justify-between gap-4 px-5 py-4">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg border bg-gradient-to-b from-card to-muted">
            <Boxes className="size-4 text-primary" />
          </span>
          <div className="min-w-0">
            <h3 className="truncate font-mono font-semibold text-[15px]">{name}</h3>
            <p className="text-muted-foreground text-xs">
              {versions.length === 1 ? '1 version' : `${versions.length} versions`} · newest{' '}
              <span className="font-mono">{newest.versionTag}</span>, {formatRelative(newest.createdAt)}
            </p>
          </div>
        </div>
        {uploadVersion}
      </div>
      <Table className="border-t">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Version</TableHead>
            <TableHead>Checksum</TableHead>
            <TableHead>Size</TableHead>
            <TableHead>Permissions</TableHead>
            <TableHead>Args schema</TableHead>
            <TableHead>Created</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {versions.map((r) => {
            const permissions = permissionsSummary(r.permissions);
            return (
              <TableRow key={r.id} data-testid="release-row" data-tag={r.versionTag}>
                <TableCell>
                  <Badge variant={r.id === newest.id ? 'default' : 'secondary'} className="font-mono">
                    {r.versionTag}
                  </Badge>
                </TableCell>
                <TableCell>
                  <span className="flex items-center gap-1">
                    <code className="font-mono text-muted-foreground text-xs" title={r.checksum}>
                      {r.checksum.slice(0, 12)}…
                    </code>
                    <CopyButton
                      value={r.checksum}
                      label={`Copy checksum of ${r.name}@${r.versionTag}`}
                      iconOnly
                      variant="ghost"
                      className="size-7 text-muted-foreground"
                    />
                  </span>
                </TableCell>
                <TableCell className="text-muted-foreground tabular-nums">{formatBytes(r.size)}</TableCell>
                <TableCell className="whitespace-normal">
                  <span
                    className={
                      permissions.tone === 'muted'
                        ? 'text-muted-foreground'
                        : 'inline-flex items-center gap-1.5'
                    }
                    title={permissions.detail}
                  >
                    {permissions.tone !== 'muted' && <ShieldCheck className="size-3.5 text-success" />}
                    {permissions.label}
                  </span>
                </TableCell>
                <TableCell>
                  {r.schema ? (
                    <Badge variant="success">
                      <Braces />
                      JSON Schema
                    </Badge>
                  ) : (
                    <span className="text-muted-foreground">None</span>
                  )}
                </TableCell>
                <TableCell className="text-muted-foreground" title={formatDate(r.createdAt)}>
                  {formatRelative(r.createdAt)}
                </TableCell>
                <TableCell className="text-right">
                  <ReleaseActions
                    workspaceSlug={workspaceSlug}
                    projectId={projectId}
                    release={{ id: r.id, name: r.name, versionTag: r.versionTag }}
                    otherProjects={otherProjects}
                    canMutate={canMutate}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Card>
  );
}
