'use client';

import { CircleCheck, Loader2 } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { usePolling } from '@/components/hooks/use-polling';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { safeProfileStateAction } from '../actions';
import type { CreatedProfile } from './profile-step';
import type { Access } from './wizard-steps';

const POLL_MS = 1_500;

/** The last step: the owners' transaction is executed; waits until Tickwork has seen it and the profile is active. */
export function DoneStep({
  workspaceSlug,
  profile,
  access,
  profilesHref,
}: {
  workspaceSlug: string;
  profile: CreatedProfile;
  access: Access;
  profilesHref: string;
}) {
  const [status, setStatus] = useState<{ state: string; stateReason: string | null }>({
    state: 'pending',
    stateReason: null,
  });
  const active = status.state === 'active';
  usePolling(
    async () => {
      const result = await safeProfileStateAction(workspaceSlug, profile.id);
      if (result.ok) setStatus(result.data);
    },
    { active: !active, intervalMs: POLL_MS },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{active ? `${profile.name} is active` : 'Almost there'}</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        {active ? (
          <p className="flex items-start gap-2 text-sm" data-testid="safe-profile-active">
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" />
            {access === 'roles'
              ? 'The Safe enabled the Roles modifier and gave the executor its role: executables on this profile send the calls the role allows from the Safe, with sponsored gas. A release that needs another call is refused until the owners allow it.'
              : "The Safe enabled Tickwork's module: executables on this profile send their calls from the Safe. The executor pays the gas, so keep it funded."}
          </p>
        ) : (
          <div className="grid grid-cols-1 gap-1 text-sm" role="status">
            <p className="flex items-center gap-2">
              <Loader2 className="size-4 animate-spin" />
              {access === 'roles'
                ? 'Waiting for Tickwork to see the modifier and the role on chain…'
                : 'Waiting for Tickwork to see the module enabled on chain…'}
            </p>
            {status.stateReason && <p className="text-muted-foreground text-xs">{status.stateReason}</p>}
          </div>
        )}
        <Link href={profilesHref} className={buttonVariants({ className: 'justify-self-start' })}>
          Back to profiles
        </Link>
      </CardContent>
    </Card>
  );
}
