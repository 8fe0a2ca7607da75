import type { Plan } from './plan';
import { planChanges } from './plan';
import type { RuleChange } from './plan-alerts';

const ruleSubject = (r: RuleChange) =>
  r.executable === null ? `alert rule ${r.kind} (project)` : `alert rule ${r.kind} of ${r.executable}`;

const SIGN = { create: '+', update: '~', delete: '-', keep: '=' } as const;

function ruleLine(r: RuleChange): string {
  const sign = SIGN[r.action];
  if (r.action === 'create') return `  ${sign} ${ruleSubject(r)}: ${r.to}`;
  if (r.action === 'update') return `  ${sign} ${ruleSubject(r)}: ${r.from} → ${r.to}`;
  if (r.action === 'delete') return `  ${sign} ${ruleSubject(r)}: delete (${r.from})`;
  return `  ${sign} ${ruleSubject(r)}: not in the file, left alone (--prune deletes it)`;
}

/** The plan for people, like a Terraform plan: + create, ~ update (one line per facet), - delete, = left alone. */
export function renderPlan(plan: Plan): string {
  const lines = [`Project ${plan.project.slug} (${plan.project.id})`, ''];
  for (const u of plan.uploads) {
    lines.push(`  + function ${u.name}@${u.tag}: upload ${u.dir} (sha256 ${u.checkSum.slice(0, 12)}…)`);
  }
  let created = 0;
  let updated = 0;
  let deleted = 0;
  let kept = 0;
  for (const e of plan.executables) {
    if (e.action === 'create') {
      created++;
      lines.push(`  + executable ${e.name}: ${e.summary}`);
    } else if (e.action === 'update') {
      updated++;
      lines.push(`  ~ executable ${e.name}`);
      if (e.switch) {
        const resume = (e.state?.to ?? e.executable.state) === 'active' ? ', resume' : '';
        lines.push(`      function: ${e.switch.from} → ${e.switch.to.label} (pause, switch${resume})`);
      }
      for (const f of e.facets) lines.push(`      ${f.facet}: ${f.from} → ${f.to}`);
      if (e.state) lines.push(`      state: ${e.state.from} → ${e.state.to}`);
    } else if (e.action === 'delete') {
      deleted++;
      const pause = e.executable.state === 'paused' ? '' : 'pause, ';
      lines.push(`  - executable ${e.name}: ${pause}delete (${e.executable.id})`);
    } else {
      kept++;
      lines.push(`  = executable ${e.name}: not in the file, left alone (--prune deletes it)`);
    }
  }
  for (const r of plan.rules) {
    if (r.action === 'create') created++;
    else if (r.action === 'update') updated++;
    else if (r.action === 'delete') deleted++;
    else kept++;
    lines.push(ruleLine(r));
  }
  for (const w of plan.warnings) lines.push(`  ! ${w}`);
  if (lines.length === 2) lines.push('  nothing to do');
  lines.push('');
  lines.push(
    planChanges(plan) === 0
      ? 'No changes: the project matches the file.'
      : `Plan: ${plan.uploads.length} to upload, ${created} to create, ${updated} to update, ${deleted} to delete${kept ? `, ${kept} left alone` : ''}.`,
  );
  return `${lines.join('\n')}\n`;
}

/** The plan as data (`--json`): every change, without the bundles' bytes. */
export function planJson(plan: Plan) {
  return {
    projectId: plan.project.id,
    changes: planChanges(plan),
    uploads: plan.uploads.map(({ name, tag, checkSum, dir }) => ({ name, tag, checkSum, path: dir })),
    executables: plan.executables.map((e) =>
      e.action === 'create'
        ? { action: e.action, name: e.name, function: e.release.label, ...e.fields, state: e.state }
        : e.action === 'update'
          ? {
              action: e.action,
              name: e.name,
              id: e.executable.id,
              function: e.switch && { from: e.switch.from, to: e.switch.to.label },
              facets: e.facets.map(({ facet, from, to }) => ({ facet, from, to })),
              state: e.state,
            }
          : { action: e.action, name: e.name, id: e.executable.id },
    ),
    rules: plan.rules.map(({ action, executable, kind, from, to }) => ({
      action,
      executable,
      kind,
      from,
      to,
    })),
    warnings: plan.warnings,
  };
}
