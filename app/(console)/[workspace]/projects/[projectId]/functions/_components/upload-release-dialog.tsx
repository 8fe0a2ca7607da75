'use client';

import { Plus, Upload } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, FormDialogFooter } from '@/components/ui/dialog';
import { uploadReleaseAction, uploadTaskFolderAction } from '../actions';
import { type FormError, ReleaseError } from './release-error';
import { ReleaseNameAndTagFields } from './release-name-and-tag-fields';
import { ReleaseSchemaField, schemaProblem } from './release-schema-field';
import { ReleaseZipDropZone, type UploadSource } from './release-zip-drop-zone';
import { UploadSourceToggle } from './upload-source-toggle';
import { usePickedZip } from './use-picked-zip';
import { useReleaseNameAndTag } from './use-release-name-and-tag';
import { zipFolder } from './zip-folder';

const FIELD_OF: Record<string, string> = { taskName: 'name', versionTag: 'tag', schema: 'schema' };

export function UploadReleaseDialog({
  workspaceSlug,
  projectId,
  existingNames,
  defaultName,
}: {
  workspaceSlug: string;
  projectId: string;
  existingNames: string[];
  /** Set on a function's own "New version" button: the name is fixed up front. */
  defaultName?: string;
}) {
  const [open, setOpen] = useState(false);
  const [source, setSource] = useState<UploadSource>('bundle');
  const zip = usePickedZip();
  const release = useReleaseNameAndTag({ workspaceSlug, projectId, defaultName, enabled: open });
  const [schema, setSchema] = useState('');
  const [schemaError, setSchemaError] = useState<string | null>(null);
  const [error, setError] = useState<FormError | null>(null);
  const [pending, startTransition] = useTransition();
  const { picked } = zip;

  const toggle = (next: boolean) => {
    setOpen(next);
    if (!next) {
      zip.clear();
      release.reset();
      setSchema('');
      setSchemaError(null);
      setError(null);
    }
  };

  const pick = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    release.nameAfterFile(file.name);
    void zip.pick(file);
  };

  const pickFolder = async (files: File[]) => {
    if (files.length > 0) pick(await zipFolder(files));
  };

  const changeSource = (next: UploadSource) => {
    setSource(next);
    zip.clear();
    setError(null);
  };

  const upload = (versionTag: string) => {
    if (!picked?.checksum) return;
    const problem = schemaProblem(schema);
    setSchemaError(problem);
    if (problem) return;
    const bundle = new FormData();
    bundle.set('blob', picked.file);
    startTransition(async () => {
      const result =
        source === 'folder'
          ? await uploadTaskFolderAction(
              workspaceSlug,
              projectId,
              { name: release.name, versionTag, schema },
              bundle,
            )
          : await uploadReleaseAction(
              workspaceSlug,
              projectId,
              { name: release.name, versionTag, checkSum: picked.checksum ?? '', schema },
              bundle,
            );
      if (!result.ok) {
        const field = result.code === 'invalid_schema' ? 'schema' : FIELD_OF[result.field ?? ''];
        setError({ message: result.error, field, code: result.code, details: result.details });
        return;
      }
      const { name: released, versionTag: releasedTag, created } = result.data;
      const built = result.data.build;
      if (created)
        toast.success(`Uploaded ${released}@${releasedTag}`, {
          description: built
            ? [
                built.adapter ? `Built from a ${built.adapter} task.` : 'Built from the folder.',
                ...built.warnings,
              ].join(' ')
            : undefined,
        });
      else
        toast.info(`${released}@${releasedTag} already exists`, {
          description: 'The same ZIP was uploaded under this tag before; nothing changed.',
        });
      toggle(false);
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!release.awaitingSuggestion) upload(release.tag);
  };

  /** The one-click fix of a tag conflict: take the suggested tag and upload again. */
  const retryWith = (suggested: string) => {
    release.editTag(suggested);
    upload(suggested);
  };

  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);

  return (
    <>
      {defaultName ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => toggle(true)}
          aria-label={`New version of ${defaultName}`}
        >
          <Plus />
          New version
        </Button>
      ) : (
        <Button onClick={() => toggle(true)}>
          <Upload />
          Upload release
        </Button>
      )}
      <Dialog
        open={open}
        onOpenChange={toggle}
        className="max-w-xl"
        title={defaultName ? `New version of ${defaultName}` : 'Upload release'}
        description="A release is immutable: its version tag always names exactly this code."
      >
        <form onSubmit={submit}>
          <DialogBody>
            <UploadSourceToggle value={source} onChange={changeSource} />
            <ReleaseZipDropZone
              picked={picked}
              onPick={pick}
              source={source}
              onPickFolder={(files) => void pickFolder(files)}
            />
            <ReleaseNameAndTagFields
              release={release}
              defaultName={defaultName}
              existingNames={existingNames}
              nameError={fieldError('name')}
              tagError={fieldError('tag')}
            />
            <ReleaseSchemaField
              value={schema}
              problem={schemaError}
              serverError={fieldError('schema')}
              onChange={setSchema}
              onProblemChange={setSchemaError}
            />
            {error && !['name', 'tag', 'schema'].includes(error.field ?? '') && (
              <ReleaseError
                error={error}
                workspaceSlug={workspaceSlug}
                pending={pending}
                onRetryWithTag={retryWith}
                action="Upload"
              />
            )}
          </DialogBody>
          <FormDialogFooter
            onCancel={() => toggle(false)}
            pending={pending}
            disabled={!picked?.checksum || release.awaitingSuggestion}
          >
            Upload release
          </FormDialogFooter>
        </form>
      </Dialog>
    </>
  );
}
