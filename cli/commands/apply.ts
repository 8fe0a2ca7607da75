import { applyPlan } from '../as-code/apply';
import { loadPlan } from '../as-code/load-plan';
import { planJson, renderPlan } from '../as-code/render-plan';
import { Printed } from '../output';

/**
 * `apply [--file tickwork.yaml] [--prune] [--json]`: makes the file's project match the file (see `plan`) and
 * prints the plan, then what it did. Deletes only with `--prune`. A second apply finds nothing to do.
 */
export async function apply(argv: string[]) {
  const { target, plan, json } = await loadPlan(argv);
  const done = await applyPlan(target, plan);
  if (json) return new Printed(`${JSON.stringify({ plan: planJson(plan), done })}\n`, 0);
  const lines = done.map((d) => `  ${d.action} ${d.subject}${d.detail ? `: ${d.detail}` : ''}`);
  return new Printed(
    `${renderPlan(plan)}\n${done.length === 0 ? 'Nothing done.' : `Done (${done.length}):\n${lines.join('\n')}`}\n`,
    0,
  );
}
