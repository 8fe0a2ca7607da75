// /{workspace}/projects/{projectId}/profiles/new-safe — the Safe profile wizard: pick or create the Safe (and, for
// a Zodiac Roles profile, the calls its role allows; `?access=roles` preselects it), name the profile, have the
// owners sign the transaction that gives Tickwork access, wait until the profile is active.
import { ChevronLeft } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { enabledChains } from '@/lib/chains/config';
import { getChainContracts } from '@/lib/chains/contracts';
import { walletChain } from '@/lib/console/wallet-chains';
import { loadProject } from '../../_lib/project';
import { releaseOptions } from '../../executables/_components/data';
import { SafeWizard } from './_components/safe-wizard';

export const metadata: Metadata = { title: 'New Safe profile' };

export default async function NewSafeProfilePage({
  params,
  searchParams,
}: {
  params: Promise<{ workspace: string; projectId: string }>;
  searchParams: Promise<{ access?: string | string[] }>;
}) {
  const [{ workspace: slug, projectId }, { access }] = await Promise.all([params, searchParams]);
  const { workspace, canMutate } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);
  const releases = canMutate ? await releaseOptions(workspace.id, project.id) : [];
  const profilesHref = `/${slug}/projects/${project.id}/profiles`;
  const chains = enabledChains()
    .filter((c) => getChainContracts(c.chainId))
    .map((c) => ({ ...walletChain(c), testnet: c.testnet }));

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1.5">
        <Link
          href={profilesHref}
          className="flex items-center gap-1 text-muted-foreground text-sm transition-colors hover:text-foreground"
        >
          <ChevronLeft className="size-4" />
          Profiles
        </Link>
        <h2 className="font-semibold text-lg tracking-tight">New Safe profile</h2>
        <p className="max-w-2xl text-muted-foreground text-sm">
          Runs are sent from your own Safe. Tickwork holds the key of an executor account that the Safe&apos;s
          owners let in with their own signatures: as a module with full access, or through a Zodiac Roles
          modifier that allows only the calls they choose. They can revoke it at any time.
        </p>
      </div>
      {!canMutate ? (
        <Alert variant="warning">Only owners and admins of the workspace can create profiles.</Alert>
      ) : chains.length === 0 ? (
        <Alert variant="warning">No chain of this deployment has the Safe contracts recorded.</Alert>
      ) : (
        <SafeWizard
          workspaceSlug={slug}
          projectId={project.id}
          chains={chains}
          releases={releases.map(({ id, label, permissions }) => ({ id, label, permissions }))}
          initialAccess={access === 'roles' ? 'roles' : 'module'}
          profilesHref={profilesHref}
        />
      )}
    </div>
  );
}
