'use client';

import { Bell, Boxes, History, LayoutGrid, Send, Timer, Wallet } from 'lucide-react';
import { usePathname } from 'next/navigation';
import { TabNav, TabNavLink } from '@/components/ui/tab-nav';

const TABS = [
  { path: '', label: 'Overview', icon: LayoutGrid },
  { path: '/functions', label: 'Functions', icon: Boxes },
  { path: '/profiles', label: 'Profiles', icon: Wallet },
  { path: '/executables', label: 'Executables', icon: Timer },
  { path: '/executions', label: 'Executions', icon: History },
  { path: '/alerts', label: 'Alerts', icon: Bell },
  { path: '/notifications', label: 'Notifications', icon: Send },
];

/**
 * The tabs under a project's header; a tab stays active on its sub-pages (a release's source). On a phone the
 * row brings the active tab into view.
 */
export function ProjectTabs({ base }: { base: string }) {
  const pathname = usePathname();
  return (
    <TabNav label="Project" className="-mt-3 mb-7">
      {TABS.map(({ path, label, icon }) => {
        const href = `${base}${path}`;
        const active = path === '' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
        return (
          <TabNavLink
            key={label}
            href={href}
            label={label}
            icon={icon}
            active={active}
            ref={active ? (link) => link?.scrollIntoView({ block: 'nearest', inline: 'nearest' }) : undefined}
          />
        );
      })}
    </TabNav>
  );
}
