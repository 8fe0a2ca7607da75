// /{workspace}/* — the console shell: sidebar with workspace switcher, navigation and user menu.
import type { ReactNode } from 'react';
import { getAddress } from 'viem';
import { Logo } from '@/components/brand/logo';
import { getDb } from '@/db/client';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { listUserWorkspaces } from '@/lib/workspaces/service';
import { NavLinks } from './_components/nav-links';
import { UserMenu } from './_components/user-menu';
import { WorkspaceSwitcher } from './_components/workspace-switcher';

export default async function WorkspaceLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ workspace: string }>;
}) {
  const { workspace: slug } = await params;
  const { user, workspace, role } = await requireWorkspaceAccess(slug);
  const workspaces = await listUserWorkspaces(getDb(), user.id);
  // Addresses are stored lower-case; people read them checksummed.
  const userLabel = user.address ? getAddress(user.address) : (user.name ?? user.email ?? user.id);

  return (
    <div className="min-h-screen lg:pl-64">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-sidebar-border border-r bg-sidebar text-sidebar-foreground lg:flex">
        <div className="flex h-16 items-center px-5">
          <Logo tone="light" />
        </div>
        <div className="px-3">
          <WorkspaceSwitcher
            current={{ slug: workspace.slug, name: workspace.name, plan: workspace.plan, role }}
            workspaces={workspaces}
          />
        </div>
        <nav className="mt-6 flex-1 px-3" aria-label="Workspace">
          <NavLinks slug={workspace.slug} />
        </nav>
        <div className="border-sidebar-border border-t p-3">
          <UserMenu label={userLabel} isAddress={Boolean(user.address)} />
        </div>
      </aside>
      <header className="sticky top-0 z-20 flex h-14 items-center gap-4 border-b bg-sidebar px-4 text-sidebar-foreground lg:hidden">
        <Logo tone="light" />
        <nav className="flex-1 overflow-x-auto" aria-label="Workspace (compact)">
          <NavLinks slug={workspace.slug} compact />
        </nav>
        <UserMenu label={userLabel} isAddress={Boolean(user.address)} compact />
      </header>
      <main className="mx-auto w-full max-w-6xl px-5 py-8 sm:px-8 lg:px-10 lg:py-10">{children}</main>
    </div>
  );
}
