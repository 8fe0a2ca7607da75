'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/lib/cn';

const TABS = [
  { href: '', label: 'General' },
  { href: '/members', label: 'Members' },
  { href: '/plan', label: 'Plan' },
  { href: '/audit-log', label: 'Audit log' },
];

/** The settings area's tabs: one page each for the workspace, its people, its plan and its history. */
export function SettingsTabs({ slug }: { slug: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Settings" className="mb-6 flex gap-1 overflow-x-auto border-b">
      {TABS.map(({ href, label }) => {
        const target = `/${slug}/settings${href}`;
        const active = pathname === target;
        return (
          <Link
            key={label}
            href={target}
            aria-current={active ? 'page' : undefined}
            className={cn(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 font-medium text-sm transition-colors',
              active
                ? 'border-indigo-600 text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
