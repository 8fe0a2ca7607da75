'use client';

import { useState, useTransition } from 'react';
import type { ActionResult } from '@/lib/console/action';

/**
 * Runs a console action that prepares a Safe transaction for the owners and opens its signing page in a new
 * tab, so the form the refusal appeared in keeps everything typed: once the owners have executed it, the same
 * submit goes through. The tab is opened on the click itself (a tab opened after the action's round trip is a
 * popup browsers block) and sent to the page once it exists; it closes again when the action is refused. When
 * the browser blocks it anyway, `opened` still gives the link. A refusal stays on screen as `error`.
 */
export function useSigningPage() {
  const [error, setError] = useState<string | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const open = (prepare: () => Promise<ActionResult<{ id: string }>>) => {
    setError(null);
    const tab = window.open('about:blank', '_blank');
    startTransition(async () => {
      const result = await prepare();
      if (!result.ok) {
        tab?.close();
        return setError(result.error);
      }
      const url = `/safe/tx/${result.data.id}`;
      if (tab) tab.location.href = url;
      setOpened(url);
    });
  };
  return { open, pending, error, opened };
}
