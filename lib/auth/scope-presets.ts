import { SCOPES, type Scope } from './scopes';

/** The resources scopes belong to, in the order the console lists them (`projects:read` → `projects`). */
export const SCOPE_RESOURCES = [
  'projects',
  'chains',
  'functions',
  'executables',
  'executions',
  'storage',
  'profiles',
  'secrets',
  'webhooks',
  'usage',
  'alerts',
] as const;

export type ScopeResource = (typeof SCOPE_RESOURCES)[number];

export const scopesOf = (resource: ScopeResource): Scope[] =>
  SCOPES.filter((scope) => scope.startsWith(`${resource}:`));

/** Every `*:read` scope. `functions:source` (reading a release's source) is privileged and not part of it. */
export const READ_ONLY_SCOPES: readonly Scope[] = SCOPES.filter((scope) => scope.endsWith(':read'));

export type ScopePreset = 'full' | 'read' | 'custom';

export const SCOPE_PRESETS: Record<Exclude<ScopePreset, 'custom'>, readonly Scope[]> = {
  full: SCOPES,
  read: READ_ONLY_SCOPES,
};

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && b.every((scope) => a.includes(scope));

/** Which preset a set of scopes is exactly, or `custom`. */
export function presetOf(scopes: readonly string[]): ScopePreset {
  if (sameSet(scopes, SCOPE_PRESETS.full)) return 'full';
  if (sameSet(scopes, SCOPE_PRESETS.read)) return 'read';
  return 'custom';
}

/** "Full access", "Read only" or "3 scopes": how the key list names a key's scopes. */
export function scopeSummary(scopes: readonly string[]): string {
  const preset = presetOf(scopes);
  if (preset === 'full') return 'Full access';
  if (preset === 'read') return 'Read only';
  return `${scopes.length} ${scopes.length === 1 ? 'scope' : 'scopes'}`;
}
