// The comparison `tickwork replay` prints: the recorded decision read from the execution record, and the
// differences from the replay's outcome.
import { describe, expect, it } from 'vitest';
import type { PlannedCall, RunOutcome } from '@/lib/runtime/task-types';
import { compareOutcomes, type RecordedExecution, recordedDecision } from '../../cli/task-test/replay-diff';

const common = {
  logs: [],
  storage: {},
  storageChanged: false,
  rpcRequests: 0,
  fetchRequests: 0,
  durationMs: 1,
};
const TO = '0xD817024caa8F8c11BB833DD3B0813E17135eaA59' as const;
const recorded = (over: Partial<RecordedExecution>): RecordedExecution => ({
  status: 'skipped',
  dryRun: false,
  message: null,
  calls: null,
  error: null,
  ...over,
});
const skip = (message: string | null): RunOutcome => ({ ...common, kind: 'skip', message });
const exec = (
  message: string | null,
  calls: PlannedCall[] = [{ to: TO, data: '0xd09de08a', value: '0' }],
): RunOutcome => ({
  ...common,
  kind: 'exec',
  message,
  calls,
});

describe('replay: recorded decision and differences', () => {
  it('reads the decision off the record', () => {
    expect(recordedDecision(recorded({ status: 'skipped' }))).toBe('skip');
    expect(
      recordedDecision(recorded({ status: 'confirmed', calls: [{ to: TO, selector: '0xd09de08a' }] })),
    ).toBe('exec');
    // calls that failed later (simulation) were still the task's decision
    const reverted = recorded({
      status: 'failed',
      calls: [{ to: TO, selector: '0xd09de08a' }],
      error: { code: 'simulation_reverted', message: 'x' },
    });
    expect(recordedDecision(reverted)).toBe('exec');
    expect(
      recordedDecision(recorded({ status: 'failed', error: { code: 'task_threw', message: 'boom' } })),
    ).toBe('error');
    expect(
      recordedDecision(recorded({ status: 'failed', error: { code: 'storage_locked', message: '' } })),
    ).toBe('none');
  });

  it('the same skip, message and calls are no difference (addresses compared case-insensitively)', () => {
    expect(compareOutcomes(recorded({ message: 'idle' }), skip('idle'))).toEqual([]);
    const sent = recorded({
      status: 'confirmed',
      message: 'go',
      calls: [{ to: TO.toLowerCase(), selector: '0xd09de08a' }],
    });
    expect(compareOutcomes(sent, exec('go'))).toEqual([]);
  });

  it('a different decision is reported alone; message and calls are compared otherwise', () => {
    expect(compareOutcomes(recorded({ message: 'idle' }), exec('go'))).toEqual([
      { field: 'decision', recorded: 'skip', replayed: 'exec' },
    ]);
    const sent = recorded({
      status: 'confirmed',
      message: 'go',
      calls: [{ to: TO, selector: '0xd09de08a' }],
    });
    const other = compareOutcomes(sent, exec('went', [{ to: TO, data: '0xa9059cbb0000', value: '5' }]));
    expect(other.map((d) => d.field)).toEqual(['message', 'calls']);
    expect(other[1]).toEqual({
      field: 'calls',
      recorded: [{ to: TO.toLowerCase(), selector: '0xd09de08a', value: '0' }],
      replayed: [{ to: TO.toLowerCase(), selector: '0xa9059cbb', value: '5' }],
    });
  });

  it("a dry run's engine summary is not a message difference; an error compares code and message", () => {
    const dry = recorded({
      dryRun: true,
      message: 'dry run: 1 call simulated successfully (gas ≈ 30000); nothing was submitted',
      calls: [{ to: TO, selector: '0xd09de08a' }],
    });
    expect(compareOutcomes(dry, exec(null))).toEqual([]);
    const threw = recorded({ status: 'failed', error: { code: 'task_threw', message: 'boom' } });
    const error = (message: string): RunOutcome => ({
      ...common,
      kind: 'error',
      error: { code: 'task_threw', message },
    });
    expect(compareOutcomes(threw, error('boom'))).toEqual([]);
    expect(compareOutcomes(threw, error('bang'))[0].field).toBe('error');
  });
});
