import { defineTask, type Task, type TaskCall, type TaskContext, type TaskResult } from '../../index';
import { gelatoContext } from './context';
import { registered } from './registry';
import type { Web3FunctionResultCallData } from './types';

/** The callback events of the Tickwork task contract (the engine passes them to onSuccess and onFail). */
type SuccessEvent = { transactionHash: string };
type FailEvent =
  | { reason: 'SimulationFailed'; calls: { to: string; data: string; value?: string }[] }
  | { reason: 'ExecutionReverted'; transactionHash: string }
  | { reason: 'InsufficientFunds' };

const RESULT_SHAPE =
  'return { canExec: true, callData: [{ to, data, value? }] } or { canExec: false, message }';

/** The message of a run that answered `canExec: true` with an empty `callData` list (and no message of its own). */
export const EMPTY_CALL_DATA = 'canExec: true with an empty callData list: nothing to execute';

/**
 * Gelato's result as a Tickwork result. The 1.0.0 form (`callData` one hex string) has no target of its own: on
 * Gelato it went to the task's exec address, so here it goes to `userArgs.execAddress`. An empty `callData` list
 * (Gelato's hello-world answers `{ canExec: true, callData: [] }`) executes nothing, on Gelato as here: the run
 * skips, with the task's message or EMPTY_CALL_DATA.
 */
export function toTaskResult(result: unknown, args: Record<string, unknown>): TaskResult {
  if (
    typeof result !== 'object' ||
    result === null ||
    typeof (result as { canExec?: unknown }).canExec !== 'boolean'
  )
    throw new Error(
      `Web3Function.onRun answered ${JSON.stringify(result) ?? String(result)}: ${RESULT_SHAPE}`,
    );
  const { canExec, callData, message } = result as {
    canExec: boolean;
    callData?: unknown;
    message?: unknown;
  };
  if (!canExec) return { canExec: false, ...(message !== undefined && { message: String(message) }) };
  if (typeof callData === 'string') {
    const to = args.execAddress;
    if (typeof to !== 'string')
      throw new Error(
        'Web3Function.onRun answered callData as one string (the Web3 Function 1.0.0 form): Tickwork sends it to userArgs.execAddress, which is not set; declare execAddress in schema.json userArgs or return callData: [{ to, data }]',
      );
    return { canExec: true, calls: [{ to: to as TaskCall['to'], data: callData as TaskCall['data'] }] };
  }
  if (!Array.isArray(callData))
    throw new Error(`Web3Function.onRun answered canExec: true without callData: ${RESULT_SHAPE}`);
  if (callData.length === 0)
    return { canExec: false, message: message === undefined ? EMPTY_CALL_DATA : String(message) };
  const calls = callData.map((call: Partial<Web3FunctionResultCallData>, i): TaskCall => {
    if (
      typeof call !== 'object' ||
      call === null ||
      typeof call.to !== 'string' ||
      typeof call.data !== 'string'
    )
      throw new Error(
        `Web3Function.onRun answered callData[${i}] without a string to and data: ${RESULT_SHAPE}`,
      );
    return {
      to: call.to as TaskCall['to'],
      data: call.data as TaskCall['data'],
      ...(call.value !== undefined && call.value !== null && { value: String(call.value) }),
    };
  });
  return { canExec: true, calls };
}

/**
 * The Tickwork task the bundler's wrapper exports: run calls the registered onRun with Gelato's context;
 * onSuccess and onFail exist only when the Web3 Function registered them.
 */
export function gelatoTask(): Task {
  const { onRun, onSuccess, onFail } = registered as {
    onRun?: (ctx: unknown) => unknown;
    onSuccess?: (ctx: unknown) => unknown;
    onFail?: (ctx: unknown) => unknown;
  };
  if (!onRun) throw new Error('Web3Function.onRun was never called: the Web3 Function registers no handler');
  const definition: Record<string, unknown> = {
    run: async (ctx: TaskContext) => toTaskResult(await onRun(await gelatoContext(ctx)), ctx.args),
  };
  if (onSuccess)
    definition.onSuccess = async (ctx: TaskContext, event: SuccessEvent) => {
      await onSuccess({ ...(await gelatoContext(ctx)), transactionHash: event.transactionHash });
    };
  if (onFail)
    definition.onFail = async (ctx: TaskContext, event: FailEvent) => {
      const base = await gelatoContext(ctx);
      if (event.reason === 'SimulationFailed')
        await onFail({
          ...base,
          reason: event.reason,
          callData: event.calls.map(({ to, data, value }) => ({
            to,
            data,
            ...(value !== undefined && { value: String(value) }),
          })),
        });
      else if (event.reason === 'ExecutionReverted')
        await onFail({ ...base, reason: event.reason, transactionHash: event.transactionHash });
      else await onFail({ ...base, reason: event.reason });
    };
  return defineTask(definition as unknown as Parameters<typeof defineTask>[0]);
}
