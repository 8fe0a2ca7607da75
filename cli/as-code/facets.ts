import type { ExecutableEntry, GasEntry } from '@/lib/as-code/file-schema';
import { canonicalJson } from '@/lib/canonical-json';
import type { ExecutableRecord, TriggerInput } from '@/lib/executables/schemas';
import { CliError } from '../output';
import type { LiveProject } from './live';

/** One facet of an executable to change: one PATCH of the management API. */
export type FacetChange = {
  facet: 'trigger' | 'args' | 'profile' | 'gas' | 'secrets';
  from: string;
  to: string;
  /** The route under /api/v1/executables/{id}/ and its body. */
  route: string;
  body: Record<string, unknown>;
};

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Addresses compare case-insensitively (the API answers them checksummed). */
function normal(value: unknown): unknown {
  if (typeof value === 'string') return ADDRESS.test(value) ? value.toLowerCase() : value;
  if (Array.isArray(value)) return value.map(normal);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normal(v)]));
  return value;
}

/** The file's trigger holds: every field it names has that value (fields it leaves out keep the API's defaults). */
function triggerHolds(desired: TriggerInput, live: TriggerInput) {
  const l = live as Record<string, unknown>;
  return Object.entries(desired).every(([k, v]) => canonicalJson(normal(v)) === canonicalJson(normal(l[k])));
}

export function describeTrigger(t: TriggerInput): string {
  if (t.type === 'interval')
    return t.intervalMs % 1000 === 0 ? `every ${t.intervalMs / 1000} s` : `every ${t.intervalMs} ms`;
  if (t.type === 'cron') return `cron "${t.cronspec}"`;
  const { type, ...rest } = t;
  return `${type} ${canonicalJson(rest)}`;
}

const argsOf = (live: ExecutableRecord) => {
  try {
    return JSON.parse(live.args || '{}') as unknown;
  } catch {
    return live.args;
  }
};

/** The profile of that name in the project (not archived). */
export function profileNamed(live: LiveProject, name: string) {
  const matches = live.profiles.filter((p) => p.name === name);
  if (matches.length === 1) return matches[0];
  throw new CliError(
    matches.length === 0
      ? `no profile named "${name}" in the project (profiles are made in the console or with POST /api/v1/profiles)`
      : `${matches.length} profiles are named "${name}": rename one`,
    { code: matches.length === 0 ? 'not_found' : 'invalid_file' },
  );
}

/** Env key → secret name of the file, as the API's bindings (sorted by env key). */
export function secretBindings(live: LiveProject, secrets: Record<string, string>) {
  return Object.entries(secrets)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([envKey, name]) => {
      const secret = live.secrets.find((s) => s.name === name);
      if (!secret)
        throw new CliError(`no secret named "${name}" in the project (bound as ${envKey})`, {
          code: 'not_found',
        });
      return { secretId: secret.id, envKey };
    });
}

const bindingsText = (live: LiveProject, bindings: { secretId: string; envKey: string }[]) =>
  bindings.length === 0
    ? 'none'
    : [...bindings]
        .sort((a, b) => a.envKey.localeCompare(b.envKey))
        .map((b) => `${b.envKey}=${live.secrets.find((s) => s.id === b.secretId)?.name ?? b.secretId}`)
        .join(', ');

/** The gas facet's fields the file names, as the API's record names them. */
function gasFields(gas: GasEntry) {
  return {
    gasMode: gas.mode,
    ...(gas.fallback !== undefined && { gasFallback: gas.fallback }),
    ...(gas.sponsorshipProvider !== undefined && { sponsorshipProvider: gas.sponsorshipProvider }),
    ...(gas.maxFeePerGas !== undefined && { maxFeePerGas: gas.maxFeePerGas }),
    ...(gas.maxCostPerRun !== undefined && { maxCostPerRun: gas.maxCostPerRun }),
    ...(gas.privateSubmission !== undefined && { privateSubmission: gas.privateSubmission }),
  };
}

const fieldsText = (fields: Record<string, unknown>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${v === null ? 'none' : String(v)}`)
    .join(', ');

/**
 * The facets (trigger, args, profile, gas, secrets) whose file value differs from the executable's, each one
 * PATCH. A field the file leaves out is not managed. The function and the state are the caller's: they need
 * a pause and a wait.
 */
export function facetChanges(
  entry: ExecutableEntry,
  exe: ExecutableRecord,
  live: LiveProject,
): FacetChange[] {
  const changes: FacetChange[] = [];
  if (!triggerHolds(entry.trigger, exe.trigger)) {
    changes.push({
      facet: 'trigger',
      from: describeTrigger(exe.trigger),
      to: describeTrigger(entry.trigger),
      route: 'trigger',
      body: { trigger: entry.trigger },
    });
  }
  if (entry.args !== undefined && canonicalJson(entry.args) !== canonicalJson(argsOf(exe))) {
    changes.push({
      facet: 'args',
      from: canonicalJson(argsOf(exe)),
      to: canonicalJson(entry.args),
      route: 'args',
      body: { args: JSON.stringify(entry.args) },
    });
  }
  const profile = profileNamed(live, entry.profile);
  if (profile.id !== exe.profileId) {
    const current = live.profiles.find((p) => p.id === exe.profileId)?.name ?? exe.profileId;
    changes.push({
      facet: 'profile',
      from: current,
      to: profile.name,
      route: 'profile',
      body: { profileId: profile.id },
    });
  }
  if (entry.gas) {
    const wanted = gasFields(entry.gas);
    const record = exe as unknown as Record<string, unknown>;
    const differs = Object.entries(wanted).some(([k, v]) => record[k] !== v);
    if (differs) {
      const current = Object.fromEntries(Object.keys(wanted).map((k) => [k, record[k]]));
      changes.push({
        facet: 'gas',
        from: fieldsText(current),
        to: fieldsText(wanted),
        route: 'gas-mode',
        body: wanted,
      });
    }
  }
  if (entry.secrets) {
    const wanted = secretBindings(live, entry.secrets);
    const current = [...exe.secretBindings].sort((a, b) => a.envKey.localeCompare(b.envKey));
    if (canonicalJson(wanted) !== canonicalJson(current)) {
      changes.push({
        facet: 'secrets',
        from: bindingsText(live, current),
        to: bindingsText(live, wanted),
        route: 'secrets',
        body: { secretBindings: wanted },
      });
    }
  }
  return changes;
}

/** The create request's fields of an entry (the function's id is the caller's: it may be uploaded first). */
export function createFields(entry: ExecutableEntry, live: LiveProject) {
  return {
    profileId: profileNamed(live, entry.profile).id,
    trigger: entry.trigger,
    ...(entry.args !== undefined && { args: JSON.stringify(entry.args) }),
    ...(entry.secrets && { secretBindings: secretBindings(live, entry.secrets) }),
    ...(entry.gas && gasFields(entry.gas)),
  };
}
