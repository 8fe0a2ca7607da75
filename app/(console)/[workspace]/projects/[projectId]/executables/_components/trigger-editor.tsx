'use client';

import { useEffect, useMemo, useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { formatUtc } from '@/lib/console/format';
import { nextRuns, type TriggerDraft } from './schedule';

/**
 * A trigger's type and value, with its next five runs. `scheduledAt` anchors them on the executable's stored
 * next run (its saved trigger, while active); `caption` says when the runs apply.
 */
export function TriggerEditor({
  id,
  draft,
  onChange,
  scheduledAt = null,
  caption = 'Next runs (UTC)',
}: {
  id: string;
  draft: TriggerDraft;
  onChange: (draft: TriggerDraft) => void;
  scheduledAt?: string | null;
  caption?: string;
}) {
  const { runs, error } = useMemo(() => nextRuns(draft, scheduledAt), [draft, scheduledAt]);
  // The runs depend on the clock: listed once in the browser, so the server's render hydrates as it is.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
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
          </Select>
        </Field>
        {draft.type === 'cron' ? (
          <Field label="Cron expression" htmlFor={`${id}-cron`}>
            <Input
              id={`${id}-cron`}
              className="font-mono"
              value={draft.cronspec}
              placeholder="*/5 * * * *"
              onChange={(e) => onChange({ ...draft, cronspec: e.target.value })}
            />
          </Field>
        ) : (
          <Field label="Every (seconds)" htmlFor={`${id}-seconds`}>
            <Input
              id={`${id}-seconds`}
              type="number"
              min={30}
              max={86400}
              value={draft.seconds}
              onChange={(e) => onChange({ ...draft, seconds: e.target.value })}
            />
          </Field>
        )}
      </div>
      <div className="rounded-md border bg-muted/40 px-3 py-2.5" data-testid="next-runs">
        <p className="mb-1.5 font-medium text-muted-foreground text-xs">{caption}</p>
        {error ? (
          <p className="text-destructive text-xs" role="alert">
            {error}
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
    </div>
  );
}
