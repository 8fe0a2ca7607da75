'use client';

import { Pencil } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, FormDialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { updateProjectAction } from '../../actions';

export function EditProjectDialog({
  workspaceSlug,
  project,
}: {
  workspaceSlug: string;
  project: { id: string; name: string; description: string };
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const toggle = (next: boolean) => {
    setOpen(next);
    if (next) {
      setName(project.name);
      setDescription(project.description);
      setError(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    startTransition(async () => {
      const result = await updateProjectAction(workspaceSlug, project.id, { name, description });
      if (!result.ok) return setError(result.error);
      toast.success('Project updated');
      setOpen(false);
    });
  };

  return (
    <>
      <Button variant="outline" onClick={() => toggle(true)}>
        <Pencil />
        Edit
      </Button>
      <Dialog
        open={open}
        onOpenChange={toggle}
        title="Edit project"
        description="The slug and environment stay as they are."
      >
        <form onSubmit={submit}>
          <DialogBody>
            <Field label="Name" htmlFor="edit-project-name">
              <Input
                id="edit-project-name"
                required
                maxLength={100}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            </Field>
            <Field label="Description" htmlFor="edit-project-description">
              <Textarea
                id="edit-project-description"
                maxLength={1000}
                rows={3}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
              />
            </Field>
            {error && <Alert variant="destructive">{error}</Alert>}
          </DialogBody>
          <FormDialogFooter onCancel={() => toggle(false)} pending={pending}>
            Save changes
          </FormDialogFooter>
        </form>
      </Dialog>
    </>
  );
}
