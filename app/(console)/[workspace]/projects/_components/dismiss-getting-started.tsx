'use client';

import { X } from 'lucide-react';
import { useTransition } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { dismissGettingStartedAction } from '../actions';

export function DismissGettingStarted({ workspaceSlug }: { workspaceSlug: string }) {
  const [pending, start] = useTransition();
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={pending}
      aria-label="Dismiss getting started"
      onClick={() =>
        start(async () => {
          const result = await dismissGettingStartedAction(workspaceSlug);
          if (!result.ok) toast.error(result.error);
        })
      }
    >
      <X />
      Dismiss
    </Button>
  );
}
