'use client';

import { Plus, SlidersHorizontal, Trash2, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { MiddleTruncate } from '@/components/ui/middle-truncate';
import type { AllowanceSpec } from '@/lib/zodiac/allowance-spec';
import { type ArgConditions, argTypesOf, conditionsWords } from '@/lib/zodiac/conditions';
import { addFunction, type FunctionDraft, functionOf, type TargetDraft } from '@/lib/zodiac/scope-drafts';
import { ConditionsEditor } from './conditions-editor';

/**
 * One target: its functions (signature and selector), each removable and, when its signature is known and it
 * takes arguments, with conditions on them; and a field to add a function.
 */
export function TargetEditor({
  target,
  allowances,
  onChange,
  onRemove,
}: {
  target: TargetDraft;
  allowances: readonly AllowanceSpec[];
  onChange: (target: TargetDraft) => void;
  onRemove: () => void;
}) {
  const [ref, setRef] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  const add = (e: FormEvent) => {
    e.preventDefault();
    const fn = functionOf(ref);
    if (!fn)
      return setError('A function signature like transfer(address,uint256) or a selector like 0xa9059cbb.');
    setError(null);
    setRef('');
    onChange(addFunction(target, fn));
  };
  const withConditions = (fn: FunctionDraft, conditions: ArgConditions) => {
    const { conditions: _old, ...rest } = fn;
    const next = conditions.length > 0 ? { ...rest, conditions } : rest;
    onChange({ ...target, functions: target.functions.map((f) => (f.selector === fn.selector ? next : f)) });
    setEditing(null);
  };

  return (
    <li
      className="grid grid-cols-1 gap-3 rounded-lg border p-4"
      data-testid="role-target"
      data-target={target.to}
    >
      <div className="flex items-center justify-between gap-2">
        <MiddleTruncate value={target.to} className="font-medium text-sm" />
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-muted-foreground hover:text-destructive"
          aria-label={`Remove target ${target.to}`}
          onClick={onRemove}
        >
          <Trash2 />
        </Button>
      </div>
      {target.functions.length === 0 ? (
        <p className="text-muted-foreground text-xs">
          No function yet: until one is added, this target is left out.
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-1">
          {target.functions.map((fn) => {
            const name = fn.signature ?? fn.selector;
            const conditionable = fn.signature !== null && (argTypesOf(fn.signature)?.length ?? 0) > 0;
            return (
              <li key={fn.selector} className="grid grid-cols-1 gap-2" data-testid="role-function">
                <div className="flex items-center justify-between gap-3 rounded-md bg-muted/50 py-1 pr-1 pl-3">
                  <span className="flex min-w-0 flex-wrap items-baseline gap-x-3">
                    <code className="font-mono text-xs [overflow-wrap:anywhere]">
                      {fn.signature ?? (fn.selector === '0x00000000' ? 'plain transfer' : 'unnamed function')}
                    </code>
                    <code className="font-mono text-muted-foreground text-xs">{fn.selector}</code>
                    {fn.conditions?.some(Boolean) && (
                      <span
                        className="basis-full text-muted-foreground text-xs"
                        data-testid="role-function-conditions"
                      >
                        {conditionsWords(fn.signature, fn.conditions)}
                      </span>
                    )}
                  </span>
                  <span className="flex shrink-0">
                    {conditionable && (
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Conditions on ${name}`}
                        aria-expanded={editing === fn.selector}
                        onClick={() => setEditing(editing === fn.selector ? null : fn.selector)}
                      >
                        <SlidersHorizontal />
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Remove ${name} from ${target.to}`}
                      onClick={() =>
                        onChange({
                          ...target,
                          functions: target.functions.filter((f) => f.selector !== fn.selector),
                        })
                      }
                    >
                      <X />
                    </Button>
                  </span>
                </div>
                {editing === fn.selector && fn.signature && (
                  <ConditionsEditor
                    signature={fn.signature}
                    conditions={fn.conditions}
                    allowances={allowances}
                    onSave={(conditions) => withConditions(fn, conditions)}
                    onCancel={() => setEditing(null)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={add} className="grid grid-cols-1 gap-1.5">
        <div className="flex gap-2">
          <Input
            aria-label={`Function to allow on ${target.to}`}
            aria-invalid={error ? true : undefined}
            spellCheck={false}
            className="font-mono"
            placeholder="transfer(address,uint256) or 0xa9059cbb"
            value={ref}
            onChange={(e) => setRef(e.target.value)}
          />
          <Button type="submit" variant="outline" disabled={!ref.trim()}>
            <Plus />
            Add function
          </Button>
        </div>
        {error && (
          <p className="text-destructive text-xs" role="alert">
            {error}
          </p>
        )}
      </form>
    </li>
  );
}
