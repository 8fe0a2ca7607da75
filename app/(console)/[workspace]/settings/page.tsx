// /{workspace}/settings — the workspace's name, URL and deletion.
import type { Metadata } from 'next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { DeleteWorkspaceDialog } from './_components/delete-workspace-dialog';
import { SettingForm } from './_components/setting-form';

export const metadata: Metadata = { title: 'Settings' };

export default async function GeneralSettingsPage({ params }: { params: Promise<{ workspace: string }> }) {
  const { workspace: slug } = await params;
  const { workspace, role, canMutate } = await requireWorkspaceAccess(slug);
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>General</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <SettingForm workspaceSlug={slug} setting="name" value={workspace.name} disabled={!canMutate} />
          <SettingForm
            workspaceSlug={slug}
            setting="slug"
            value={workspace.slug}
            disabled={!canMutate}
            prefix="/"
          />
          <p className="text-muted-foreground text-xs">
            Workspace id <code className="font-mono">{workspace.id}</code> (the API's{' '}
            <code className="font-mono">X-Workspace-Id</code>)
          </p>
        </CardContent>
      </Card>
      {role === 'owner' && (
        <Card className="border-destructive/40">
          <CardContent className="flex flex-wrap items-center justify-between gap-4">
            <div className="grid gap-1.5">
              <CardTitle>Delete this workspace</CardTitle>
              <CardDescription>Owners only. Refused while any executable is active.</CardDescription>
            </div>
            <DeleteWorkspaceDialog workspaceSlug={slug} name={workspace.name} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
