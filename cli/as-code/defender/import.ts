import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AsCodeFile, ExecutableEntry, GasEntry } from '@/lib/as-code/file-schema';
import { AS_CODE_FILE_VERSION } from '@/lib/as-code/file-schema';
import { FUNCTION_NAME_PATTERN } from '@/lib/functions/schemas';
import { isEnvKey } from '@/lib/secrets/env-key';
import { CliError } from '../../output';
import { readYamlFile } from '../read-file';
import { Unresolved, Variables } from './variables';

/** What the import could not carry over, and the nearest Tickwork equivalent. */
export type Unmapped = { item: string; reason: string; instead: string };

export type DefenderImport = {
  file: AsCodeFile;
  unmapped: Unmapped[];
  profiles: string[];
  secrets: string[];
};

type Layout = {
  actions: Record<string, unknown>;
  /** the prefix of a `${self:…}` reference to a resource kind: `resources.Resources.` (v1) or `resources.` */
  resources: string;
};

const DAY_MINUTES = 24 * 60;

/** A mapping of the YAML document. */
type Doc = Record<string, unknown>;
/** The mapping at `key` of a mapping ({} when it is not one). */
const child = (doc: unknown, key: string): Doc => {
  const value = doc && typeof doc === 'object' ? (doc as Doc)[key] : undefined;
  return value && typeof value === 'object' ? (value as Doc) : {};
};

/** defender-serverless 1.x keeps actions in `functions:` and the rest under `resources.Resources`; v2+ under `resources`. */
function layoutOf(doc: Doc): Layout {
  if (Object.keys(child(doc, 'functions')).length > 0) {
    return { actions: child(doc, 'functions'), resources: 'resources.Resources.' };
  }
  if (Object.keys(child(child(doc, 'resources'), 'actions')).length > 0) {
    return { actions: child(child(doc, 'resources'), 'actions'), resources: 'resources.' };
  }
  throw new CliError(
    'no actions: the file has neither `functions:` (defender-serverless) nor `resources.actions`',
    {
      code: 'invalid_file',
    },
  );
}

/** The key a raw `${self:…relayers.<key>}` names. */
const referencedKey = (raw: unknown, kind: string) =>
  typeof raw === 'string' ? (new RegExp(`${kind}\\.([^.}]+)\\}`).exec(raw)?.[1] ?? null) : null;

const functionName = (key: string) => {
  const name = key
    .replace(/[^A-Za-z0-9._-]/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 64);
  return FUNCTION_NAME_PATTERN.test(name) ? name : `action-${name}`.slice(0, 64);
};

/**
 * A Defender `serverless.yml` (defender-serverless or defender-as-code) → `tickwork.yaml` entries: each
 * action's folder a function (bundled as Tickwork bundles Defender actions), each action an executable on the
 * profile named after its relayer, with its schedule, paused state, the stack's and global secrets bound
 * under the names Defender gave them, and its relayer policy's gas price cap. What has no equivalent (webhook-
 * only actions, monitors, notifications, relayer whitelists…) is listed with the nearest Tickwork feature.
 */
export function importDefender(
  serverlessFile: string,
  opts: { stage: string; project?: string; outDir: string },
): DefenderImport {
  const dir = path.dirname(serverlessFile);
  const raw = readDoc(serverlessFile);
  const vars = new Variables(raw, dir, opts.stage);
  const layout = layoutOf(raw);
  const unmapped: Unmapped[] = [];
  const tryValue = (item: string, dotted: string): unknown => {
    try {
      return vars.at(dotted);
    } catch (error) {
      if (!(error instanceof Unresolved)) throw error;
      unmapped.push({ item, reason: error.message, instead: 'fill the value in by hand' });
      return undefined;
    }
  };

  const stackName = String(tryValue('provider.stackName', 'provider.stackName') ?? raw.service ?? 'stack');
  const secrets = secretNames(raw, layout, stackName, unmapped);
  const profiles = new Set<string>();
  const functions: NonNullable<AsCodeFile['functions']> = {};
  const executables: Record<string, ExecutableEntry> = {};

  for (const [key, action] of Object.entries(layout.actions)) {
    const at = `${layout.resources === 'resources.' ? 'resources.actions' : 'functions'}.${key}`;
    if (typeof action !== 'object' || action === null) {
      unmapped.push({
        item: `action ${key}`,
        reason: 'an existing Defender action (by id)',
        instead: 'export its code and add a functions entry',
      });
      continue;
    }
    const a = action as Record<string, unknown>;
    const name = String(tryValue(`action ${key} name`, `${at}.name`) ?? key).slice(0, 100);
    const folder = path.resolve(dir, String(tryValue(`action ${key} path`, `${at}.path`) ?? key));
    if (!existsSync(folder)) {
      unmapped.push({
        item: `action ${key} path`,
        reason: `${path.relative(opts.outDir, folder)} does not exist (a build output?)`,
        instead: 'build the action first, or point the functions entry at its source folder',
      });
    }
    const fn = functionName(key);
    functions[fn] = { path: path.relative(opts.outDir, folder) || '.' };

    const relayerKey = referencedKey(a.relayer, 'relayers');
    const profile = relayerKey ?? 'default';
    profiles.add(profile);
    if (!relayerKey) {
      unmapped.push({
        item: `action ${key}`,
        reason: 'has no relayer',
        instead: 'an executable needs a profile: create one named "default" or rename it in the file',
      });
    }
    const paused = String(tryValue(`action ${key} paused`, `${at}.paused`)) === 'true';
    const trigger = triggerOf(key, tryValue(`action ${key} trigger`, `${at}.trigger`), unmapped);
    const gas = relayerKey ? gasOf(vars, layout, relayerKey, key, unmapped) : undefined;
    if (a['environment-variables']) {
      unmapped.push({
        item: `action ${key} environment-variables`,
        reason: 'Tickwork tasks have no environment variables',
        instead: 'args (ctx.userArgs / event.request.body) or secrets',
      });
    }
    executables[name] = {
      function: fn,
      profile,
      trigger: trigger.trigger,
      ...(secrets.length > 0 && { secrets: Object.fromEntries(secrets.map((s) => [s, s])) }),
      ...(gas && { gas }),
      state: paused || trigger.paused ? 'paused' : 'active',
    };
  }
  listOthers(raw, vars, layout, unmapped);
  return {
    file: {
      version: AS_CODE_FILE_VERSION,
      project: opts.project ?? String(raw.service ?? stackName),
      functions,
      executables,
    },
    unmapped,
    profiles: [...profiles],
    secrets,
  };
}

function readDoc(file: string): Doc {
  const doc = readYamlFile(file);
  if (!doc || typeof doc !== 'object')
    throw new CliError(`${path.basename(file)} holds no document`, { code: 'invalid_file' });
  return doc as Doc;
}

const resourcesOf = (raw: Doc, layout: Layout): Doc =>
  layout.resources === 'resources.' ? child(raw, 'resources') : child(child(raw, 'resources'), 'Resources');

/**
 * The names Defender gave the secrets, as the action reads them: a stack secret as `<stackName>_<key>`, a
 * global one as its key. Their values stay out: create each as a project secret of that name.
 */
function secretNames(raw: Doc, layout: Layout, stackName: string, unmapped: Unmapped[]) {
  const declared = child(resourcesOf(raw, layout), 'secrets');
  const names = [
    ...Object.keys(child(declared, 'global')),
    ...Object.keys(child(declared, 'stack')).map((key) => `${stackName}_${key}`),
  ];
  return names.filter((name) => {
    if (isEnvKey(name) && name.length <= 64) return true;
    unmapped.push({
      item: `secret ${name}`,
      reason: 'not a valid Tickwork secret name',
      instead: 'rename it in the code and the file',
    });
    return false;
  });
}

function triggerOf(
  key: string,
  trigger: unknown,
  unmapped: Unmapped[],
): { trigger: ExecutableEntry['trigger']; paused: boolean } {
  const t = (trigger ?? {}) as { type?: string; frequency?: unknown; cron?: unknown };
  const daily = { type: 'interval' as const, intervalMs: DAY_MINUTES * 60_000 };
  if (t.type === 'schedule' && typeof t.cron === 'string')
    return { trigger: { type: 'cron', cronspec: t.cron }, paused: false };
  if (t.type === 'schedule' && Number(t.frequency) >= 1) {
    const minutes = Number(t.frequency);
    if (minutes <= DAY_MINUTES)
      return { trigger: { type: 'interval', intervalMs: minutes * 60_000 }, paused: false };
    unmapped.push({
      item: `action ${key} schedule`,
      reason: `every ${minutes} minutes is more than a day (a way to never run it)`,
      instead: 'imported paused with a daily interval; a cron expression runs it less often',
    });
    return { trigger: daily, paused: true };
  }
  unmapped.push({
    item: `action ${key} trigger`,
    reason:
      t.type === 'webhook'
        ? 'webhook only: a Tickwork executable always has a schedule or a chain trigger'
        : `trigger ${t.type ?? 'missing'}`,
    instead:
      t.type === 'webhook'
        ? 'imported paused with a daily interval: set the schedule you want (or an event trigger), resume it, then create its webhook URL in the console'
        : 'imported paused with a daily interval: an event or block trigger (docs/triggers.md) replaces a monitor',
  });
  return { trigger: daily, paused: true };
}

/** The relayer's policy: a gas price cap (gwei) → the executable's max fee per gas (wei); private transactions. */
function gasOf(
  vars: Variables,
  layout: Layout,
  relayerKey: string,
  key: string,
  unmapped: Unmapped[],
): GasEntry | undefined {
  let policy: Record<string, unknown> | undefined;
  try {
    const relayer = vars.at(`${layout.resources}relayers.${relayerKey}`) as
      | Record<string, unknown>
      | undefined;
    policy = relayer?.policy as Record<string, unknown> | undefined;
  } catch (error) {
    if (!(error instanceof Unresolved)) throw error;
    unmapped.push({
      item: `relayer ${relayerKey} of action ${key}`,
      reason: error.message,
      instead: 'set gas by hand',
    });
    return undefined;
  }
  if (!policy || typeof policy !== 'object') return undefined;
  const cap = Number(policy['gas-price-cap']);
  const receivers = policy['whitelist-receivers'];
  if (Array.isArray(receivers) && receivers.length > 0) {
    unmapped.push({
      item: `relayer ${relayerKey} whitelist-receivers`,
      reason: 'a relayer-wide list of allowed receivers',
      instead: `permissions.json in the action's folder (calls to ${receivers.join(', ')}): a release may only call what it declares`,
    });
  }
  const gas: GasEntry = { mode: 'self' };
  if (Number.isFinite(cap) && cap > 0) gas.maxFeePerGas = BigInt(Math.round(cap * 1e9)).toString();
  if (policy['private-transactions'] && policy['private-transactions'] !== false)
    gas.privateSubmission = 'only';
  return gas.maxFeePerGas || gas.privateSubmission ? gas : undefined;
}

const NEAREST: Record<string, string> = {
  sentinels: 'an executable with an event trigger (docs/triggers.md), and alert rules for notifications',
  monitors: 'an executable with an event trigger (docs/triggers.md), and alert rules for notifications',
  notifications: 'a notification channel made in the console; alert rules name it (alerts: … channels)',
  contracts: 'nothing to import: tasks name the addresses they call (args or permissions.json)',
  'relayer-groups': 'one profile per relayer',
  'forked-networks': 'a chain of the deployment (TICKWORK_CHAINS)',
  'private-networks': 'a chain of the deployment (TICKWORK_CHAINS)',
  'block-explorer-api-keys': 'nothing: Tickwork does not verify contracts',
};

/** Relayers become profiles (made in the console); the other resource kinds are listed with their nearest feature. */
function listOthers(raw: Doc, vars: Variables, layout: Layout, unmapped: Unmapped[]) {
  const resources = resourcesOf(raw, layout);
  for (const [key, relayer] of Object.entries(child(resources, 'relayers')) as [string, Doc][]) {
    let network = 'its network';
    try {
      network = String(vars.resolve(relayer?.network) ?? network);
    } catch (error) {
      if (!(error instanceof Unresolved)) throw error;
    }
    unmapped.push({
      item: `relayer ${key}`,
      reason: 'relayer keys are never exported from Defender',
      instead: `a profile named "${key}" on ${network}, made in the console; fund it (min-balance ${relayer?.['min-balance'] ?? 'n/a'} wei) — a low_balance alert rule watches it`,
    });
  }
  for (const [kind, nearest] of Object.entries(NEAREST)) {
    for (const key of Object.keys((resources[kind] ?? {}) as Record<string, unknown>)) {
      unmapped.push({
        item: `${kind.replace(/s$/, '')} ${key}`,
        reason: `Defender ${kind}`,
        instead: nearest,
      });
    }
  }
}
