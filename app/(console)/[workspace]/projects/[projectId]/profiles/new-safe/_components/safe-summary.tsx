import { CopyableDetail, Detail } from '@/components/ui/detail';
import { MiddleTruncate } from '@/components/ui/middle-truncate';
import type { readSafeAction } from '../actions';

export type SafeReading = Extract<Awaited<ReturnType<typeof readSafeAction>>, { ok: true }>['data'];

/** A Safe as the chain showed it: what the owners and Tickwork will work with. */
export function SafeSummary({ safe }: { safe: SafeReading }) {
  return (
    <dl
      className="grid grid-cols-1 gap-4 rounded-lg border bg-muted/30 p-4 sm:grid-cols-2"
      data-testid="safe-summary"
    >
      <CopyableDetail label="Safe" value={safe.address} copyLabel="Copy Safe address" />
      <Detail label="Version">
        <span data-testid="safe-version">Safe {safe.version}</span>
      </Detail>
      <Detail label="Threshold">
        <span data-testid="safe-threshold">
          {safe.threshold} of {safe.owners.length} {safe.owners.length === 1 ? 'owner' : 'owners'}
        </span>
      </Detail>
      <Detail label="Nonce">
        <code className="font-mono text-xs">{safe.nonce}</code>
      </Detail>
      <Detail label="Owners">
        <ul className="grid grid-cols-1 gap-1">
          {safe.owners.map((owner) => (
            <li key={owner} data-testid="safe-summary-owner">
              <MiddleTruncate value={owner} className="text-xs" />
            </li>
          ))}
        </ul>
      </Detail>
      <Detail label="Modules">
        {safe.modules.length === 0 ? (
          <span className="text-muted-foreground">none enabled</span>
        ) : (
          <ul className="grid grid-cols-1 gap-1">
            {safe.modules.map((module) => (
              <li key={module}>
                <MiddleTruncate value={module} className="text-xs" />
              </li>
            ))}
          </ul>
        )}
      </Detail>
    </dl>
  );
}
