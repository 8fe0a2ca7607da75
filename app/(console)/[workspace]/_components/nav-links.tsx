'use client';

import { BookOpen, Cable, FolderKanban, Gauge, KeyRound, Network, Settings } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/lib/cn';

const ITEMS = [
  { href: 'projects', label: 'Projects', icon: FolderKanban },
  { href: 'api-keys', label: 'API keys', icon: KeyRound },
  { href: 'usage', label: 'Usage', icon: Gauge },
  { href: 'chains', label: 'Chains', icon: Network },
  { href: 'rpc-keys', label: 'RPC keys', icon: Cable },
  { href: 'api-reference', label: 'API reference', icon: BookOpen },
  { href: 'settings', label: 'Settings', icon: Settings },
];

export function NavLinks({ slug }: { slug: string }) {
  const pathname = usePathname();
  return (
    <ul className="grid gap-0.5">
      {ITEMS.map(({ href, label, icon: Icon }) => {
        const target = `/${slug}/${href}`;
        const active = pathname === target || pathname.startsWith(`${target}/`);
        return (
          <li key={href}>
            <Link
              href={target}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 whitespace-nowrap rounded-md px-3 py-2 font-medium text-sm transition-colors',
                active
                  ? 'bg-sidebar-accent text-white shadow-[inset_0_0_0_1px_var(--sidebar-border)]'
                  : 'text-sidebar-muted hover:bg-sidebar-accent/60 hover:text-white',
              )}
            >
              <Icon className={cn('size-4', active ? 'text-indigo-300' : 'text-sidebar-muted')} />
              {label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
