// /{workspace}/projects/{projectId}/executions/{executionId} — one execution: its outcome, the calls it asked
// for, the transaction and the task's logs; refreshes itself until the execution ends.

import { ChevronLeft, ExternalLink, ScrollText, Send } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { formatEther, formatGwei } from 'viem';
import { Alert } from '@/components/ui/alert';
import { Amount } from '@/components/ui/amount';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyableDetail, Detail, DetailsCard } from '@/components/ui/detail';
import { EmptyState } from '@/components/ui/empty-state';
import { RelativeTime } from '@/components/ui/relative-time';
import { getDb } from '@/db/client';
import { ApiError } from '@/lib/api/errors';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { enabledChains } from '@/lib/chains/config';
import { formatDuration, formatNumber, formatUtc, runnerLabel } from '@/lib/console/format';
import { getExecutable } from '@/lib/executables/service';
import { listExecutionLogs } from '@/lib/executions/queries';
import { signaturesBySelector } from '@/lib/functions/permissions';
import { loadProject } from '../../_lib/project';
import { releaseOptions } from '../../executables/_components/data';
import { PendingRefresh } from '../../profiles/_components/pending-refresh';
import { BroadcastsCard } from '../_components/broadcasts-card';
import { CallsTable } from '../_components/calls-table';
import { callbackUnfinished, ExecutionCallback } from '../_components/execution-callback';
import { ExecutionLogs } from '../_components/execution-logs';
import { ExecutionStatusBadge } from '../_components/execution-status-badge';
import { ExecutionTrigger } from '../_components/execution-trigger';
import { isUnfinished } from '../_components/model';
import { TxHash } from '../_components/tx-hash';
import { loadExecution } from './_lib/execution';

export const metadata: Metadata = { title: 'Execution' };

/** The executable's name, or null once it was deleted (its executions stay). */
async function executableName(workspaceId: string, executableId: string) {
  try {
    return (await getExecutable(getDb(), workspaceId, executableId)).name;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const none = <span className="text-muted-foreground">—</span>;

export default async function ExecutionPage({
  params,
}: {
  params: Promise<{ workspace: string; projectId: string; executionId: string }>;
}) {
  const { workspace: slug, projectId, executionId } = await params;
  const { workspace } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);
  const execution = await loadExecution(workspace.id, project.id, executionId);
  const [logs, name, releases] = await Promise.all([
    listExecutionLogs(getDb(), workspace.id, execution.id),
    executableName(workspace.id, execution.executableId),
    releaseOptions(workspace.id, project.id),
  ]);
  const chain = enabledChains().find((c) => c.chainId === execution.chainId);
  const symbol = chain?.nativeCurrency.symbol ?? 'ETH';
  const release = releases.find((r) => r.id === execution.functionId);
  const base = `/${slug}/projects/${project.id}`;
  const fee =
    execution.gasUsed && execution.effectiveGasPrice
      ? BigInt(execution.gasUsed) * BigInt(execution.effectiveGasPrice)
      : null;
  const explorerTx =
    chain?.explorerUrl && execution.txHash
      ? `${chain.explorerUrl.replace(/\/$/, '')}/tx/${execution.txHash}`
      : null;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PendingRefresh
        active={isUnfinished(execution.status) || callbackUnfinished(execution.callback)}
        intervalMs={2000}
      />
      <div className="grid gap-1.5">
        <Link
          href={`${base}/executions`}
          className="flex w-fit items-center gap-1 text-muted-foreground text-sm transition-colors hover:text-foreground"
        >
          <ChevronLeft className="size-4" />
          Executions
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="font-semibold text-lg tracking-tight">
            {name ?? 'Deleted executable'}
            <span className="font-normal text-muted-foreground"> · execution</span>
          </h2>
          <ExecutionStatusBadge status={execution.status} dryRun={execution.dryRun} />
          {execution.dryRun && <Badge variant="outline">dry run</Badge>}
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-xs">
          <ExecutionTrigger trigger={execution.trigger} />
          <RelativeTime value={execution.scheduledAt} />
          <code className="font-mono">{execution.id}</code>
        </div>
      </div>

      {execution.error ? (
        <Alert variant="destructive" title={execution.error.code}>
          <span data-testid="execution-error">{execution.error.message}</span>
        </Alert>
      ) : (
        execution.message && (
          <Alert title="Message">
            <span data-testid="execution-message">{execution.message}</span>
          </Alert>
        )
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="grid grid-cols-1 gap-6 self-start">
          <Card>
            <CardHeader>
              <CardTitle>Calls</CardTitle>
              <CardDescription>
                {execution.dryRun
                  ? 'What the task asked to send; a dry run only simulates them.'
                  : 'What the task asked to send, in one batch from the profile.'}
              </CardDescription>
            </CardHeader>
            <CardContent className="px-0 pb-0">
              {execution.calls && execution.calls.length > 0 ? (
                <div className="border-t">
                  <CallsTable
                    calls={execution.calls}
                    symbol={symbol}
                    signatures={signaturesBySelector([release?.permissions ?? null])}
                  />
                </div>
              ) : (
                <EmptyState
                  icon={Send}
                  title="No calls"
                  description={
                    isUnfinished(execution.status)
                      ? 'The task has not answered yet.'
                      : 'The task asked for none (canExec was false, or it failed first).'
                  }
                  className="py-8"
                />
              )}
            </CardContent>
          </Card>
          {execution.callback && <ExecutionCallback callback={execution.callback} />}
          {execution.broadcasts && execution.broadcasts.length > 0 && (
            <BroadcastsCard broadcasts={execution.broadcasts} />
          )}

          <Card>
            <CardHeader>
              <CardTitle>Logs</CardTitle>
              <CardDescription>What the task wrote with ctx.log, in order; times in UTC.</CardDescription>
            </CardHeader>
            <CardContent className="px-0 pb-0">
              {logs.length > 0 ? (
                <div className="border-t bg-muted/20">
                  <ExecutionLogs logs={logs} />
                </div>
              ) : (
                <EmptyState
                  icon={ScrollText}
                  title="No logs"
                  description={
                    isUnfinished(execution.status)
                      ? 'Lines appear here as the task writes them.'
                      : 'The task wrote no log lines.'
                  }
                  className="py-8"
                />
              )}
            </CardContent>
          </Card>
        </div>

        <DetailsCard className="self-start">
          <CopyableDetail label="Execution ID" value={execution.id} copyLabel="Copy execution ID" />
          <Detail label="Executable">
            {name ? (
              <Link href={`${base}/executables/${execution.executableId}`} className="hover:underline">
                {name}
              </Link>
            ) : (
              <code className="font-mono text-xs">{execution.executableId}</code>
            )}
          </Detail>
          <Detail label="Function">
            <code className="font-mono text-xs">{release?.label ?? execution.functionId}</code>
          </Detail>
          <Detail label="Chain">
            {chain?.name ?? 'Chain'} <span className="text-muted-foreground">· {execution.chainId}</span>
          </Detail>
          <Detail label="Scheduled">{formatUtc(execution.scheduledAt)}</Detail>
          <Detail label="Started">{execution.startedAt ? formatUtc(execution.startedAt) : none}</Detail>
          <Detail label="Finished">{execution.finishedAt ? formatUtc(execution.finishedAt) : none}</Detail>
          <Detail label="Duration">
            {execution.durationMs === null ? none : formatDuration(execution.durationMs)}
          </Detail>
          <Detail label="Transaction">
            {execution.txHash ? (
              <span className="grid gap-1">
                <TxHash hash={execution.txHash} full />
                {explorerTx && (
                  <a
                    href={explorerTx}
                    target="_blank"
                    rel="noreferrer"
                    className="flex w-fit items-center gap-1 text-primary text-xs hover:underline"
                  >
                    View on explorer <ExternalLink className="size-3" />
                  </a>
                )}
              </span>
            ) : (
              none
            )}
          </Detail>
          {execution.userOpHash && (
            <Detail label="User operation">
              <code className="break-all font-mono text-xs">{execution.userOpHash}</code>
            </Detail>
          )}
          <Detail label="Block">
            {execution.blockNumber === null ? none : formatNumber(execution.blockNumber)}
          </Detail>
          <Detail label="Gas used">
            <span className="font-mono text-xs" data-testid="execution-gas-used">
              {execution.gasUsed ? formatNumber(Number(execution.gasUsed)) : none}
            </span>
          </Detail>
          <Detail label="Gas price">
            <span className="font-mono text-xs">
              {execution.effectiveGasPrice ? `${formatGwei(BigInt(execution.effectiveGasPrice))} gwei` : none}
            </span>
          </Detail>
          <Detail label="Fee">
            <span className="font-mono text-xs">
              {fee === null ? none : <Amount value={formatEther(fee)} symbol={symbol} />}
            </span>
          </Detail>
          <Detail label="Compute units">{formatNumber(execution.computeUnits)}</Detail>
          <Detail label="RPC requests">{formatNumber(execution.rpcRequests)}</Detail>
          <Detail label="Runner">
            <span data-testid="execution-runner">
              {execution.runner ? runnerLabel(execution.runner) : none}
            </span>
            {execution.runnerVersion && (
              <span
                className="block font-mono text-xs text-muted-foreground"
                data-testid="execution-runner-version"
              >
                {execution.runnerVersion}
              </span>
            )}
          </Detail>
        </DetailsCard>
      </div>
    </div>
  );
}
