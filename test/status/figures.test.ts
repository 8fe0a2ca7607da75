// The pure parts of the public status (lib/status, lib/executions/chain-latency.ts): an aggregate row to the
// published figures, a chain's public status from the console's, and the page's headline status.
import { describe, expect, it } from 'vitest';
import { adherenceRatio, chainLatencyOf } from '@/lib/executions/chain-latency';
import { overallStatus, publicChainStatus } from '@/lib/status/chain-status';
import { publicStatusEnabled } from '@/lib/status/config';

const row = (over: Partial<Parameters<typeof chainLatencyOf>[0]> = {}) => ({
  chain_id: 1,
  confirmed: 0,
  confirmed_p: null,
  due: 0,
  on_time: 0,
  ...over,
});

describe('chain latency figures', () => {
  it('rounds the percentiles to whole milliseconds and keeps the count', () => {
    expect(chainLatencyOf(row({ confirmed: 4, confirmed_p: [2500.4999, 11849.5] })).confirmed).toEqual({
      count: 4,
      p50Ms: 2500,
      p95Ms: 11850,
    });
    // Postgres may hand float8 values over as text
    expect(chainLatencyOf(row({ confirmed: 1, confirmed_p: ['7000', '7000'] })).confirmed).toEqual({
      count: 1,
      p50Ms: 7000,
      p95Ms: 7000,
    });
  });

  it('has no percentiles without confirmed runs, and no ratio without due runs', () => {
    expect(chainLatencyOf(row())).toEqual({
      confirmed: { count: 0, p50Ms: null, p95Ms: null },
      adherence: { due: 0, onTime: 0, ratio: null },
    });
    expect(chainLatencyOf(row({ confirmed: 0, confirmed_p: [null, null] })).confirmed.p50Ms).toBeNull();
  });

  it('adherence is on time over due', () => {
    expect(adherenceRatio(0, 0)).toBeNull();
    expect(adherenceRatio(4, 3)).toBe(0.75);
    expect(adherenceRatio(3, 3)).toBe(1);
    expect(adherenceRatio(5, 0)).toBe(0);
    expect(chainLatencyOf(row({ due: '8' as unknown as number, on_time: 6 })).adherence).toEqual({
      due: 8,
      onTime: 6,
      ratio: 0.75,
    });
  });
});

describe('public chain status', () => {
  const reason = '3 of 3 upstream requests failed in the last 5 min (100.0 %; degraded above 2 %).';

  it('is the console’s status and reason while an upstream answers', () => {
    for (const status of ['operational', 'degraded', 'syncing'] as const)
      expect(publicChainStatus({ status, statusReason: reason }, { polled: true, answered: 1 })).toEqual({
        status,
        statusReason: reason,
      });
  });

  it('is down, with the console’s reason after its own, when no upstream answered the last poll', () => {
    expect(
      publicChainStatus({ status: 'degraded', statusReason: reason }, { polled: true, answered: 0 }),
    ).toEqual({ status: 'down', statusReason: `No upstream answered the last health check. ${reason}` });
  });

  it('is not down before a first poll', () => {
    expect(
      publicChainStatus(
        { status: 'operational', statusReason: 'No requests in the last 5 min.' },
        { polled: false, answered: 0 },
      ).status,
    ).toBe('operational');
  });

  it('the headline is the worst status of all chains', () => {
    expect(overallStatus([])).toBe('operational');
    expect(overallStatus(['operational', 'operational'])).toBe('operational');
    expect(overallStatus(['operational', 'syncing'])).toBe('syncing');
    expect(overallStatus(['syncing', 'degraded', 'operational'])).toBe('degraded');
    expect(overallStatus(['down', 'degraded', 'syncing'])).toBe('down');
  });
});

describe('the opt-in', () => {
  it('is on only for TICKWORK_PUBLIC_STATUS=on', () => {
    const previous = process.env.TICKWORK_PUBLIC_STATUS;
    try {
      for (const [value, on] of [
        [undefined, false],
        ['', false],
        ['off', false],
        ['true', false],
        ['on', true],
        [' on ', true],
      ] as const) {
        if (value === undefined) delete process.env.TICKWORK_PUBLIC_STATUS;
        else process.env.TICKWORK_PUBLIC_STATUS = value;
        expect({ value, on: publicStatusEnabled() }).toEqual({ value, on });
      }
    } finally {
      if (previous === undefined) delete process.env.TICKWORK_PUBLIC_STATUS;
      else process.env.TICKWORK_PUBLIC_STATUS = previous;
    }
  });
});
