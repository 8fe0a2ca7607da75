// /{workspace}/projects/{projectId}/functions/{functionId} — one release: its files (readSource) and details.
import { ChevronLeft, FileCode2, FileLock2, FileText } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { CopyableDetail, Detail, DetailsCard } from '@/components/ui/detail';
import { getDb } from '@/db/client';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { cn } from '@/lib/cn';
import { formatBytes, formatDate, formatNumber } from '@/lib/console/format';
import { readSource } from '@/lib/functions/service';
import { loadProject } from '../../_lib/project';
import { permissionsSummary } from '../_components/permissions-summary';
import { loadRelease } from './_lib/release';

export const metadata: Metadata = { title: 'Release source' };

/** index.js first, then the rest by path. */
const byImportance = (a: { path: string }, b: { path: string }) =>
  a.path === 'index.js' ? -1 : b.path === 'index.js' ? 1 : a.path.localeCompare(b.path);

export default async function ReleaseSourcePage({
  params,
  searchParams,
}: {
  params: Promise<{ workspace: string; projectId: string; functionId: string }>;
  searchParams: Promise<{ file?: string | string[] }>;
}) {
  const { workspace: slug, projectId, functionId } = await params;
  const { file: requested } = await searchParams;
  const { workspace } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);
  const release = await loadRelease(workspace.id, project.id, functionId);
  const source = await readSource(getDb(), workspace.id, release.id);
  const files = [...source.files].sort(byImportance);
  const current = files.find((f) => f.path === requested) ?? files[0];
  const base = `/${slug}/projects/${project.id}/functions`;
  const permissions = permissionsSummary(release.permissions);
  const lines = current.encoding === 'utf8' ? current.content.replace(/\n$/, '').split('\n').length : 0;

  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <Link
            href={base}
            className="flex w-fit items-center gap-1 text-muted-foreground text-sm transition-colors hover:text-foreground"
          >
            <ChevronLeft className="size-4" />
            Functions
          </Link>
          <h2 className="flex items-center gap-2.5 font-mono font-semibold text-lg tracking-tight">
            {release.name}@{release.versionTag}
            {release.state === 'deleted' && <Badge variant="destructive">Deleted</Badge>}
          </h2>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_300px]">
        <Card className="min-w-0 self-start overflow-hidden">
          <nav aria-label="Files" className="flex flex-wrap gap-1 border-b bg-muted/40 px-2 pt-2">
            {files.map((f) => {
              const active = f === current;
              const Icon =
                f.encoding === 'base64' ? FileLock2 : f.path.endsWith('.js') ? FileCode2 : FileText;
              return (
                <Link
                  key={f.path}
                  href={`?file=${encodeURIComponent(f.path)}`}
                  replace
                  scroll={false}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    '-mb-px flex items-center gap-1.5 rounded-t-md border border-transparent px-3 py-2 font-mono text-xs transition-colors',
                    active
                      ? 'border-border border-b-card bg-card text-foreground'
                      : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  <Icon className="size-3.5" />
                  {f.path}
                </Link>
              );
            })}
          </nav>
          <div className="flex items-center justify-between gap-3 px-4 py-2.5">
            <p className="text-muted-foreground text-xs" data-testid="source-file-meta">
              <span className="font-mono text-foreground">{current.path}</span> · {formatBytes(current.size)}
              {current.encoding === 'utf8' && ` · ${formatNumber(lines)} ${lines === 1 ? 'line' : 'lines'}`}
            </p>
            {current.encoding === 'utf8' && (
              <CopyButton value={current.content} label="Copy file" variant="ghost" />
            )}
          </div>
          {current.encoding === 'utf8' ? (
            <div
              className="flex max-h-[70vh] overflow-auto bg-sidebar font-mono text-[12.5px] text-sidebar-foreground leading-[1.6]"
              data-testid="source-viewer"
            >
              <pre
                aria-hidden="true"
                className="sticky left-0 shrink-0 select-none border-sidebar-border border-r bg-sidebar px-3 py-3 text-right text-sidebar-muted/70"
              >
                {Array.from({ length: lines }, (_, i) => i + 1).join('\n')}
              </pre>
              <pre className="min-w-0 flex-1 px-4 py-3">
                <code>{current.content}</code>
              </pre>
            </div>
          ) : (
            <div
              className="flex flex-col items-center gap-2 border-t bg-muted/30 px-6 py-14 text-center"
              data-testid="source-viewer"
            >
              <FileLock2 className="size-5 text-muted-foreground" />
              <p className="font-medium text-sm">
                binary, {formatNumber(current.size)} {current.size === 1 ? 'byte' : 'bytes'}
              </p>
              <p className="text-muted-foreground text-xs">Not UTF-8 text, so it is not shown.</p>
            </div>
          )}
        </Card>

        <DetailsCard title="Release" className="self-start">
          <CopyableDetail label="Function ID" value={release.id} copyLabel="Copy function ID" />
          <CopyableDetail label="Checksum (SHA-256)" value={release.checksum} copyLabel="Copy checksum" />
          <Detail label="Size">
            {formatBytes(release.size)} · {files.length} {files.length === 1 ? 'file' : 'files'}
          </Detail>
          <Detail label="Created">{formatDate(release.createdAt)}</Detail>
          <Detail label="Permissions">
            <span className={cn(permissions.tone === 'muted' && 'text-muted-foreground')}>
              {permissions.label}
            </span>
            {release.permissions && release.permissions.calls.length > 0 && (
              <ul className="mt-2 grid gap-2">
                {release.permissions.calls.map((c) => (
                  <li key={c.to} className="rounded-md border bg-muted/40 px-2.5 py-2">
                    <code className="block break-all font-mono text-[11px]">{c.to}</code>
                    <span className="mt-1 flex flex-wrap gap-1">
                      {c.functions.map((fn) => (
                        <Badge key={fn} variant="outline" className="font-mono font-normal">
                          {fn}
                        </Badge>
                      ))}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Detail>
          <Detail label="Args schema">
            {release.schema ? (
              <pre className="max-h-64 overflow-auto rounded-md border bg-muted/40 p-2.5 font-mono text-[11px] leading-relaxed">
                {prettyJson(release.schema)}
              </pre>
            ) : (
              <span className="text-muted-foreground">None</span>
            )}
          </Detail>
          {release.limits && (
            <Detail label="Run limits">
              {[
                release.limits.memoryMb !== undefined && `${release.limits.memoryMb} MB`,
                release.limits.timeoutMs !== undefined && `${release.limits.timeoutMs / 1000} s`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Detail>
          )}
          {release.defaultArgs && (
            <Detail label="Default args">
              <pre className="max-h-64 overflow-auto rounded-md border bg-muted/40 p-2.5 font-mono text-[11px] leading-relaxed">
                {prettyJson(release.defaultArgs)}
              </pre>
            </Detail>
          )}
          {release.definedCallbacks.length > 0 && (
            <Detail label="Callbacks">
              <span className="flex flex-wrap gap-1">
                {release.definedCallbacks.map((cb) => (
                  <Badge key={cb} variant="secondary" className="font-mono">
                    {cb}
                  </Badge>
                ))}
              </span>
            </Detail>
          )}
        </DetailsCard>
      </div>
    </div>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
