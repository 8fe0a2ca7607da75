'use client';

import { Loader2, Search } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { readSafeAction } from '../actions';
import type { SafeReading } from './safe-summary';

/** An existing Safe's address, read from the chain; a contract that is not a usable Safe is refused in words. */
export function ExistingSafeForm({
  workspaceSlug,
  chainId,
  onRead,
}: {
  workspaceSlug: string;
  chainId: number;
  onRead: (safe: SafeReading | null) => void;
}) {
  const [address, setAddress] = useState('');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    onRead(null);
    startTransition(async () => {
      const result = await readSafeAction(workspaceSlug, { chainId, address: address.trim() });
      if (!result.ok) return setError({ message: result.error, field: result.field });
      onRead(result.data);
    });
  };

  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-3">
      <Field
        label="Safe address"
        htmlFor="safe-address"
        error={error?.field === 'address' ? error.message : undefined}
        hint="A Safe 1.3.0 or 1.4.1 on the chain above."
      >
        <div className="flex gap-2">
          <Input
            id="safe-address"
            required
            spellCheck={false}
            className="font-mono"
            placeholder="0x…"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
          />
          <Button type="submit" variant="outline" disabled={pending || !address.trim()}>
            {pending ? <Loader2 className="animate-spin" /> : <Search />}
            Read Safe
          </Button>
        </div>
      </Field>
      {error && error.field !== 'address' && <Alert variant="destructive">{error.message}</Alert>}
    </form>
  );
}
