import type { PlanId } from '@/db/enums';
import type { JsonObject, TaskLogLine } from '@/lib/runtime/task-types';
import type { DecodedCall } from './calls';
import type { Simulation } from './simulate';

/** What one `tickwork test` run printed; `--json` prints exactly this object. */
export type TestReport = {
  /** The task ran to a result (canExec true or false); false when it threw, timed out or broke a limit. */
  ok: boolean;
  result: { canExec: boolean; message: string | null } | null;
  /** `--callback`: 'returned' when the callback ran to its end (its return value is ignored). */
  callback: 'returned' | null;
  error: { code: string; message: string } | null;
  calls: DecodedCall[];
  logs: TaskLogLine[];
  args: JsonObject;
  storage: { changed: boolean; after: JsonObject; savedTo: string | null };
  /** The names of the secrets the task got; never their values. */
  secrets: string[];
  durationMs: number;
  rpcRequests: number;
  fetchRequests: number;
  /** What the run would cost on `plan` (lib/usage/metering.ts computeUnitsOf). */
  computeUnits: number;
  plan: PlanId;
  chain: { chainId: number; fork: { block: string } | null };
  simulation: ({ from: string } & Simulation) | null;
};

const indent = (text: string, by = '    ') =>
  text
    .split('\n')
    .map((l) => by + l)
    .join('\n');

function callLines(call: DecodedCall, index: number): string[] {
  const head = call.function
    ? `${call.function.name}(${call.function.args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(', ')})`
    : call.selector
      ? `selector ${call.selector}`
      : 'plain transfer';
  const lines = [`  #${index} ${call.to}  ${head}`];
  if (call.function) lines.push(`     function ${call.function.signature}`);
  if (call.value !== '0') lines.push(`     value    ${call.value} wei`);
  lines.push(`     data     ${call.data}`);
  if (call.permitted === false)
    lines.push('     not declared in permissions.json: the service would refuse it');
  return lines;
}

/** The people-facing form of a report. */
export function formatReport(r: TestReport): string {
  const out: string[] = [];
  if (r.error) out.push(`error     ${r.error.code}: ${r.error.message}`);
  if (r.callback) out.push('callback  returned (its return value is ignored)');
  if (r.result) {
    const message = r.result.message === null ? '' : `  ${r.result.message}`;
    out.push(`result    canExec ${r.result.canExec}${message}`);
  }
  if (r.result?.canExec) {
    out.push(`calls     ${r.calls.length}`);
    r.calls.forEach((call, i) => {
      out.push(...callLines(call, i));
    });
  }
  out.push(`logs      ${r.logs.length}`);
  for (const line of r.logs) out.push(`  ${line.at.slice(11, 23)} ${line.level.padEnd(5)} ${line.message}`);
  out.push(`duration  ${r.durationMs} ms`);
  out.push(`requests  ${r.rpcRequests} rpc, ${r.fetchRequests} fetch`);
  out.push(`compute   ${r.computeUnits} unit${r.computeUnits === 1 ? '' : 's'} (${r.plan} plan)`);
  const fork = r.chain.fork ? ` (local fork at block ${r.chain.fork.block})` : '';
  out.push(`chain     ${r.chain.chainId}${fork}`);
  if (r.secrets.length > 0) out.push(`secrets   ${r.secrets.join(', ')} (values not shown)`);
  const saved = r.storage.savedTo ? ` (saved to ${r.storage.savedTo})` : '';
  out.push(`storage   ${r.storage.changed ? 'changed' : 'unchanged'}${saved}`);
  if (r.storage.changed) out.push(indent(JSON.stringify(r.storage.after, null, 2), '  '));
  if (r.simulation) {
    out.push(
      `simulate  from ${r.simulation.from} (${r.simulation.mode === 'batch' ? 'as one batch, eth_simulateV1' : 'each call on its own, eth_call'})`,
    );
    for (const s of r.simulation.calls)
      out.push(
        s.ok
          ? `  #${s.index} ok${s.gas ? `  gas ${s.gas}` : ''}`
          : `  #${s.index} reverted: ${s.reason}${s.data ? `  (data ${s.data.slice(0, 74)}${s.data.length > 74 ? '…' : ''})` : ''}`,
      );
  }
  return `${out.join('\n')}\n`;
}
