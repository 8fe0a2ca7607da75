'use client';

import { Check, ChevronsUpDown } from 'lucide-react';
import Link from 'next/link';
import { DropdownMenu, DropdownMenuLabel, menuItemClasses } from '@/components/ui/dropdown-menu';
import type { MemberRole, PlanId } from '@/db/enums';
import { cn } from '@/lib/cn';
import { hueOf } from '@/lib/console/format';
import { PLANS } from '@/lib/usage/plans';

export type WorkspaceItem = { slug: string; name: string; plan: PlanId; role: MemberRole };

function WorkspaceBadge({ name }: { name: string }) {
  const hue = hueOf(name);
  return (
    <span
      aria-hidden="true"
      className="flex size-7 shrink-0 items-center justify-center rounded-md font-semibold text-white text-xs"
      style={{ background: `linear-gradient(135deg, hsl(${hue} 70% 52%), hsl(${(hue + 40) % 360} 70% 42%))` }}
    >
      {name.replace(/^0x/i, '').charAt(0).toUpperCase() || 'W'}
    </span>
  );
}

export function WorkspaceSwitcher({
  current,
  workspaces,
}: {
  current: WorkspaceItem;
  workspaces: WorkspaceItem[];
}) {
  return (
    <DropdownMenu
      className="w-full"
      trigger={({ toggle, open }) => (
        <button
          type="button"
          onClick={toggle}
          aria-expanded={open}
          aria-label="Switch workspace"
          className="flex w-full items-center gap-3 rounded-lg border border-sidebar-border bg-sidebar-accent/50 px-2.5 py-2 text-left transition-colors hover:bg-sidebar-accent"
        >
          <WorkspaceBadge name={current.name} />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium text-[13px] text-white">{current.name}</span>
            <span className="block text-sidebar-muted text-xs">
              {PLANS[current.plan].name} plan · {current.role}
            </span>
          </span>
          <ChevronsUpDown className="size-4 text-sidebar-muted" />
        </button>
      )}
    >
      <DropdownMenuLabel>Workspaces</DropdownMenuLabel>
      {workspaces.map((w) => (
        <Link
          key={w.slug}
          href={`/${w.slug}/projects`}
          role="menuitem"
          className={cn(menuItemClasses, 'py-2')}
        >
          <WorkspaceBadge name={w.name} />
          <span className="min-w-0 flex-1">
            <span className="block truncate">{w.name}</span>
            <span className="block text-muted-foreground text-xs">
              {PLANS[w.plan].name} · {w.role}
            </span>
          </span>
          {w.slug === current.slug && <Check className="text-primary!" />}
        </Link>
      ))}
    </DropdownMenu>
  );
}
