import type { toRelease } from '@/lib/functions/service';
import { plural } from '@/lib/plural';

type Permissions = ReturnType<typeof toRelease>['permissions'];

/** A one-line reading of a release's permissions.json, with the full list for a tooltip. */
export function permissionsSummary(permissions: Permissions): {
  label: string;
  detail: string;
  tone: 'muted' | 'normal';
} {
  if (!permissions) {
    return {
      label: 'None',
      detail: 'No permissions.json: every call the task returns is refused.',
      tone: 'muted',
    };
  }
  if (permissions.calls.length === 0) {
    return { label: 'No calls', detail: 'permissions.json permits no calls.', tone: 'muted' };
  }
  const functions = permissions.calls.reduce((n, c) => n + c.functions.length, 0);
  return {
    label: `${plural(permissions.calls.length, 'contract')} · ${plural(functions, 'function')}`,
    detail: permissions.calls.map((c) => `${c.to}: ${c.functions.join(', ')}`).join('\n'),
    tone: 'normal',
  };
}
