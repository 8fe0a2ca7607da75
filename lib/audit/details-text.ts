import { getAddress } from 'viem';
import { shortAddress } from '@/lib/console/format';

const isAddress = (v: unknown): v is string => typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v);

/** A detail's value as people read it: addresses checksummed and shortened, lists and objects spelled out. */
export function auditValueText(v: unknown): string {
  if (isAddress(v)) return shortAddress(getAddress(v));
  if (Array.isArray(v)) return v.map(auditValueText).join(', ');
  if (v !== null && typeof v === 'object')
    return Object.entries(v)
      .filter(([, x]) => x !== null && x !== undefined)
      .map(([k, x]) => `${k} ${auditValueText(x)}`)
      .join(', ');
  return String(v);
}

/** An audit event's details as short `key: value` words (they never hold secrets: see recordAudit). */
export const auditDetailsText = (details: Record<string, unknown>) =>
  Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}: ${auditValueText(v)}`)
    .join(' · ');
