// /{workspace}/* — the console shell: the sidebar (workspace switcher, navigation, user menu); below `lg`, a top
// bar whose menu button opens it in a sheet.
import type { ReactNode } from 'react';
import { getAddress } from 'viem';
import { Logo } from '@/components/brand/logo';
import { getDb } from '@/db/client';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { listUserWorkspaces } from '@/lib/workspaces/service';
import { MobileNav } from './_components/mobile-nav';
import { SidebarContent } from './_components/sidebar-content';

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

  const sidebar = (
    <SidebarContent
      current={{ slug: workspace.slug, name: workspace.name, plan: workspace.plan, role }}
      workspaces={workspaces}
      userLabel={userLabel}
      isAddress={Boolean(user.address)}
    />
  );

  return (
    <div className="min-h-screen lg:pl-64">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-sidebar-border border-r bg-sidebar text-sidebar-foreground lg:flex">
        {sidebar}
      </aside>
      <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b bg-sidebar px-4 text-sidebar-foreground lg:hidden">
        <MobileNav>{sidebar}</MobileNav>
        <Logo tone="light" />
      </header>
      <main className="mx-auto w-full max-w-6xl px-5 py-8 sm:px-8 lg:px-10 lg:py-10">{children}</main>
    </div>
  );
}
