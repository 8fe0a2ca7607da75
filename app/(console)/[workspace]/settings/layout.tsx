// /{workspace}/settings/* — the workspace's administration: owners and admins act, members read.
import { PageHeader } from '@/components/ui/page-header';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { SettingsTabs } from './_components/settings-tabs';

export default async function SettingsLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ workspace: string }>;
}) {
  const { workspace: slug } = await params;
  const { workspace, canMutate } = await requireWorkspaceAccess(slug);
  return (
    <>
      <PageHeader
        title="Settings"
        description={
          canMutate
            ? `Administration of ${workspace.name}.`
            : `Administration of ${workspace.name}. Only owners and admins can change these settings.`
        }
      />
      <SettingsTabs slug={workspace.slug} />
      {children}
    </>
  );
}
