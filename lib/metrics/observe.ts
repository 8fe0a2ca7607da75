import type { TaskOutcome } from '@/lib/runtime/task-types';
import { metrics } from './registry';

// What the engine and the doors report as things happen. Each call is a few counter bumps in memory; none
// throws, so a metrics fault can never fail a run.

const seconds = (from: Date, to: Date) => Math.max(0, (to.getTime() - from.getTime()) / 1000);

function quietly(record: () => void) {
  try {
    record();
  } catch {
    // Metrics are best effort.
  }
}

/** A run was claimed: trigger→start, and the scheduler's lag for scheduled runs. */
export function observeClaim(run: { trigger: string; scheduledAt: Date }, at = new Date()) {
  quietly(() => {
    const m = metrics();
    m.executionLatency.observe({ stage: 'start', trigger: run.trigger }, seconds(run.scheduledAt, at));
    if (run.trigger === 'schedule') m.schedulerLag.observe(seconds(run.scheduledAt, at));
  });
}

/** A run's transaction or user operation was handed to the network. */
export function observeSubmitted(run: { trigger: string; scheduledAt: Date }, at = new Date()) {
  quietly(() =>
    metrics().executionLatency.observe(
      { stage: 'submitted', trigger: run.trigger },
      seconds(run.scheduledAt, at),
    ),
  );
}

/** A run reached a final status (counted once: only the transition out of an unfinished status reports). */
export function observeFinished(
  run: { status: string; trigger: string; scheduledAt: Date },
  at = new Date(),
) {
  quietly(() => {
    const m = metrics();
    m.executionsFinished.inc({ status: run.status, trigger: run.trigger });
    if (run.status === 'confirmed')
      m.executionLatency.observe({ stage: 'confirmed', trigger: run.trigger }, seconds(run.scheduledAt, at));
  });
}

/** One task run in a sandbox runner. */
export function observeSandboxRun(runner: string, outcome: TaskOutcome) {
  quietly(() => {
    const m = metrics();
    m.sandboxRun.observe({ runner, outcome: outcome.kind }, outcome.durationMs / 1000);
    m.taskRpcRequests.inc(outcome.rpcRequests);
    m.taskFetchRequests.inc(outcome.fetchRequests);
  });
}

/**
 * A request of the platform's own chain client (publicClientFor) left for the node: counts its JSON-RPC calls (a
 * batch of n counts n).
 */
export function observePlatformRpc(chainId: number, body: unknown) {
  quietly(() => {
    const calls =
      typeof body === 'string' && body.startsWith('[') ? (JSON.parse(body) as unknown[]).length : 1;
    metrics().platformRpcRequests.inc({ chain: String(chainId) }, calls);
  });
}

/** An answer of the executable webhook door. */
export function observeWebhookAnswer(status: number) {
  quietly(() => metrics().webhookDoorAnswers.inc({ code: String(status) }));
}

/** One notification delivery attempt. */
export function observeDelivery(kind: string, delivered: boolean) {
  quietly(() => metrics().notificationDeliveries.inc({ kind, result: delivered ? 'delivered' : 'failed' }));
}
