import { loadPlan } from '../as-code/load-plan';
import { planChanges } from '../as-code/plan';
import { planJson, renderPlan } from '../as-code/render-plan';
import { Printed } from '../output';

/**
 * `plan [--file tickwork.yaml] [--prune] [--json]`: what `apply` would change in the file's project. Exit 0
 * when the project matches the file, 2 when there is a difference (1 on an error), as `terraform plan
 * -detailed-exitcode` does.
 */
export async function plan(argv: string[]) {
  const loaded = await loadPlan(argv);
  const code = planChanges(loaded.plan) === 0 ? 0 : 2;
  const text = loaded.json ? `${JSON.stringify(planJson(loaded.plan))}\n` : renderPlan(loaded.plan);
  return new Printed(text, code);
}
