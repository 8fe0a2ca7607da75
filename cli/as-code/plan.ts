import type { AsCodeFile, ExecutableEntry } from '@/lib/as-code/file-schema';
import type { ExecutableRecord } from '@/lib/executables/schemas';
import { CliError } from '../output';
import { createFields, describeTrigger, type FacetChange, facetChanges } from './facets';
import type { LiveProject } from './live';
import { planRules, type RuleChange } from './plan-alerts';
import {
  planFunctions,
  type ReleaseRef,
  releaseLabel,
  resolveFunctionRef,
  type Upload,
} from './plan-functions';

type DesiredState = 'active' | 'paused';

/** What apply does to one executable of the file, or to one the file leaves out. */
export type ExecutablePlan =
  | {
      action: 'create';
      name: string;
      release: ReleaseRef;
      fields: ReturnType<typeof createFields>;
      state: DesiredState;
      summary: string;
    }
  | {
      action: 'update';
      name: string;
      executable: ExecutableRecord;
      /** The function switch: apply pauses first (a switch needs it), then resumes if `state` is active. */
      switch: { from: string; to: ReleaseRef } | null;
      facets: FacetChange[];
      state: { from: string; to: DesiredState } | null;
    }
  | { action: 'delete' | 'keep'; name: string; executable: ExecutableRecord };

export type Plan = {
  project: LiveProject['project'];
  uploads: Upload[];
  executables: ExecutablePlan[];
  rules: RuleChange[];
  warnings: string[];
};

/** Live `active` and `provisioning` (it turns active by itself) both count as active. */
const liveState = (exe: ExecutableRecord) => (exe.state === 'provisioning' ? 'active' : exe.state);

function planExisting(
  name: string,
  entry: ExecutableEntry,
  exe: ExecutableRecord,
  release: ReleaseRef,
  live: LiveProject,
  warnings: string[],
): ExecutablePlan | null {
  const target = 'releaseId' in release ? release.releaseId : null;
  const switching =
    target !== exe.functionId && !(target !== null && exe.pendingFunctionSwitch?.functionId === target);
  const facets = facetChanges(entry, exe, live);
  const wanted = entry.state ?? 'active';
  const now = liveState(exe);
  if (now === 'error') {
    warnings.push(
      `executable ${name} is in state error (${exe.stateReason ?? 'provisioning failed'}): reprovision it in the console; apply leaves its state alone`,
    );
  }
  const state = now !== 'error' && now !== wanted ? { from: now, to: wanted } : null;
  if (!switching && facets.length === 0 && !state) return null;
  return {
    action: 'update',
    name,
    executable: exe,
    switch: switching ? { from: releaseLabel(live, exe.functionId), to: release } : null,
    facets,
    state,
  };
}

/**
 * The difference between the file and the live project, in the order apply makes it: releases first, then
 * each executable (created, or updated facet by facet), its rules, and last what the file leaves out (deleted
 * only with `prune`). Names are unique: two live executables of one name the file manages are an error.
 */
export async function makePlan(
  file: AsCodeFile,
  dir: string,
  live: LiveProject,
  opts: { prune: boolean; reservedTags: (name: string) => Promise<string[]> },
): Promise<Plan> {
  const { refs, uploads, warnings } = await planFunctions(file, dir, live, opts.reservedTags);
  const byName = new Map<string, ExecutableRecord[]>();
  for (const exe of live.executables) byName.set(exe.name, [...(byName.get(exe.name) ?? []), exe]);
  const executables: ExecutablePlan[] = [];
  const rules: RuleChange[] = planRules(
    live,
    { executable: null, executableId: null },
    file.alerts ?? {},
    opts.prune,
  );

  for (const [name, entry] of Object.entries(file.executables ?? {})) {
    const release = resolveFunctionRef(entry.function, refs, live);
    const matches = byName.get(name) ?? [];
    if (matches.length > 1) {
      throw new CliError(
        `${matches.length} executables of the project are named "${name}": rename or delete one`,
        {
          code: 'invalid_file',
        },
      );
    }
    const exe = matches[0];
    if (!exe) {
      const fields = createFields(entry, live);
      const state = entry.state ?? 'active';
      executables.push({
        action: 'create',
        name,
        release,
        fields,
        state,
        summary: `${release.label} on ${entry.profile}, ${describeTrigger(entry.trigger)}, ${state}`,
      });
      rules.push(...planRules(live, { executable: name, executableId: null }, entry.alerts ?? {}, false));
      continue;
    }
    const planned = planExisting(name, entry, exe, release, live, warnings);
    if (planned) executables.push(planned);
    if (entry.alerts || opts.prune) {
      rules.push(
        ...planRules(live, { executable: name, executableId: exe.id }, entry.alerts ?? {}, opts.prune),
      );
    }
  }
  const declared = new Set(Object.keys(file.executables ?? {}));
  for (const exe of live.executables.filter((e) => !declared.has(e.name))) {
    executables.push({ action: opts.prune ? 'delete' : 'keep', name: exe.name, executable: exe });
  }
  return { project: live.project, uploads, executables, rules, warnings };
}

/** Whether applying the plan changes anything (kept items change nothing). */
export const planChanges = (plan: Plan) =>
  plan.uploads.length +
  plan.executables.filter((e) => e.action !== 'keep').length +
  plan.rules.filter((r) => r.action !== 'keep').length;
