import { describe, expect, it } from 'vitest';
import { auditDetailsText } from '@/lib/audit/details-text';

describe('audit details as the audit log shows them', () => {
  it('spells out nested params, lists and addresses (never [object Object])', () => {
    const text = auditDetailsText({
      kind: 'consecutive_failures',
      params: { count: 3, window: { hours: 2 } },
      channels: ['ch_1', 'ch_2'],
      invitee: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      executableId: null,
    });
    expect(text).toBe(
      'kind: consecutive_failures · params: count 3, window hours 2 · channels: ch_1, ch_2 · invitee: 0x7099…79C8',
    );
    expect(text).not.toContain('[object Object]');
  });
});
