'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import type { ActionResult } from '@/lib/console/action';

/**
 * Runs a console action that prepares a Safe transaction for the owners and opens its signing page; a refusal
 * stays on screen as `error`.
 */
export function useSigningPage() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const open = (prepare: () => Promise<ActionResult<{ id: string }>>) =>
    startTransition(async () => {
      setError(null);
      const result = await prepare();
      if (!result.ok) return setError(result.error);
      router.push(`/safe/tx/${result.data.id}`);
    });
  return { open, pending, error };
}
