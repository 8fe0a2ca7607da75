import { KeyRound } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, formatRelative } from '@/lib/console/format';
import { SecretActions } from './secret-actions';

type SecretMetadata = {
  id: string;
  name: string;
  version: number;
  createdAt: string;
  rotatedAt: string | null;
};

export function SecretsTable({
  workspaceSlug,
  projectId,
  secrets,
  canMutate,
}: {
  workspaceSlug: string;
  projectId: string;
  secrets: SecretMetadata[];
  canMutate: boolean;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Name</TableHead>
          <TableHead>Value</TableHead>
          <TableHead>Last changed</TableHead>
          {canMutate && <TableHead className="text-right">Actions</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {secrets.map((s) => (
          <TableRow key={s.id} data-testid="secret-row">
            <TableCell>
              <span className="flex items-center gap-2.5">
                <span className="flex size-7 items-center justify-center rounded-md bg-muted">
                  <KeyRound className="size-3.5 text-muted-foreground" />
                </span>
                <span className="font-medium font-mono text-[13px]">{s.name}</span>
              </span>
            </TableCell>
            <TableCell>
              <span className="flex items-center gap-2">
                <span className="font-mono text-muted-foreground text-xs tracking-widest">
                  <span aria-hidden="true">••••••••</span>
                  <span className="sr-only">hidden</span>
                </span>
                <Badge variant="secondary" title="Version of the value">
                  v{s.version}
                </Badge>
              </span>
            </TableCell>
            <TableCell className="text-muted-foreground" title={formatDate(s.rotatedAt ?? s.createdAt)}>
              {s.rotatedAt
                ? `Rotated ${formatRelative(s.rotatedAt)}`
                : `Created ${formatRelative(s.createdAt)}`}
            </TableCell>
            {canMutate && (
              <TableCell className="text-right">
                <SecretActions workspaceSlug={workspaceSlug} projectId={projectId} secret={s} />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
