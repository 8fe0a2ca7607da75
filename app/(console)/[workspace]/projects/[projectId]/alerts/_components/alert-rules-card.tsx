'use client';

import { Pencil } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogBody, FormDialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { AlertKind } from '@/db/enums';
import { ALERT_KIND_LABELS } from '@/lib/alerts/kinds';
import type { RuleView } from '@/lib/alerts/rule-views';
import { saveAlertRuleAction } from '../actions';

type Channel = { id: string; name: string; kind: string };

/** The editable params of each kind (`plan_usage.percent` is a choice). */
const PARAM_FIELDS: Partial<
  Record<AlertKind, { key: string; label: string; hint: string; fallback: string }>
> = {
  consecutive_failures: { key: 'count', label: 'Failures in a row', hint: '2 to 100', fallback: '3' },
  dead_man: { key: 'graceSeconds', label: 'Grace (seconds)', hint: 'after the due time', fallback: '300' },
  submitted_unknown: { key: 'olderThanSeconds', label: 'Older than (seconds)', hint: '', fallback: '600' },
  low_balance: {
    key: 'belowWei',
    label: 'Below (wei)',
    hint: 'e.g. 100000000000000000 = 0.1 ETH',
    fallback: '',
  },
  plan_usage: { key: 'percent', label: 'From (% of the plan)', hint: '80 also warns at 100', fallback: '80' },
  allowance_low: { key: 'percentLeft', label: 'Below (% left)', hint: '1 to 99', fallback: '20' },
};

const paramsSummary = (params: Record<string, number | string>) =>
  Object.entries(params)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') || '—';

/**
 * The alert rules of an executable (own or the project default) or the project's defaults: each kind with its
 * state, params and channels; enable/disable and edit (for an executable, the first change creates its own rule).
 */
export function AlertRulesCard({
  workspaceSlug,
  projectId,
  executableId,
  rules,
  channels,
  canMutate,
}: {
  workspaceSlug: string;
  projectId: string;
  executableId: string | null;
  rules: RuleView[];
  channels: Channel[];
  canMutate: boolean;
}) {
  const [editing, setEditing] = useState<RuleView | null>(null);
  const [value, setValue] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const channelName = (id: string) => channels.find((c) => c.id === id)?.name ?? id;

  const save = (
    view: RuleView,
    change: { enabled?: boolean; params?: Record<string, unknown>; channelIds?: string[] },
  ) =>
    startTransition(async () => {
      const result = await saveAlertRuleAction(workspaceSlug, projectId, {
        executableId,
        kind: view.kind,
        ...change,
      });
      if (!result.ok) {
        if (editing) setError(result.error);
        else toast.error(result.error);
        return;
      }
      toast.success(`${ALERT_KIND_LABELS[view.kind].name} saved`);
      setEditing(null);
    });

  const open = (view: RuleView) => {
    const field = PARAM_FIELDS[view.kind];
    setEditing(view);
    setValue(field ? String(view.rule?.params[field.key] ?? field.fallback) : '');
    setChosen(view.rule?.channelIds ?? []);
    setError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const field = PARAM_FIELDS[editing.kind];
    const params = field ? { [field.key]: field.key === 'belowWei' ? value.trim() : Number(value) } : {};
    save(editing, { params, channelIds: chosen, enabled: true });
  };

  const field = editing ? PARAM_FIELDS[editing.kind] : undefined;
  return (
    <Card data-testid="alert-rules">
      <CardHeader>
        <CardTitle>Alerts</CardTitle>
        <CardDescription>
          {executableId
            ? 'The rules watching this executable: its own, or the project default. Each alert fires once per incident and says when it is resolved.'
            : 'Project defaults: every executable follows them unless it has its own rule of the same kind.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-0 pb-0">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="pl-6">Alert</TableHead>
              <TableHead>State</TableHead>
              <TableHead>Settings</TableHead>
              <TableHead>Channels</TableHead>
              <TableHead className="pr-6 text-right" />
            </TableRow>
          </TableHeader>
          <TableBody>
            {rules.map((view) => (
              <TableRow key={view.kind} data-kind={view.kind}>
                <TableCell className="whitespace-normal pl-6">
                  <div className="font-medium">{ALERT_KIND_LABELS[view.kind].name}</div>
                  <div className="text-muted-foreground text-xs">
                    {ALERT_KIND_LABELS[view.kind].description}
                  </div>
                </TableCell>
                <TableCell>
                  {!view.rule ? (
                    <Badge variant="secondary">Off</Badge>
                  ) : view.rule.enabled ? (
                    <Badge variant="success">On</Badge>
                  ) : (
                    <Badge variant="secondary">Disabled</Badge>
                  )}
                  {view.rule?.inherited && executableId && (
                    <div className="mt-1 text-muted-foreground text-xs">project default</div>
                  )}
                </TableCell>
                <TableCell className="text-sm">{view.rule ? paramsSummary(view.rule.params) : '—'}</TableCell>
                <TableCell className="whitespace-normal text-sm">
                  {view.rule?.channelIds.length ? view.rule.channelIds.map(channelName).join(', ') : '—'}
                </TableCell>
                <TableCell className="pr-6 text-right">
                  {canMutate && (
                    <div className="flex justify-end gap-2">
                      {view.rule && (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={pending}
                          onClick={() => save(view, { enabled: !view.rule?.enabled })}
                        >
                          {view.rule.enabled ? 'Disable' : 'Enable'}
                        </Button>
                      )}
                      <Button size="sm" variant="outline" disabled={pending} onClick={() => open(view)}>
                        <Pencil />
                        {view.rule ? 'Edit' : 'Set up'}
                      </Button>
                    </div>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
      <Dialog
        open={editing !== null}
        onOpenChange={(next) => !next && setEditing(null)}
        title={editing ? ALERT_KIND_LABELS[editing.kind].name : ''}
        description={editing ? ALERT_KIND_LABELS[editing.kind].description : undefined}
      >
        <form onSubmit={submit}>
          <DialogBody>
            {error && <Alert variant="destructive">{error}</Alert>}
            {field &&
              (editing?.kind === 'plan_usage' ? (
                <Field label={field.label} htmlFor="alert-param" hint={field.hint}>
                  <Select id="alert-param" value={value} onChange={(e) => setValue(e.target.value)}>
                    <option value="80">80 %</option>
                    <option value="100">100 %</option>
                  </Select>
                </Field>
              ) : (
                <Field label={field.label} htmlFor="alert-param" hint={field.hint}>
                  <Input id="alert-param" value={value} onChange={(e) => setValue(e.target.value)} required />
                </Field>
              ))}
            <fieldset className="grid gap-2">
              <legend className="mb-2 font-medium text-sm">Notify</legend>
              {channels.length === 0 && (
                <p className="text-muted-foreground text-sm">
                  No channels in this project yet: incidents are recorded and shown here, nothing is sent.
                </p>
              )}
              {channels.map((c) => (
                <label key={c.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={chosen.includes(c.id)}
                    onChange={(e) =>
                      setChosen((now) =>
                        e.target.checked ? [...now, c.id] : now.filter((id) => id !== c.id),
                      )
                    }
                  />
                  {c.name} <span className="text-muted-foreground">({c.kind})</span>
                </label>
              ))}
            </fieldset>
          </DialogBody>
          <FormDialogFooter onCancel={() => setEditing(null)} pending={pending}>
            Save
          </FormDialogFooter>
        </form>
      </Dialog>
    </Card>
  );
}
