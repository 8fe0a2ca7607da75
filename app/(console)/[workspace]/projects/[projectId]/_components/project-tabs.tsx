'use client';

import { Bell, Boxes, History, LayoutGrid, Send, Timer, Wallet } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/lib/cn';

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
 * The tabs under a project's header; a tab stays active on its sub-pages (a release's source). Where they do not
 * fit (a phone), the row scrolls sideways by itself and brings the active tab into view.
 */
export function ProjectTabs({ base }: { base: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Project" className="-mt-3 mb-7 overflow-x-auto border-b">
      <ul className="flex w-max gap-1">
        {TABS.map(({ path, label, icon: Icon }) => {
          const href = `${base}${path}`;
          const active =
            path === '' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
          return (
            <li key={label}>
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                ref={
                  active ? (link) => link?.scrollIntoView({ block: 'nearest', inline: 'nearest' }) : undefined
                }
                className={cn(
                  '-mb-px flex items-center gap-2 whitespace-nowrap border-b-2 px-3 pt-1 pb-2.5 font-medium text-sm transition-colors',
                  active
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                )}
              >
                <Icon className={cn('size-4', active ? 'text-primary' : 'text-muted-foreground')} />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
