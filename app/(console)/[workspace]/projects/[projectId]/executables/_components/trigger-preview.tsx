'use client';

import { Eye, Loader2 } from 'lucide-react';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { previewTriggerAction, type TriggerPreview } from '../trigger-actions';
import type { FieldError } from './chain-trigger-fields';
import type { TriggerInput } from './schedule';

const short = (hex: string) => `${hex.slice(0, 10)}…${hex.slice(-6)}`;

const argsText = (args: unknown) =>
  JSON.stringify(args, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));

/**
 * "Preview": the last logs (up to 10, over the last 5,000 blocks) the event trigger being edited matches, read
 * from its chain by a server action; a refusal of the draft goes to `onError` (shown at its field).
 */
export function TriggerPreviewPanel({
  workspaceSlug,
  trigger,
  profileChainId,
  disabled,
  onError,
}: {
  workspaceSlug: string;
  trigger: () => TriggerInput;
  profileChainId: number | null;
  disabled?: boolean;
  onError: (error: FieldError) => void;
}) {
  const [preview, setPreview] = useState<TriggerPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const run = () =>
    startTransition(async () => {
      const result = await previewTriggerAction(workspaceSlug, trigger(), profileChainId ?? 0);
      if (!result.ok) {
        setPreview(null);
        setError(result.field ? null : result.error);
        onError(result.field ? { field: result.field, message: result.error } : null);
        return;
      }
      onError(null);
      setError(null);
      setPreview(result.data);
    });
  return (
    <div className="grid gap-2 rounded-md border bg-muted/40 px-3 py-2.5" data-testid="trigger-preview">
      <div className="flex items-center justify-between gap-3">
        <p className="font-medium text-muted-foreground text-xs">Last matching logs</p>
        <Button type="button" size="sm" variant="outline" onClick={run} disabled={disabled || pending}>
          {pending ? <Loader2 className="animate-spin" /> : <Eye />}
          Preview
        </Button>
      </div>
      {error && (
        <p className="text-destructive text-xs" role="alert">
          {error}
        </p>
      )}
      {preview &&
        (preview.logs.length === 0 ? (
          <p className="text-muted-foreground text-xs" data-testid="trigger-preview-empty">
            No matching logs in the last {preview.blocks.toLocaleString('en-US')} blocks (
            {preview.fromBlock.toLocaleString('en-US')} to {preview.toBlock.toLocaleString('en-US')}).
          </p>
        ) : (
          <ol className="grid gap-1.5 font-mono text-xs">
            {preview.logs.map((l) => (
              <li
                key={`${l.transactionHash}-${l.logIndex}`}
                className="grid gap-0.5"
                data-testid="trigger-preview-log"
              >
                <span>
                  #{l.blockNumber} · <span title={l.transactionHash}>{short(l.transactionHash)}</span> · log{' '}
                  {l.logIndex}
                </span>
                {l.event && (
                  <span className="break-all text-muted-foreground">
                    {l.event.name} {argsText(l.event.args)}
                  </span>
                )}
              </li>
            ))}
          </ol>
        ))}
    </div>
  );
}
