import { z } from 'zod';
import {
  BROADCAST_KINDS,
  BROADCAST_ROUTES,
  BROADCAST_STATES,
  EXECUTION_STATUSES,
  EXECUTION_TRIGGERS,
  type ExecutionStatus,
} from '@/db/enums';
import { pageQuery, paginationSchema } from '@/lib/api/pagination';
import { FunctionReleaseSchema, PermissionsRecord } from '@/lib/functions/schemas';
import { RUNNER_NAMES } from '@/lib/runtime/runners/types';
import { CALLBACK_NAMES } from '@/lib/runtime/task-types';

/** The list filter's statuses: every one but `submitted_unknown`, which the spec keeps out of the filter. */
export const LISTABLE_STATUSES = EXECUTION_STATUSES.filter(
  (status): status is Exclude<ExecutionStatus, 'submitted_unknown'> => status !== 'submitted_unknown',
);

/** One transaction or user operation the run signed (lib/executions/broadcasts.ts); amounts in wei, as decimal strings. */
export const BroadcastSchema = z.strictObject({
  txHash: z.string().nullable().meta({
    description:
      "The transaction's hash; for a user operation, the bundle transaction that carried it once included (else null)",
  }),
  userOpHash: z.string().nullable().meta({
    description: 'A user operation (gas modes `sponsored`, `self-funded`): its hash; null for a transaction',
  }),
  kind: z.enum(BROADCAST_KINDS).meta({
    description:
      '`original`: the first; `replacement`: re-priced at the same nonce; `cancellation`: the zero-value self-transfer that cleared the nonce',
  }),
  nonce: z.number().int(),
  maxFeePerGas: z.string(),
  maxPriorityFeePerGas: z.string(),
  state: z.enum(BROADCAST_STATES).meta({
    description:
      '`signed`: recorded, maybe not sent yet; `sent`: an endpoint accepted it; `refused`: refused',
  }),
  sentAt: z.string().nullable(),
  sendCount: z.number().int().meta({ description: 'How many times it was sent (a pool may drop it)' }),
  sentTo: z.enum(BROADCAST_ROUTES).meta({
    description:
      "`public`: the chain's RPC and its mempool; `private`: the chain's private transaction endpoint, which never gossips it",
  }),
  publicAt: z.string().nullable().meta({
    description:
      'Sent privately and not mined within the fallback: when it was also sent to the public mempool; else null',
  }),
  mined: z.boolean().meta({ description: 'Whether this is the transaction that was mined; at most one is' }),
});

export type BroadcastRecord = z.output<typeof BroadcastSchema>;

export const ExecutionSchema = z
  .strictObject({
    id: z.string(),
    projectId: z.string(),
    executableId: z.string(),
    functionId: z.string(),
    status: z.enum(EXECUTION_STATUSES),
    trigger: z.enum(EXECUTION_TRIGGERS),
    dryRun: z.boolean(),
    chainId: z.number().int(),
    message: z.string().nullable(),
    error: z.strictObject({ code: z.string(), message: z.string() }).nullable(),
    calls: z
      .array(z.strictObject({ to: z.string(), selector: z.string(), value: z.string().optional() }))
      .nullable(),
    txHash: z.string().nullable(),
    userOpHash: z.string().nullable(),
    gasUsed: z.string().nullable(),
    effectiveGasPrice: z.string().nullable(),
    blockNumber: z.number().int().nullable(),
    computeUnits: z.number().int(),
    rpcRequests: z.number().int(),
    runner: z.enum(RUNNER_NAMES).nullable().meta({
      description:
        'The sandbox runner that ran the task (`isolate`: isolated-vm in the app process; `gvisor`: isolated-vm inside a gVisor sandbox; `daytona`: a Daytona sandbox); null before it ran',
    }),
    runnerVersion: z.string().nullable().meta({
      description:
        'What the runner was made of when it ran, e.g. `runsc 0.0~20221219.0; isolated-vm 5.0.4; node 20.20.2`; null before it ran',
    }),
    triggerEventId: z.string().nullable().meta({
      description:
        'The log or block an event or block trigger ran this execution for (`tev_…`; the exactly-once key); null for other triggers',
    }),
    finality: z.enum(['final', 'vanished']).nullable().meta({
      description:
        "A confirmed run re-checked once its block is past the chain's finality depth: `final`, or `vanished` (a reorg removed its transaction); null until checked",
    }),
    callback: z
      .strictObject({
        name: z.enum(CALLBACK_NAMES),
        status: z.enum(['pending', 'running', 'succeeded', 'failed']),
        error: z.strictObject({ code: z.string(), message: z.string() }).nullable(),
        durationMs: z.number().int().nullable(),
        finishedAt: z.string().nullable(),
      })
      .nullable()
      .meta({
        description:
          "The release's callback run after the outcome: `onSuccess` after `confirmed`, `onFail` after `failed` " +
          'in simulation (`simulation_reverted`), on chain (`execution_reverted`) or for lack of funds ' +
          '(`insufficient_funds`); only when the release lists it in `definedCallbacks`. `pending` until a job ' +
          'takes it, `running`, then `succeeded` or `failed` (`error`: `task_threw`, `task_timeout`, ' +
          "`callback_missing`, `storage_locked`…). It never changes `status`; its logs join the execution's " +
          '(`data.callback` names it). null when none runs.',
      }),
    scheduledAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    durationMs: z.number().int().nullable(),
    createdAt: z.string(),
    broadcasts: z.array(BroadcastSchema).optional().meta({
      description:
        'Every transaction the run signed, oldest first, the mined one marked: the first, its re-priced replacements and the cancellation (docs/executions.md#transaction-lifecycle). On the read of one execution; a user operation has none',
    }),
  })
  .meta({ id: 'Execution' });
export type ExecutionRecord = z.output<typeof ExecutionSchema>;

export const ExecutionLogSchema = z
  .strictObject({
    seq: z.number().int(),
    level: z.enum(['debug', 'info', 'warn', 'error']),
    message: z.string(),
    data: z.unknown().nullable(),
    at: z.string(),
  })
  .meta({ id: 'ExecutionLog' });
export type ExecutionLogRecord = z.output<typeof ExecutionLogSchema>;

export const ExecutionListQuery = z.object({
  projectId: z.string().min(1),
  status: z.enum(LISTABLE_STATUSES).optional(),
  ...pageQuery,
});
export const ExecutableExecutionListQuery = z.object(pageQuery);
export const ExecutionParams = z.object({ executionId: z.string() });
export const ExecutableParams = z.object({ executableId: z.string() });

export const ExecutionPage = z.strictObject({ data: z.array(ExecutionSchema), pagination: paginationSchema });

const CallSchema = z.strictObject({ to: z.string(), selector: z.string(), value: z.string().optional() });

const TriggerLogSchema = z.strictObject({
  address: z.string(),
  topics: z.array(z.string()),
  data: z.string(),
  blockNumber: z.number().int(),
  blockHash: z.string(),
  transactionHash: z.string(),
  transactionIndex: z.number().int(),
  logIndex: z.number().int(),
  event: z.strictObject({ name: z.string(), args: z.unknown() }).optional(),
});

/** `ctx.trigger` (lib/runtime/task-types.ts TaskTrigger). */
const TaskTriggerSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('event'), log: TriggerLogSchema }),
  z.strictObject({
    type: z.literal('block'),
    block: z.strictObject({ number: z.number().int(), hash: z.string(), timestamp: z.number().int() }),
  }),
]);

export const ExecutionReplaySchema = z
  .strictObject({
    execution: z.strictObject({
      id: z.string(),
      executableId: z.string(),
      functionId: z.string(),
      status: ExecutionSchema.shape.status,
      trigger: ExecutionSchema.shape.trigger,
      dryRun: z.boolean(),
      scheduledAt: z.string(),
      chainId: z.number().int(),
      readBlock: z.number().int().nullable().meta({
        description:
          "The chain's head block when the run started: what a replay forks at (null for runs recorded before replay existed, or when the chain did not answer)",
      }),
      storageVersion: z.number().int().nullable().meta({
        description: 'The storage version the run read (null when the run never reached its task)',
      }),
      message: z.string().nullable(),
      calls: z.array(CallSchema).nullable().meta({
        description: 'The recorded calls: target, 4-byte selector and value (the full calldata is not kept)',
      }),
      error: z.strictObject({ code: z.string(), message: z.string() }).nullable(),
      txHash: z.string().nullable(),
    }),
    release: z.strictObject({
      functionId: z.string(),
      name: z.string(),
      versionTag: z.string(),
      checksum: z.string(),
      permissions: PermissionsRecord.meta({
        description: "The release's permissions.json (its signatures decode the calls), or null",
      }),
      limits: FunctionReleaseSchema.shape.limits,
    }),
    source: z
      .string()
      .nullable()
      .meta({ description: "The release's index.js; null when it cannot be loaded" }),
    sourceError: z.string().nullable().meta({ description: 'Why the source cannot be loaded, else null' }),
    args: z.record(z.string(), z.unknown()).nullable().meta({
      description:
        "The args of the run: a webhook call's custom args, else the executable's saved args as they are now (null when they are not a JSON object, or withheld)",
    }),
    storage: z.record(z.string(), z.unknown()).nullable().meta({
      description:
        'The storage object before the run (version 0: {}); null when that version is past the 30-day retention, or withheld',
    }),
    storageAvailable: z.boolean(),
    withheld: z.array(z.enum(['args', 'storage'])).meta({
      description:
        'What the credential may not read: a key without storage:read gets args and storage null and both listed here (the storage route needs storage:read too); empty otherwise',
    }),
    secretNames: z.array(z.string()).meta({
      description: "The envKeys of the executable's secret bindings; never their values",
    }),
    sender: z.string().meta({ description: "ctx.execution.sender: the profile's address, checksummed" }),
    trigger: TaskTriggerSchema.nullable().meta({
      description:
        "ctx.trigger of the run: the log or block its event or block trigger started it with (the log decoded with the trigger's event signature as it is now); null for other runs",
    }),
    executableId: z.string(),
  })
  .meta({ id: 'ExecutionReplay' });
export type ExecutionReplayRecord = z.output<typeof ExecutionReplaySchema>;
