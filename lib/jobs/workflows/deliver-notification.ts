import { getDb } from '@/db/client';
import { deliverNotification } from '@/lib/alerts/delivery';
import type { Workflow } from '../workflow';

/**
 * `notification/delivery.requested`: one delivery attempt of one outbox row, if it is still pending and due.
 * Idempotent: the row is claimed under a lock, so a second job (or worker) for the same row does nothing. A
 * failed attempt schedules the next one on the row itself; the sweep (the `notification-sweep` periodic job,
 * lib/jobs/catalog.ts) queues it when it is due.
 */
export const deliverNotificationWorkflow: Workflow<'notification/delivery.requested'> = async (
  { notificationId },
  { step },
) => step.run('deliver', () => deliverNotification(getDb(), notificationId));
