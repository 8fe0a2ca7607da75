'use client';

import { Loader2, Send, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { deleteChannelAction, testChannelAction } from '../actions';

export function ChannelActions({
  workspaceSlug,
  projectId,
  channel,
  canMutate,
}: {
  workspaceSlug: string;
  projectId: string;
  channel: { id: string; name: string };
  canMutate: boolean;
}) {
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const test = () =>
    startTransition(async () => {
      const result = await testChannelAction(workspaceSlug, projectId, channel.id);
      if (!result.ok) {
        toast.error(result.error);
        return;
      }
      toast.success(`Test queued for ${channel.name}`, {
        description: 'Its attempts show under Deliveries.',
      });
    });

  const remove = () =>
    startTransition(async () => {
      const result = await deleteChannelAction(workspaceSlug, projectId, channel.id);
      if (!result.ok) return setError(result.error);
      toast.success(`${channel.name} deleted`);
      setConfirm(false);
    });

  return (
    <div className="flex justify-end gap-1">
      {canMutate && (
        <Button
          variant="ghost"
          size="sm"
          onClick={test}
          disabled={pending}
          aria-label={`Send a test to ${channel.name}`}
        >
          {pending ? <Loader2 className="animate-spin" /> : <Send />}
          Test
        </Button>
      )}
      <Link
        href={`/${workspaceSlug}/projects/${projectId}/notifications/${channel.id}`}
        className={buttonVariants({ variant: 'ghost', size: 'sm' })}
      >
        Deliveries
      </Link>
      {canMutate && (
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-muted-foreground hover:text-destructive"
          onClick={() => setConfirm(true)}
          aria-label={`Delete ${channel.name}`}
        >
          <Trash2 />
        </Button>
      )}
      <ConfirmDialog
        open={confirm}
        onOpenChange={(o) => {
          setConfirm(o);
          if (!o) setError(null);
        }}
        title={`Delete ${channel.name}?`}
        description="Its credentials are destroyed and messages still waiting for it are dropped. Alert rules stop notifying it."
        error={error}
        confirmLabel="Delete channel"
        onConfirm={remove}
        pending={pending}
      />
    </div>
  );
}
