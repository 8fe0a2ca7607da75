import type { PlanId } from '@/db/enums';

/** How long the audit log keeps an event, by the workspace's plan (days); older events are neither shown nor kept. */
export const AUDIT_RETENTION_DAYS: Record<PlanId, number> = { free: 30, pro: 90, enterprise: 365 };

export const auditRetentionStart = (plan: PlanId, now = Date.now()) =>
  new Date(now - AUDIT_RETENTION_DAYS[plan] * 86_400_000);
