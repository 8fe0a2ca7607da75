'use client';

import { Loader2, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { plural } from '@/lib/plural';
import { deleteProjectAction, projectContentsAction } from '../../actions';

type Contents = {
  executables: number;
  functions: number;
  profiles: number;
  secrets: number;
  webhooks: number;
  activeExecutables: { id: string; name: string }[];
};

/** Owners and admins: soft-deletes the project after naming what goes and typing its name. */
export function DeleteProjectDialog({
  workspaceSlug,
  project,
}: {
  workspaceSlug: string;
  project: { id: string; name: string };
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [contents, setContents] = useState<Contents | null>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const load = () =>
    startTransition(async () => {
      const result = await projectContentsAction(workspaceSlug, project.id);
      if (!result.ok) return setError(result.error);
      setContents(result.data);
    });

  const toggle = (next: boolean) => {
    setOpen(next);
    if (next) {
      setTyped('');
      setError(null);
      setContents(null);
      load();
    }
  };

  const submit = () =>
    startTransition(async () => {
      const result = await deleteProjectAction(workspaceSlug, project.id);
      if (!result.ok) {
        if (result.code === 'project_has_active_executables') return load();
        return setError(result.error);
      }
      toast.success(`Project “${result.data.name}” deleted`);
      setOpen(false);
      router.push(`/${workspaceSlug}/projects`);
    });

  const active = contents?.activeExecutables ?? [];
  const base = `/${workspaceSlug}/projects/${project.id}`;

  return (
    <>
      <Button
        variant="outline"
        className="text-destructive hover:text-destructive"
        onClick={() => toggle(true)}
      >
        <Trash2 />
        Delete project
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={toggle}
        title={`Delete ${project.name}?`}
        error={error}
        confirmLabel="Delete project"
        onConfirm={submit}
        pending={pending}
        disabled={!contents || active.length > 0 || typed !== project.name}
      >
        {!contents && !error && <Loader2 className="animate-spin" aria-label="Loading" />}
        {contents && active.length > 0 && (
          <Alert variant="destructive">
            <p>Pause these active executables first; deleting a project pauses nothing for you:</p>
            <ul className="mt-1 list-disc pl-5">
              {active.map((e) => (
                <li key={e.id}>
                  <Link className="underline" href={`${base}/executables/${e.id}`}>
                    {e.name}
                  </Link>
                </li>
              ))}
            </ul>
          </Alert>
        )}
        {contents && active.length === 0 && (
          <>
            <div className="space-y-2 text-sm">
              <p>This deletes the project and, with it:</p>
              <ul className="list-disc pl-5" data-testid="project-deletion-contents">
                <li>{plural(contents.executables, 'executable')}</li>
                <li>{plural(contents.functions, 'function release')}</li>
                <li>{plural(contents.profiles, 'profile')}</li>
                <li>{plural(contents.secrets, 'secret')}</li>
                <li>
                  {plural(contents.webhooks, 'webhook URL')} (they and their result links stop working at
                  once)
                </li>
              </ul>
              <p className="text-muted-foreground">
                On-chain accounts and their funds are not touched. The slug becomes free for a new project.
              </p>
            </div>
            <Field label={`Type “${project.name}” to confirm`} htmlFor="delete-project-name">
              <Input
                id="delete-project-name"
                autoComplete="off"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
            </Field>
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
