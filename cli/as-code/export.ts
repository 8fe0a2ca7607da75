import type { AlertKind } from '@/db/enums';
import type { AlertRuleRecord } from '@/lib/alerts/schemas';
import type { AlertRuleEntry, AsCodeFile, ExecutableEntry } from '@/lib/as-code/file-schema';
import { AS_CODE_FILE_VERSION } from '@/lib/as-code/file-schema';
import type { ExecutableRecord } from '@/lib/executables/schemas';
import { CliError } from '../output';
import type { LiveProject } from './live';
import { releaseLabel } from './plan-functions';

function rulesOf(live: LiveProject, executableId: string | null) {
  const rules = live.rules.filter((r) => r.executableId === executableId);
  if (rules.length === 0) return undefined;
  const entries: Partial<Record<AlertKind, AlertRuleEntry>> = {};
  for (const rule of rules) entries[rule.kind] = ruleEntry(live, rule);
  return entries;
}

const ruleEntry = (live: LiveProject, rule: AlertRuleRecord): AlertRuleEntry => ({
  ...(Object.keys(rule.params).length > 0 && { params: rule.params }),
  channels: rule.channelIds.map((id) => live.channels.find((c) => c.id === id)?.name ?? id),
  ...(!rule.enabled && { enabled: false }),
});

function executableEntry(live: LiveProject, exe: ExecutableRecord): ExecutableEntry {
  const profile = live.profiles.find((p) => p.id === exe.profileId);
  if (!profile)
    throw new CliError(`executable ${exe.name}: its profile ${exe.profileId} is archived or gone`);
  const secrets = Object.fromEntries(
    exe.secretBindings.map((b) => [
      b.envKey,
      live.secrets.find((s) => s.id === b.secretId)?.name ?? b.secretId,
    ]),
  );
  const state = exe.state === 'paused' ? 'paused' : exe.state === 'error' ? undefined : 'active';
  return {
    function: releaseLabel(live, exe.functionId),
    profile: profile.name,
    trigger: exe.trigger,
    args: JSON.parse(exe.args || '{}'),
    ...(exe.secretBindings.length > 0 && { secrets }),
    gas: {
      mode: exe.gasMode,
      fallback: exe.gasFallback,
      ...(exe.sponsorshipProvider && { sponsorshipProvider: exe.sponsorshipProvider }),
      ...(exe.maxFeePerGas && { maxFeePerGas: exe.maxFeePerGas }),
      ...(exe.maxCostPerRun && { maxCostPerRun: exe.maxCostPerRun }),
      privateSubmission: exe.privateSubmission,
    },
    ...(state && { state }),
    ...(rulesOf(live, exe.id) && { alerts: rulesOf(live, exe.id) }),
  };
}

/**
 * The live project as a `tickwork.yaml`: each executable with its release as `name@tag` (the code lives on
 * the server; add a `functions` entry with its folder to manage the code too), its profile, secrets and
 * channels by name. `plan` against it finds no difference.
 */
export function exportProject(live: LiveProject): AsCodeFile {
  const names = live.executables.map((e) => e.name);
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  if (twice.length > 0) {
    throw new CliError(`executables share a name (${[...new Set(twice)].join(', ')}): rename them first`, {
      code: 'invalid_file',
    });
  }
  const executables = Object.fromEntries(live.executables.map((e) => [e.name, executableEntry(live, e)]));
  const alerts = rulesOf(live, null);
  return {
    version: AS_CODE_FILE_VERSION,
    project: live.project.slug,
    ...(Object.keys(executables).length > 0 && { executables }),
    ...(alerts && { alerts }),
  };
}
