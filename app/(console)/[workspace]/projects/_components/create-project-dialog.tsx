'use client';

import { Plus } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, FormDialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { PROJECT_ENVIRONMENTS } from '@/db/enums';
import { slugify } from '@/lib/slug';
import { createProjectAction } from '../actions';

const EMPTY = { name: '', slug: '', description: '', environment: 'production' };

export function CreateProjectDialog({ workspaceSlug }: { workspaceSlug: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [slugEdited, setSlugEdited] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [pending, startTransition] = useTransition();

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setForm(EMPTY);
      setSlugEdited(false);
      setError(null);
    }
  };

  const onName = (name: string) =>
    setForm((f) => ({ ...f, name, slug: slugEdited ? f.slug : name.trim() ? slugify(name) : '' }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    startTransition(async () => {
      const result = await createProjectAction(workspaceSlug, form);
      if (!result.ok) {
        setError({ message: result.error, field: result.field });
        return;
      }
      toast.success(`Project “${form.name.trim()}” created`);
      reset(false);
      router.push(`/${workspaceSlug}/projects/${result.data.id}`);
    });
  };

  const fieldError = (name: string) => (error?.field === name ? error.message : undefined);

  return (
    <>
      <Button onClick={() => reset(true)}>
        <Plus />
        New project
      </Button>
      <Dialog
        open={open}
        onOpenChange={reset}
        title="New project"
        description="Give it a name; the slug is how the API and CLI refer to it."
      >
        <form onSubmit={submit}>
          <DialogBody>
            <Field label="Name" htmlFor="project-name" error={fieldError('name')}>
              <Input
                id="project-name"
                autoFocus
                required
                maxLength={100}
                placeholder="Treasury rebalancer"
                value={form.name}
                onChange={(e) => onName(e.target.value)}
              />
            </Field>
            <Field
              label="Slug"
              htmlFor="project-slug"
              error={fieldError('slug')}
              hint="Lowercase letters, digits and hyphens. Unique in this workspace."
            >
              <Input
                id="project-slug"
                required
                maxLength={48}
                className="font-mono"
                placeholder="treasury-rebalancer"
                value={form.slug}
                onChange={(e) => {
                  setSlugEdited(true);
                  setForm((f) => ({ ...f, slug: e.target.value }));
                }}
              />
            </Field>
            <Field
              label="Description"
              htmlFor="project-description"
              hint="Optional."
              error={fieldError('description')}
            >
              <Textarea
                id="project-description"
                maxLength={1000}
                rows={3}
                placeholder="What does this project automate?"
                value={form.description}
                onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
              />
            </Field>
            <Field label="Environment" htmlFor="project-environment">
              <Select
                id="project-environment"
                value={form.environment}
                onChange={(e) => setForm((f) => ({ ...f, environment: e.target.value }))}
              >
                {PROJECT_ENVIRONMENTS.map((environment) => (
                  <option key={environment} value={environment}>
                    {environment[0].toUpperCase() + environment.slice(1)}
                  </option>
                ))}
              </Select>
            </Field>
            {error && !error.field && <Alert variant="destructive">{error.message}</Alert>}
          </DialogBody>
          <FormDialogFooter onCancel={() => reset(false)} pending={pending}>
            Create project
          </FormDialogFooter>
        </form>
      </Dialog>
    </>
  );
}
