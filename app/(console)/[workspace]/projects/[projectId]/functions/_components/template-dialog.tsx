'use client';

import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody } from '@/components/ui/dialog';
import type { FunctionTemplate } from '@/lib/functions/templates';
import { TemplateGallery } from './template-gallery';

/** "From a template" beside Upload release: the gallery in a dialog, closed once a release is created. */
export function TemplateDialog({
  workspaceSlug,
  projectId,
  templates,
}: {
  workspaceSlug: string;
  projectId: string;
  templates: readonly FunctionTemplate[];
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Sparkles />
        From a template
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        className="max-w-4xl"
        title="Start from a template"
        description="Tickwork builds the template's folder and uploads it as a release of this project."
      >
        <DialogBody>
          <TemplateGallery
            workspaceSlug={workspaceSlug}
            projectId={projectId}
            templates={templates}
            canMutate
            onCreated={() => setOpen(false)}
          />
        </DialogBody>
      </Dialog>
    </>
  );
}
