import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PLAN_IDS, type PlanId } from '@/db/enums';
import type { LocalChain } from '@/lib/chains/anvil';
import { buildRelease } from '@/lib/functions/build/build-release';
import { type Permissions, PermissionsSchema } from '@/lib/functions/permissions';
import { chainBridge } from '@/lib/runtime/chain-bridge';
import { publicFetch } from '@/lib/runtime/fetch-bridge';
import { checkTaskBundle } from '@/lib/runtime/runners/build-check';
import { isolateRunner } from '@/lib/runtime/runners/isolate';
import { SandboxBuildError } from '@/lib/runtime/runners/types';
import type { CallbackInput, JsonObject, TaskOutcome, TaskTrigger } from '@/lib/runtime/task-types';
import { computeUnitsOf } from '@/lib/usage/metering';
import { PLANS } from '@/lib/usage/plans';
import { CliError, Printed, printWarnings, userPath } from '../output';
import { decodeCalls, decodingAbi } from '../task-test/calls';
import { parseBlock, startFork } from '../task-test/fork';
import { gelatoTestInputs } from '../task-test/gelato';
import {
  checkArgs,
  checkSecretNames,
  readArgs,
  readArgsSchema,
  readJsonObject,
  readSecrets,
} from '../task-test/inputs';
import { readTriggerLog } from '../task-test/log';
import { formatReport, type TestReport } from '../task-test/report';
import { checkFrom, rpc, simulateCalls } from '../task-test/simulate';

const USAGE =
  'usage: test <dir> [--args file.json] [--arg key=value]… [--schema file.json] [--storage file.json [--save-storage]] ' +
  '[--log file.json] ' +
  '[--env file] [--rpc-url URL | --fork-url URL [--fork-block N]] [--chain-id N] [--abi file]… ' +
  '[--simulate --from ADDRESS] [--callback onSuccess --tx-hash 0x… | --callback onFail --reason R [--tx-hash 0x…]] ' +
  '[--plan free|pro|enterprise] [--json]';

const FAIL_REASONS = ['SimulationFailed', 'ExecutionReverted', 'InsufficientFunds'];
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/** `--callback` runs that callback instead of `run`, with the event the flags describe. */
function callbackOf(values: {
  callback?: string;
  'tx-hash'?: string;
  reason?: string;
}): CallbackInput | undefined {
  const { callback: name, 'tx-hash': txHash, reason } = values;
  if (name === undefined) {
    if (txHash || reason) throw new CliError('--tx-hash and --reason need --callback');
    return undefined;
  }
  const hash = () => {
    if (!txHash || !TX_HASH.test(txHash)) throw new CliError('--tx-hash: a 0x transaction hash of 32 bytes');
    return txHash.toLowerCase();
  };
  if (name === 'onSuccess') return { name, event: { transactionHash: hash() } };
  if (name !== 'onFail') throw new CliError(`--callback ${name}: onSuccess or onFail`);
  if (reason === 'SimulationFailed') return { name, event: { reason, calls: [] } };
  if (reason === 'ExecutionReverted') return { name, event: { reason, transactionHash: hash() } };
  if (reason === 'InsufficientFunds') return { name, event: { reason } };
  throw new CliError(`--reason: one of ${FAIL_REASONS.join(', ')}`);
}

const DEFAULT_RPC_URL = 'http://127.0.0.1:8545';

function options(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      args: { type: 'string' },
      arg: { type: 'string', multiple: true, default: [] },
      schema: { type: 'string' },
      storage: { type: 'string' },
      'save-storage': { type: 'boolean', default: false },
      log: { type: 'string' },
      env: { type: 'string' },
      'rpc-url': { type: 'string' },
      'fork-url': { type: 'string' },
      'fork-block': { type: 'string' },
      'chain-id': { type: 'string' },
      abi: { type: 'string', multiple: true, default: [] },
      simulate: { type: 'boolean', default: false },
      from: { type: 'string' },
      plan: { type: 'string', default: 'free' },
      callback: { type: 'string' },
      'tx-hash': { type: 'string' },
      reason: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1) throw new CliError(USAGE);
  if (values['rpc-url'] && values['fork-url']) throw new CliError('give --rpc-url or --fork-url, not both');
  if (values['fork-block'] && !values['fork-url']) throw new CliError('--fork-block needs --fork-url');
  if (values['save-storage'] && !values.storage) throw new CliError('--save-storage needs --storage <file>');
  if (!(PLAN_IDS as readonly string[]).includes(values.plan))
    throw new CliError(`--plan ${values.plan}: one of ${PLAN_IDS.join(', ')}`);
  if (values['chain-id'] !== undefined && !/^\d+$/.test(values['chain-id']))
    throw new CliError(`--chain-id ${values['chain-id']}: expected a number`);
  const callback = callbackOf(values);
  if (callback && values.simulate) throw new CliError('--simulate runs the calls of run, not of a callback');
  return { dir: userPath(positionals[0]), values, plan: values.plan as PlanId, callback };
}

const parsePermissions = (bytes: Uint8Array | null): Permissions | null =>
  bytes ? PermissionsSchema.parse(JSON.parse(new TextDecoder().decode(bytes))) : null;

/** `ctx.execution.sender` when no `--from` is given. */
const LOCAL_SENDER = '0x0000000000000000000000000000000000000001';

/** The run's chain id: `--chain-id`, else what the chain answers (not one of the task's requests). */
async function chainIdOf(rpcUrl: string, given: string | undefined): Promise<number> {
  if (given !== undefined) return Number(given);
  return Number(BigInt(String(await rpc(rpcUrl, 'eth_chainId', []))));
}

/**
 * `test <dir> …`: bundles the folder as `bundle` does and runs it once in the service's sandbox runner, with its
 * chain requests through the service's allow-list to `--rpc-url` (or a local anvil fork of `--fork-url`). Prints
 * the result, the calls (decoded where an ABI is known), the logs, the requests and the compute units; exit 1
 * when the run failed (docs/local-testing.md).
 */
export async function test(argv: string[]): Promise<Printed> {
  const { dir, values, plan, callback } = options(argv);
  const from = values.simulate ? checkFrom(values.from) : undefined;
  const release = await buildRelease(dir);
  printWarnings(release.warnings);
  const permissions = parsePermissions(release.permissions);
  const abi = decodingAbi(values.abi, permissions);
  // A Gelato Web3 Function: userArgs.json, the converted schema.json and its limits, unless flags say otherwise.
  const gelato = release.adapter === 'gelato' ? gelatoTestInputs(dir) : null;
  const args = readArgs(values.args ?? gelato?.args, values.arg);
  const schema = (values.schema === undefined ? gelato?.schema : null) ?? readArgsSchema(dir, values.schema);
  if (schema) checkArgs(schema, args);
  const storagePath = values.storage ? userPath(values.storage) : null;
  // a Gelato folder's storage.json is read, never written: --save-storage needs --storage
  const storage: JsonObject = storagePath ? readJsonObject(storagePath, 'storage') : (gelato?.storage ?? {});
  const logFrom = values.log ? userPath(values.log) : gelato?.logFile;
  const trigger: TaskTrigger | undefined = logFrom
    ? { type: 'event', log: readTriggerLog(logFrom) }
    : undefined;
  const secrets = readSecrets(dir, values.env);
  checkSecretNames(secrets);

  try {
    await checkTaskBundle(release.source);
  } catch (error) {
    if (error instanceof SandboxBuildError)
      throw new CliError(error.message, { code: 'sandbox_build_failed' });
    throw error;
  }

  const forkBlock = parseBlock(values['fork-block']);
  let fork: LocalChain | null = null;
  try {
    if (values['fork-url']) fork = await startFork(values['fork-url'], forkBlock);
    const rpcUrl = fork?.rpcUrl ?? values['rpc-url'] ?? process.env.TICKWORK_LOCAL_RPC_URL ?? DEFAULT_RPC_URL;
    const chainId = await chainIdOf(rpcUrl, values['chain-id']);
    const outcome = await isolateRunner.run(
      {
        source: release.source,
        args,
        storage,
        secrets,
        chainId,
        execution: {
          id: 'exn_local',
          executableId: 'exe_local',
          sender: from ?? (values.from ? checkFrom(values.from) : LOCAL_SENDER),
          trigger: trigger ? 'event' : 'manual',
          scheduledAt: new Date().toISOString(),
          dryRun: false,
        },
        ...(callback && { callback }),
        ...(trigger && { trigger }),
      },
      {
        chainRequest: chainBridge(rpcUrl),
        fetch: publicFetch({ allowPrivate: process.env.TICKWORK_SANDBOX_FETCH_PRIVATE === 'allow' }),
      },
      { limits: gelato?.limits },
    );
    const calls = outcome.kind === 'exec' ? outcome.calls : [];
    const simulation =
      from && calls.length > 0 ? { from, ...(await simulateCalls(rpcUrl, from, calls, abi)) } : null;
    if (storagePath && values['save-storage'] && outcome.kind !== 'error')
      writeFileSync(storagePath, `${JSON.stringify(outcome.storage, null, 2)}\n`);
    const report = reportOf(outcome, {
      args,
      plan,
      secrets: Object.keys(secrets),
      calls: decodeCalls(calls, abi, permissions, args),
      chain: { chainId, fork: fork ? { block: await forkStart(fork.rpcUrl, forkBlock) } : null },
      savedTo: storagePath && values['save-storage'] && outcome.kind !== 'error' ? storagePath : null,
      simulation,
    });
    const text = values.json ? `${JSON.stringify(report)}\n` : formatReport(report);
    return new Printed(text, report.ok ? 0 : 1);
  } finally {
    await fork?.stop();
  }
}

/** The block the fork started from: the one asked for, else the forked chain's block it found. */
async function forkStart(rpcUrl: string, asked: bigint | undefined): Promise<string> {
  if (asked !== undefined) return asked.toString();
  const fork = (await rpc(rpcUrl, 'anvil_nodeInfo', []).catch(() => null)) as {
    forkConfig?: { forkBlockNumber?: number | string };
  } | null;
  const block = fork?.forkConfig?.forkBlockNumber;
  return block === undefined ? 'latest' : BigInt(block).toString();
}

export function reportOf(
  outcome: TaskOutcome,
  extra: Pick<TestReport, 'args' | 'plan' | 'secrets' | 'calls' | 'chain' | 'simulation'> & {
    savedTo: string | null;
  },
): TestReport {
  const { savedTo, ...rest } = extra;
  return {
    ok: outcome.kind !== 'error',
    result:
      outcome.kind === 'error' || outcome.kind === 'callback'
        ? null
        : { canExec: outcome.kind === 'exec', message: outcome.message },
    callback: outcome.kind === 'callback' ? 'returned' : null,
    error: outcome.kind === 'error' ? outcome.error : null,
    logs: outcome.logs,
    storage: { changed: outcome.storageChanged, after: outcome.storage, savedTo },
    durationMs: outcome.durationMs,
    rpcRequests: outcome.rpcRequests,
    fetchRequests: outcome.fetchRequests,
    computeUnits: computeUnitsOf(outcome, PLANS[extra.plan]),
    ...rest,
  };
}
