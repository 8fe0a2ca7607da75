import { Logo } from '@/components/brand/logo';
import { NavLinks } from './nav-links';
import { UserMenu } from './user-menu';
import { type WorkspaceItem, WorkspaceSwitcher } from './workspace-switcher';

/** The console's sidebar, top to bottom: brand, workspace switcher, navigation, account menu. */
export function SidebarContent({
  current,
  workspaces,
  userLabel,
  isAddress,
}: {
  current: WorkspaceItem;
  workspaces: WorkspaceItem[];
  userLabel: string;
  isAddress: boolean;
}) {
  return (
    <>
      <div className="flex h-16 items-center px-5">
        <Logo tone="light" />
      </div>
      <div className="px-3">
        <WorkspaceSwitcher current={current} workspaces={workspaces} />
      </div>
      <nav className="mt-6 flex-1 px-3" aria-label="Workspace">
        <NavLinks slug={current.slug} />
      </nav>
      <div className="border-sidebar-border border-t p-3">
        <UserMenu label={userLabel} isAddress={isAddress} />
      </div>
    </>
  );
}
