import { parseArgs } from 'node:util';
import type { ExecutionTrigger } from '@/db/enums';
import type { LocalChain } from '@/lib/chains/anvil';
import { type Permissions, signaturesBySelector } from '@/lib/functions/permissions';
import { chainBridge } from '@/lib/runtime/chain-bridge';
import { publicFetch } from '@/lib/runtime/fetch-bridge';
import { checkTaskBundle } from '@/lib/runtime/runners/build-check';
import { isolateRunner } from '@/lib/runtime/runners/isolate';
import { type ReleaseLimits, SandboxBuildError } from '@/lib/runtime/runners/types';
import type { JsonObject, TaskTrigger } from '@/lib/runtime/task-types';
import { CliError, Printed, userPath } from '../output';
import { callApi, resolveTarget } from '../target';
import { decodeCalls, decodingAbi } from '../task-test/calls';
import { startFork } from '../task-test/fork';
import { readSecrets } from '../task-test/inputs';
import {
  compareOutcomes,
  type Difference,
  type RecordedExecution,
  recordedDecision,
} from '../task-test/replay-diff';
import { formatReport, type TestReport } from '../task-test/report';
import { rpc } from '../task-test/simulate';
import { reportOf } from './test';

const USAGE =
  'usage: replay <executionId> [--fork-url URL] [--env file] [--json] [--api URL] [--workspace ID]';

/** GET /api/v1/executions/{id}/replay's `data`. */
type ReplayRecord = {
  execution: RecordedExecution & {
    id: string;
    executableId: string;
    functionId: string;
    trigger: ExecutionTrigger;
    scheduledAt: string;
    chainId: number;
    readBlock: number | null;
    storageVersion: number | null;
    txHash: string | null;
  };
  release: {
    functionId: string;
    name: string;
    versionTag: string;
    checksum: string;
    permissions: Permissions | null;
    limits: ReleaseLimits | null;
  };
  source: string | null;
  sourceError: string | null;
  args: JsonObject | null;
  storage: JsonObject | null;
  storageAvailable: boolean;
  /** What the key may not read (without storage:read: args and storage). */
  withheld: ('args' | 'storage')[];
  secretNames: string[];
  sender: string;
  trigger: TaskTrigger | null;
  executableId: string;
};

/** What `replay` prints with `--json`. */
export type ReplayReport = {
  /** No difference from the recorded outcome (the exit code is 0 then, else 1). */
  same: boolean;
  sameDecision: boolean;
  differences: Difference[];
  execution: ReplayRecord['execution'];
  release: ReplayRecord['release'];
  /** The fork's block (the run's read block), or `latest` when the run recorded none. */
  block: string;
  /** False when the storage before the run is past its retention: the replay ran with `{}`. */
  storageAvailable: boolean;
  /** Recorded secret names that `--env` did not have (the replay ran without them). */
  missingSecrets: string[];
  replay: TestReport;
};

function options(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'fork-url': { type: 'string' },
      env: { type: 'string' },
      json: { type: 'boolean', default: false },
      api: { type: 'string' },
      workspace: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new CliError(USAGE);
  const forkUrl = values['fork-url'] || process.env.TICKWORK_FORK_URL;
  if (!forkUrl)
    throw new CliError(
      'replay runs the task on a local anvil fork of the execution’s chain at the block it read: pass --fork-url <an RPC URL of that chain> (an archive node for blocks older than its state history) or set TICKWORK_FORK_URL',
      { code: 'fork_url_required' },
    );
  return { executionId: positionals[0], forkUrl, values };
}

async function fetchRecord(flags: { api?: string; workspace?: string }, executionId: string) {
  const record = (await callApi(
    resolveTarget(flags),
    'GET',
    `/api/v1/executions/${encodeURIComponent(executionId)}/replay`,
  )) as ReplayRecord;
  if (record.source === null)
    throw new CliError(`the release cannot be replayed: ${record.sourceError}`, {
      code: 'release_unavailable',
    });
  if (record.withheld.length > 0)
    throw new CliError(
      `this key may not read the run’s ${record.withheld.join(' and ')}: replay needs a key with the storage:read scope (tickwork login grants it)`,
      { code: 'insufficient_scope' },
    );
  if (record.args === null)
    throw new CliError('the run’s args are not a JSON object: the run failed with invalid_arguments', {
      code: 'invalid_arguments',
    });
  return record as ReplayRecord & { source: string; args: JsonObject };
}

/**
 * `replay <executionId>`: fetches what the execution saw through the management API (its release's code, args,
 * storage before the run, secret names, the block it read, the release's limits, its `ctx.trigger`), runs the task
 * again in the isolate runner (the sandbox the service's runners run inside) within those limits, on a local anvil
 * fork of `--fork-url` pinned at that block, with the secrets of `--env` for the recorded names, and prints the
 * differences from the recorded outcome. Exit 0 when the same, 1 when different (docs/local-testing.md).
 */
export async function replay(argv: string[]): Promise<Printed> {
  const { executionId, forkUrl, values } = options(argv);
  const record = await fetchRecord(values, executionId);
  const { execution } = record;
  const available = readSecrets(userPath('.'), values.env);
  const secrets = Object.fromEntries(
    record.secretNames.filter((name) => name in available).map((name) => [name, available[name]]),
  );
  const missingSecrets = record.secretNames.filter((name) => !(name in available));
  const storage = record.storage ?? {};

  try {
    await checkTaskBundle(record.source);
  } catch (error) {
    if (error instanceof SandboxBuildError)
      throw new CliError(error.message, { code: 'sandbox_build_failed' });
    throw error;
  }

  const block = execution.readBlock === null ? undefined : BigInt(execution.readBlock);
  let fork: LocalChain | null = null;
  try {
    fork = await startFork(forkUrl, block);
    const forkChainId = Number(BigInt(String(await rpc(fork.rpcUrl, 'eth_chainId', []))));
    if (forkChainId !== execution.chainId)
      throw new CliError(
        `--fork-url is chain ${forkChainId}; the execution ran on chain ${execution.chainId}`,
        { code: 'wrong_chain' },
      );
    const outcome = await isolateRunner.run(
      {
        source: record.source,
        args: record.args,
        storage,
        secrets,
        chainId: execution.chainId,
        execution: {
          id: execution.id,
          executableId: record.executableId,
          sender: record.sender,
          trigger: execution.trigger,
          scheduledAt: execution.scheduledAt,
          dryRun: execution.dryRun,
        },
        ...(record.trigger && { trigger: record.trigger }),
      },
      {
        chainRequest: chainBridge(fork.rpcUrl),
        fetch: publicFetch({ allowPrivate: process.env.TICKWORK_SANDBOX_FETCH_PRIVATE === 'allow' }),
      },
      { limits: record.release.limits },
    );
    if (outcome.kind === 'callback') throw new Error('the runner answered a callback outcome for a run');
    const blockText = block === undefined ? 'latest' : block.toString();
    const differences = compareOutcomes(execution, outcome);
    const report: ReplayReport = {
      same: differences.length === 0,
      sameDecision: !differences.some((d) => d.field === 'decision'),
      differences,
      execution,
      release: record.release,
      block: blockText,
      storageAvailable: record.storageAvailable,
      missingSecrets,
      replay: reportOf(outcome, {
        args: record.args,
        plan: 'free',
        secrets: Object.keys(secrets),
        calls: decodeCalls(
          outcome.kind === 'exec' ? outcome.calls : [],
          decodingAbi([], record.release.permissions),
          record.release.permissions,
          record.args,
        ),
        chain: { chainId: execution.chainId, fork: { block: blockText } },
        savedTo: null,
        simulation: null,
      }),
    };
    return new Printed(
      values.json ? `${JSON.stringify(report)}\n` : formatReplay(report),
      report.same ? 0 : 1,
    );
  } finally {
    await fork?.stop();
  }
}

function recordedLine(r: ReplayReport): string {
  const e = r.execution;
  const decision = recordedDecision(e);
  const what =
    decision === 'error'
      ? `error ${e.error?.code}: ${e.error?.message}`
      : decision === 'none'
        ? `the task did not decide (${e.status}${e.error ? `, ${e.error.code}` : ''})`
        : `canExec ${decision === 'exec'}${e.message === null ? '' : `  ${e.message}`}`;
  return `recorded  ${what}  [${e.status}${e.txHash ? ` ${e.txHash}` : ''}]`;
}

/** The people-facing form: the recorded run, the replayed run's `tickwork test` report, then the verdict. */
export function formatReplay(r: ReplayReport): string {
  const e = r.execution;
  // the recorded calls keep only their selector: permissions.json's signatures name them
  const signatures = signaturesBySelector([r.release.permissions]);
  const out = [
    `replay    ${e.id} of ${e.executableId} (${r.release.name} ${r.release.versionTag}, ${e.trigger}${e.dryRun ? ', dry run' : ''})`,
    `block     ${r.block === 'latest' ? 'latest (the run recorded no read block)' : r.block}`,
    recordedLine(r),
    ...(e.calls ?? []).map((c, i) => {
      const fn = signatures.get(c.selector);
      const value = c.value && c.value !== '0' ? `  value ${c.value} wei` : '';
      return `  #${i} ${c.to}  ${fn ?? (c.selector === '0x' ? 'plain transfer' : `selector ${c.selector}`)}${value}`;
    }),
  ];
  if (!r.storageAvailable)
    out.push('storage   the storage before the run is no longer kept (30-day retention): replayed with {}');
  if (r.missingSecrets.length > 0)
    out.push(`secrets   missing from --env: ${r.missingSecrets.join(', ')} (replayed without them)`);
  out.push('', '── replayed ──', formatReport(r.replay).trimEnd(), '');
  if (r.sameDecision) out.push('same decision');
  if (r.same) out.push('same outcome: no difference from the recorded run');
  else {
    out.push(`differences ${r.differences.length}`);
    for (const d of r.differences)
      out.push(
        `  ${d.field.padEnd(9)} recorded ${JSON.stringify(d.recorded)}, replayed ${JSON.stringify(d.replayed)}`,
      );
  }
  return `${out.join('\n')}\n`;
}
