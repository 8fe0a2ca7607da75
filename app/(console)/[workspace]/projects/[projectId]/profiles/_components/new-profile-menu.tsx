'use client';

import { ChevronDown, FileKey, KeyRound, ListChecks, Plus, ShieldCheck } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, menuItemClasses } from '@/components/ui/dropdown-menu';
import type { KeySource } from '@/db/enums';
import { type ChainOption, CreateProfileDialog } from './create-profile-dialog';

/** New profile: an account (API kind `legacy`), generated or from an imported key (the dialog), or a Safe with full or least-privilege access (the wizard's page). */
export function NewProfileMenu({
  workspaceSlug,
  projectId,
  chains,
}: {
  workspaceSlug: string;
  projectId: string;
  chains: ChainOption[];
}) {
  const [legacyOpen, setLegacyOpen] = useState(false);
  const [keySource, setKeySource] = useState<KeySource>('generated');
  const openLegacy = (source: KeySource) => {
    setKeySource(source);
    setLegacyOpen(true);
  };
  return (
    <>
      <DropdownMenu
        align="end"
        trigger={({ open, toggle }) => (
          <Button size="sm" aria-expanded={open} onClick={toggle}>
            <Plus />
            New profile
            <ChevronDown />
          </Button>
        )}
      >
        <button
          type="button"
          role="menuitem"
          className={menuItemClasses}
          onClick={() => openLegacy('generated')}
        >
          <KeyRound />
          <span className="grid">
            New account
            <span className="text-muted-foreground text-xs">
              An EIP-7702 account whose key Tickwork generates and keeps
            </span>
          </span>
        </button>
        <button
          type="button"
          role="menuitem"
          className={menuItemClasses}
          onClick={() => openLegacy('imported')}
        >
          <FileKey />
          <span className="grid">
            Import an existing key
            <span className="text-muted-foreground text-xs">
              Your own account's private key, as an account profile
            </span>
          </span>
        </button>
        <Link
          href={`/${workspaceSlug}/projects/${projectId}/profiles/new-safe`}
          role="menuitem"
          className={menuItemClasses}
        >
          <ShieldCheck />
          <span className="grid">
            Safe
            <span className="text-muted-foreground text-xs">Your Safe sends; its owners enable Tickwork</span>
          </span>
        </Link>
        <Link
          href={`/${workspaceSlug}/projects/${projectId}/profiles/new-safe?access=roles`}
          role="menuitem"
          className={menuItemClasses}
        >
          <ListChecks />
          <span className="grid">
            Zodiac Roles
            <span className="text-muted-foreground text-xs">
              Your Safe sends only the calls its owners allow
            </span>
          </span>
        </Link>
      </DropdownMenu>
      <CreateProfileDialog
        workspaceSlug={workspaceSlug}
        projectId={projectId}
        chains={chains}
        keySource={keySource}
        open={legacyOpen}
        onOpenChange={setLegacyOpen}
      />
    </>
  );
}
