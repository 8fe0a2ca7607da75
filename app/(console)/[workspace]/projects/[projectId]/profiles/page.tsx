// /{workspace}/projects/{projectId}/profiles — the accounts that send the project's calls, one chain each.
import { Wallet } from 'lucide-react';
import type { Metadata } from 'next';
import { formatUnits } from 'viem';
import type { AmountValue } from '@/components/ui/amount';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { getDb } from '@/db/client';
import { ApiError } from '@/lib/api/errors';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { enabledChains, findChain, LOCAL_CHAIN_ID } from '@/lib/chains/config';
import { requireExecution } from '@/lib/executions/queries';
import type { Balance } from '@/lib/profiles/balances';
import { readRoleAllowancesOf } from '@/lib/profiles/role-allowances';
import { openSafeTransactionOf } from '@/lib/profiles/safe-transactions';
import type { ProfileRecord } from '@/lib/profiles/schemas';
import { listProfiles } from '@/lib/profiles/service';
import { listProjects } from '@/lib/projects/service';
import { periodWords } from '@/lib/zodiac/allowance-spec';
import { lastRoleTransactionOf } from '@/lib/zodiac/last-transaction';
import { loadProject } from '../_lib/project';
import { executionHref } from '../executions/_components/model';
import { NewProfileMenu } from './_components/new-profile-menu';
import { PendingRefresh } from './_components/pending-refresh';
import type { ProfileView } from './_components/profile-view';
import { ProfilesTable } from './_components/profiles-table';

export const metadata: Metadata = { title: 'Profiles' };

async function allProfiles(workspaceId: string, projectId: string) {
  const profiles = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const result = await listProfiles(getDb(), workspaceId, { projectId, limit: 100, cursor });
    profiles.push(...result.data);
    if (result.pagination.isDone) break;
    cursor = result.pagination.cursor;
  }
  return profiles;
}

/**
 * The pages of the executions holding blocked profiles' nonces, by execution id (a shared account's may be in
 * another project; one gone with its project has none).
 */
async function blockingExecutionHrefs(workspaceId: string, slug: string, profiles: ProfileRecord[]) {
  const ids = [...new Set(profiles.flatMap((p) => (p.nonceBlocked ? [p.nonceBlocked.executionId] : [])))];
  const entries = await Promise.all(
    ids.map(async (id) => {
      try {
        const { projectId } = await requireExecution(getDb(), workspaceId, id);
        return [id, executionHref(slug, projectId, id)] as const;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [id, null] as const;
        throw error;
      }
    }),
  );
  return new Map(entries);
}

/** A balance read on `chainId` in its native currency (null when the chain did not answer). */
function nativeAmount(balance: Balance | null, chainId: number): AmountValue | null {
  const currency = findChain(chainId)?.nativeCurrency;
  if (!balance || !currency) return null;
  return { value: formatUnits(BigInt(balance.wei), currency.decimals), symbol: currency.symbol };
}

export default async function ProfilesPage({
  params,
}: {
  params: Promise<{ workspace: string; projectId: string }>;
}) {
  const { workspace: slug, projectId } = await params;
  const { workspace, canMutate } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);
  const [profiles, projects] = await Promise.all([
    allProfiles(workspace.id, project.id),
    listProjects(getDb(), workspace.id),
  ]);
  const [openTransactions, roleTransactions, blockingHrefs, allowances] = await Promise.all([
    Promise.all(
      profiles
        .filter((p) => p.kind !== 'legacy' && p.state !== 'archived')
        .map(async (p) => [p.id, await openSafeTransactionOf(getDb(), p.id)] as const),
    ).then((entries) => new Map(entries)),
    Promise.all(
      profiles
        .filter((p) => p.kind === 'roles')
        .map(async (p) => {
          const ids = p.sharedFromId ? [p.id, p.sharedFromId] : [p.id];
          return [p.id, await lastRoleTransactionOf(getDb(), ids)] as const;
        }),
    ).then((entries) => new Map(entries)),
    blockingExecutionHrefs(workspace.id, slug, profiles),
    readRoleAllowancesOf(
      getDb(),
      profiles.filter((p) => p.kind === 'roles' && p.state === 'active').map((p) => p.id),
    ),
  ]);
  const now = Date.now();
  const chains = enabledChains().map((c) => ({
    chainId: c.chainId,
    name: c.name,
    testnet: c.testnet,
    faucet: c.chainId === LOCAL_CHAIN_ID && c.testnet,
  }));
  const chainNames = Object.fromEntries(chains.map((c) => [c.chainId, c.name]));
  const faucetChains = chains.filter((c) => c.faucet).map((c) => c.chainId);
  const views: ProfileView[] = profiles.map((p) => ({
    id: p.id,
    name: p.name,
    kind: p.kind,
    state: p.state,
    chainId: p.chainId,
    chainName: chainNames[p.chainId] ?? `Chain ${p.chainId}`,
    address: p.address,
    stateReason: p.stateReason,
    balance: nativeAmount(p.balance, p.chainId),
    shared: p.sharedFromId !== null,
    keySource: p.keySource,
    faucet: faucetChains.includes(p.chainId),
    executor: p.executor && {
      address: p.executor.address,
      balance: nativeAmount(p.executor.balance, p.chainId),
    },
    safe: p.safe && {
      owners: p.safe.owners,
      threshold: p.safe.threshold,
      moduleEnabled: p.safe.moduleEnabled,
      openTransaction: openTransactions.get(p.id) ?? null,
    },
    roles: p.roles && {
      modifier: p.roles.modifier,
      lastChange: roleTransactions.get(p.id) ?? null,
      allowances:
        allowances.get(p.id)?.map((a) => ({
          name: a.name,
          balance: a.balance.toString(),
          amount: a.maxRefill.toString(),
          period: periodWords(a.periodSeconds),
          nextRefillAt: a.nextRefillAt === null ? null : a.nextRefillAt * 1000,
        })) ?? (allowances.has(p.id) ? null : []),
    },
    nonceBlocked: p.nonceBlocked && {
      nonce: p.nonceBlocked.nonce,
      reason: p.nonceBlocked.reason,
      heldForMs: now - Date.parse(p.nonceBlocked.since),
      executionHref: blockingHrefs.get(p.nonceBlocked.executionId) ?? null,
    },
  }));
  const otherProjects = projects.filter((p) => p.id !== project.id).map((p) => ({ id: p.id, name: p.name }));
  const create = <NewProfileMenu workspaceSlug={slug} projectId={project.id} chains={chains} />;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PendingRefresh active={views.some((p) => p.state === 'pending')} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="font-semibold text-lg tracking-tight">Profiles</h2>
          <p className="max-w-2xl text-muted-foreground text-sm">
            The accounts that send your executables&apos; transactions, one chain each. Fund a profile before
            its executables run; archiving keeps the wallet and its funds.
          </p>
        </div>
        {canMutate && views.length > 0 && create}
      </div>
      <Card>
        {views.length === 0 ? (
          <EmptyState
            icon={Wallet}
            title="No profiles yet"
            description="Create an account profile (Tickwork generates an EIP-7702 account on the chain you choose, or you import the key of one you hold), a Safe profile (your own Safe sends, once its owners enable Tickwork) or a Zodiac Roles profile (your Safe sends only the calls its owners allow)."
            action={canMutate ? create : undefined}
          />
        ) : (
          <ProfilesTable
            workspaceSlug={slug}
            projectId={project.id}
            profiles={views}
            otherProjects={otherProjects}
            canMutate={canMutate}
          />
        )}
      </Card>
    </div>
  );
}
