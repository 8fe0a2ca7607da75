'use client';

import { Loader2, Save } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import type { ActionResult } from '@/lib/console/action';
import { type PermissionsRefusal, permissionsRefusalOf } from './permissions-refusal';

/** A refusal as a sentence, with the service's details spelled out for the codes a form can act on. */
function refusalMessage(result: Extract<ActionResult<unknown>, { ok: false }>) {
  const details = result.details ?? {};
  if (result.code === 'gas_mode_not_allowed') {
    const allowed = Array.isArray(details.allowedGasModes) ? details.allowedGasModes.map(String) : [];
    return `${result.error}${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}. Change the gas mode first.`;
  }
  return result.error;
}

/**
 * Saves one facet of an executable: `save(e, update, saved)` runs `update`; a refusal becomes `error` (shown by
 * the form) and, when the profile's permissions refused it, `refusal`; a success clears them and toasts `saved`.
 */
export function useFacetSave() {
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<PermissionsRefusal | null>(null);
  const [pending, startTransition] = useTransition();
  const save = (e: FormEvent, update: () => Promise<ActionResult<unknown>>, saved: string) => {
    e.preventDefault();
    startTransition(async () => {
      const result = await update();
      setRefusal(permissionsRefusalOf(result));
      if (!result.ok) return setError(refusalMessage(result));
      setError(null);
      toast.success(saved);
    });
  };
  return { error, refusal, pending, save };
}

export function SaveButton({
  pending,
  disabled,
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  children: string;
}) {
  return (
    <div>
      <Button type="submit" size="sm" disabled={pending || disabled}>
        {pending ? <Loader2 className="animate-spin" /> : <Save />}
        {children}
      </Button>
    </div>
  );
}
