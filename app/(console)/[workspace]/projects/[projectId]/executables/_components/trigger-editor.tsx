'use client';

import { useEffect, useMemo, useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { formatUtc } from '@/lib/console/format';
import type { ChainOption } from './chain-draft';
import { ChainTriggerFields, type FieldError } from './chain-trigger-fields';
import { nextRuns, type TriggerDraft, triggerOf } from './schedule';
import { TriggerPreviewPanel } from './trigger-preview';

/** What the chain triggers need: the enabled chains, the profile's chain (the default) and the preview's scope. */
export type ChainContext = { workspaceSlug: string; chains: ChainOption[]; profileChainId: number | null };

/**
 * A trigger's type and value. A schedule shows its next five runs (`scheduledAt` anchors them on the
 * executable's stored next run; `caption` says when they apply); an event trigger offers a preview of its last
 * matching logs. `error` is a refusal of the server's to show at its field.
 */
export function TriggerEditor({
  id,
  draft,
  onChange,
  chain,
  error = null,
  onError = () => {},
  scheduledAt = null,
  caption = 'Next runs (UTC)',
}: {
  id: string;
  draft: TriggerDraft;
  onChange: (draft: TriggerDraft) => void;
  chain: ChainContext;
  error?: FieldError;
  onError?: (error: FieldError) => void;
  scheduledAt?: string | null;
  caption?: string;
}) {
  const { runs, error: runsError } = useMemo(() => nextRuns(draft, scheduledAt), [draft, scheduledAt]);
  // The runs depend on the clock: listed once in the browser, so the server's render hydrates as it is.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const fieldError = (name: string) => (error?.field === `trigger.${name}` ? error.message : undefined);
  const onChain = draft.type === 'event' || draft.type === 'block';
  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-[140px_minmax(0,1fr)] gap-3">
        <Field label="Trigger" htmlFor={`${id}-type`}>
          <Select
            id={`${id}-type`}
            value={draft.type}
            onChange={(e) => onChange({ ...draft, type: e.target.value as TriggerDraft['type'] })}
          >
            <option value="cron">Cron</option>
            <option value="interval">Interval</option>
            <option value="event">Chain event</option>
            <option value="block">Every N blocks</option>
          </Select>
        </Field>
        {draft.type === 'cron' ? (
          <Field label="Cron expression" htmlFor={`${id}-cron`} error={fieldError('cronspec')}>
            <Input
              id={`${id}-cron`}
              className="font-mono"
              value={draft.cronspec}
              placeholder="*/5 * * * *"
              onChange={(e) => onChange({ ...draft, cronspec: e.target.value })}
            />
          </Field>
        ) : draft.type === 'interval' ? (
          <Field label="Every (seconds)" htmlFor={`${id}-seconds`} error={fieldError('intervalMs')}>
            <Input
              id={`${id}-seconds`}
              type="number"
              min={30}
              max={86400}
              value={draft.seconds}
              onChange={(e) => onChange({ ...draft, seconds: e.target.value })}
            />
          </Field>
        ) : (
          <p className="self-end pb-2 text-muted-foreground text-xs">
            {draft.type === 'event'
              ? 'Runs once per matching log, after its confirmations.'
              : 'Runs once per N-th block, after its confirmations.'}
          </p>
        )}
      </div>
      {onChain ? (
        <>
          <ChainTriggerFields
            id={id}
            type={draft.type as 'event' | 'block'}
            draft={draft}
            onChange={(next) => onChange({ ...draft, ...next })}
            chains={chain.chains}
            profileChainId={chain.profileChainId}
            error={error}
          />
          {draft.type === 'event' && (
            <TriggerPreviewPanel
              workspaceSlug={chain.workspaceSlug}
              trigger={() => triggerOf(draft)}
              profileChainId={chain.profileChainId}
              disabled={!draft.addresses.trim() || (!draft.event.trim() && !draft.topics.trim())}
              onError={onError}
            />
          )}
        </>
      ) : (
        <div className="rounded-md border bg-muted/40 px-3 py-2.5" data-testid="next-runs">
          <p className="mb-1.5 font-medium text-muted-foreground text-xs">{caption}</p>
          {runsError ? (
            <p className="text-destructive text-xs" role="alert">
              {runsError}
            </p>
          ) : (
            <ol className="grid min-h-22 gap-0.5 font-mono text-xs">
              {(mounted ? runs : []).map((r) => (
                <li key={r.getTime()} data-testid="next-run">
                  {formatUtc(r)}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
