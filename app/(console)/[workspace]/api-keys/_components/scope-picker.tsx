'use client';

import {
  presetOf,
  SCOPE_PRESETS,
  SCOPE_RESOURCES,
  type ScopePreset,
  scopesOf,
} from '@/lib/auth/scope-presets';
import type { Scope } from '@/lib/auth/scopes';
import { cn } from '@/lib/cn';

const PRESETS: { id: ScopePreset; label: string; hint: string }[] = [
  { id: 'read', label: 'Read only', hint: 'Every read scope' },
  { id: 'full', label: 'Full access', hint: 'Every scope' },
  { id: 'custom', label: 'Custom', hint: 'Pick scopes below' },
];

const RESOURCE_LABELS: Record<(typeof SCOPE_RESOURCES)[number], string> = {
  projects: 'Projects',
  chains: 'Chains',
  functions: 'Functions',
  executables: 'Executables',
  executions: 'Executions',
  storage: 'Storage',
  profiles: 'Profiles',
  secrets: 'Secrets',
  webhooks: 'Webhooks',
  usage: 'Usage',
  alerts: 'Alerts',
};

/**
 * The scopes of a new key: a preset (Read only, Full access) or a custom set, ticked per resource. `mode` is kept
 * apart from the selection so "Custom" can be chosen while the ticks still equal a preset.
 */
export function ScopePicker({
  scopes,
  mode,
  onChange,
}: {
  scopes: readonly Scope[];
  mode: ScopePreset;
  onChange: (next: { scopes: Scope[]; mode: ScopePreset }) => void;
}) {
  const choosePreset = (preset: ScopePreset) =>
    onChange({ mode: preset, scopes: preset === 'custom' ? [...scopes] : [...SCOPE_PRESETS[preset]] });

  const toggle = (scope: Scope, on: boolean) => {
    const next = on ? [...scopes, scope] : scopes.filter((s) => s !== scope);
    onChange({ scopes: next, mode: presetOf(next) });
  };

  return (
    <div className="grid gap-3">
      <div role="radiogroup" aria-label="Access" className="grid grid-cols-3 gap-2">
        {PRESETS.map((preset) => (
          <label
            key={preset.id}
            className={cn(
              'flex cursor-pointer gap-2 rounded-lg border px-3 py-2.5 transition-colors hover:bg-muted/50',
              mode === preset.id && 'border-primary bg-accent/40',
            )}
          >
            <input
              type="radio"
              name="api-key-access"
              className="mt-0.5 accent-primary"
              checked={mode === preset.id}
              onChange={() => choosePreset(preset.id)}
            />
            <span className="grid gap-0.5">
              <span className="font-medium text-sm">{preset.label}</span>
              <span className="text-muted-foreground text-xs">{preset.hint}</span>
            </span>
          </label>
        ))}
      </div>
      <fieldset className="grid grid-cols-2 overflow-hidden rounded-lg border" aria-label="Scopes">
        {SCOPE_RESOURCES.map((resource, i) => (
          <div
            key={resource}
            className={cn(
              'grid content-start gap-1 border-b px-3 py-1.5 text-sm',
              i % 2 === 0 && 'border-r',
              i >= 8 && 'border-b-0',
            )}
            data-testid={`scope-group-${resource}`}
          >
            <span className="font-medium text-xs">{RESOURCE_LABELS[resource]}</span>
            <span className="flex flex-wrap gap-x-2.5 gap-y-1">
              {scopesOf(resource).map((scope) => (
                <label key={scope} className="flex items-center gap-1.5 text-muted-foreground">
                  <input
                    type="checkbox"
                    aria-label={scope}
                    className="size-3.5 accent-primary"
                    checked={scopes.includes(scope)}
                    onChange={(e) => toggle(scope, e.target.checked)}
                  />
                  {scope.split(':')[1]}
                </label>
              ))}
            </span>
          </div>
        ))}
      </fieldset>
    </div>
  );
}
