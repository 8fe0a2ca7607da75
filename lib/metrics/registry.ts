import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

// One registry per process. Next bundles the instrumentation hook (where the embedded worker runs the engine)
// apart from the route handlers, so module state is not shared between them: the registry lives on globalThis.

/** Seconds, from a fast skip to a slow confirmation on a busy chain. */
const LATENCY_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600];

function build() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'tickwork_' });
  const registers = [registry];
  return {
    registry,
    executionsFinished: new Counter({
      name: 'tickwork_executions_finished_total',
      help: 'Executions that reached a final status, by status and trigger',
      labelNames: ['status', 'trigger'] as const,
      registers,
    }),
    executionLatency: new Histogram({
      name: 'tickwork_execution_latency_seconds',
      help: 'Time from the trigger (due or requested time) to a stage: start (claimed), submitted, confirmed',
      labelNames: ['stage', 'trigger'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    schedulerLag: new Histogram({
      name: 'tickwork_scheduler_lag_seconds',
      help: 'Now minus the due time when a scheduled run is claimed',
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    sandboxRun: new Histogram({
      name: 'tickwork_sandbox_run_seconds',
      help: 'Wall time of one task run in the sandbox, by runner and outcome kind',
      labelNames: ['runner', 'outcome'] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
      registers,
    }),
    taskRpcRequests: new Counter({
      name: 'tickwork_task_rpc_requests_total',
      help: 'Chain requests made by tasks',
      registers,
    }),
    platformRpcRequests: new Counter({
      name: 'tickwork_platform_rpc_requests_total',
      help: "JSON-RPC calls the platform's own chain clients sent (submissions, receipts, nonces, balances), by chain",
      labelNames: ['chain'] as const,
      registers,
    }),
    taskFetchRequests: new Counter({
      name: 'tickwork_task_fetch_requests_total',
      help: 'HTTP requests made by tasks',
      registers,
    }),
    webhookDoorAnswers: new Counter({
      name: 'tickwork_webhook_door_responses_total',
      help: 'Answers of the executable webhook door, by HTTP status code',
      labelNames: ['code'] as const,
      registers,
    }),
    notificationDeliveries: new Counter({
      name: 'tickwork_notification_deliveries_total',
      help: 'Notification delivery attempts, by channel kind and result (delivered, failed)',
      labelNames: ['kind', 'result'] as const,
      registers,
    }),
    queueDepth: new Gauge({
      name: 'tickwork_execution_queue_depth',
      help: 'Executions in flight and unknown submissions awaiting reconciliation, by status, read from the database at scrape time (all processes)',
      labelNames: ['status'] as const,
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof build>;

const KEY = Symbol.for('tickwork.metrics');
type Holder = { [KEY]?: Metrics };

/** The process's metrics, created on first use. */
export function metrics(): Metrics {
  const holder = globalThis as Holder;
  holder[KEY] ??= build();
  return holder[KEY];
}
