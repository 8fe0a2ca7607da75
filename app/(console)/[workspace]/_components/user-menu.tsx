'use client';

import { ChevronsUpDown, Copy, LogOut } from 'lucide-react';
import { toast } from 'sonner';
import {
  DropdownMenu,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  menuItemClasses,
} from '@/components/ui/dropdown-menu';
import { shortAddress } from '@/lib/console/format';
import { signOutAction } from '../actions';
import { Avatar } from './avatar';

export function UserMenu({ label, isAddress }: { label: string; isAddress: boolean }) {
  const display = isAddress ? shortAddress(label) : label;
  return (
    <DropdownMenu
      side="top"
      align="start"
      className="w-60"
      trigger={({ toggle, open }) => (
        <button
          type="button"
          onClick={toggle}
          aria-expanded={open}
          aria-label="Account menu"
          className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-left transition-colors hover:bg-sidebar-accent"
        >
          <Avatar seed={label} />
          <span className="min-w-0 flex-1">
            <span
              className="block truncate font-medium font-mono text-[13px] text-white"
              data-testid="user-address"
            >
              {display}
            </span>
            <span className="block text-sidebar-muted text-xs">
              {isAddress ? 'Ethereum account' : 'GitHub account'}
            </span>
          </span>
          <ChevronsUpDown className="size-4 text-sidebar-muted" />
        </button>
      )}
    >
      <DropdownMenuLabel>Signed in as</DropdownMenuLabel>
      <div className="break-all px-2 pb-2 font-mono text-xs">{label}</div>
      <DropdownMenuSeparator />
      {isAddress && (
        <button
          type="button"
          role="menuitem"
          className={menuItemClasses}
          onClick={() => navigator.clipboard.writeText(label).then(() => toast.success('Address copied'))}
        >
          <Copy />
          Copy address
        </button>
      )}
      <form action={signOutAction}>
        <button type="submit" role="menuitem" className={menuItemClasses}>
          <LogOut />
          Sign out
        </button>
      </form>
    </DropdownMenu>
  );
}
