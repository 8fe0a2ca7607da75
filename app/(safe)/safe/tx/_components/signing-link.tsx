'use client';

import { useEffect, useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { MiddleTruncate } from '@/components/ui/middle-truncate';

/** The signing page's address to send to the other owners (its origin is the browser's, known after hydration). */
export function SigningLink({ id }: { id: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => setUrl(new URL(`/safe/tx/${id}`, window.location.origin).toString()), [id]);
  if (!url) return null;
  return (
    <div className="flex items-center gap-1">
      <a
        href={url}
        className="min-w-0 flex-1 text-primary underline-offset-4 hover:underline"
        data-testid="safe-signing-link"
      >
        <MiddleTruncate value={url} tail={12} className="text-xs" />
      </a>
      <CopyButton value={url} label="Copy signing link" iconOnly variant="ghost" />
    </div>
  );
}
