'use client';

import { Loader2, Sparkles } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { FunctionTemplate } from '@/lib/functions/templates';
import { createFromTemplateAction } from '../actions';
import { type FormError, ReleaseError } from './release-error';

/**
 * The templates a first release can start from, one click each: the server builds the template's folder as it
 * builds an uploaded one and uploads the release (named after the template; the next free tag when taken).
 */
export function TemplateGallery({
  workspaceSlug,
  projectId,
  templates,
  canMutate,
  onCreated,
}: {
  workspaceSlug: string;
  projectId: string;
  templates: readonly FunctionTemplate[];
  canMutate: boolean;
  onCreated?: () => void;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<FormError | null>(null);
  const executablesUrl = `/${workspaceSlug}/projects/${projectId}/executables`;

  const create = (template: FunctionTemplate) => {
    setChosen(template.id);
    setError(null);
    startTransition(async () => {
      const result = await createFromTemplateAction(workspaceSlug, projectId, template.id);
      if (!result.ok) {
        setError({ message: result.error, code: result.code, details: result.details });
        return;
      }
      const { name, versionTag } = result.data;
      toast.success(`Created ${name}@${versionTag} from the ${template.title} template`, {
        description: 'Next: an executable that runs it, with its args in a form.',
        action: { label: 'New executable', onClick: () => router.push(executablesUrl) },
      });
      onCreated?.();
    });
  };

  return (
    <div className="grid gap-3" data-testid="template-gallery">
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
        {templates.map((template) => (
          <li
            key={template.id}
            data-testid="template-card"
            data-template={template.id}
            className="flex min-w-0 flex-col gap-2 rounded-lg border bg-card p-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h4 className="font-medium text-sm">{template.title}</h4>
              <Badge variant={template.style === 'Tickwork' ? 'default' : 'secondary'}>
                {template.style === 'Tickwork' ? 'Tickwork SDK' : `${template.style} style`}
              </Badge>
            </div>
            <p className="text-muted-foreground text-sm">{template.summary}</p>
            <p className="text-muted-foreground text-xs">Args: {template.args}.</p>
            {canMutate && (
              <Button
                size="sm"
                variant="outline"
                className="mt-auto w-fit"
                disabled={pending}
                onClick={() => create(template)}
                aria-label={`Use the ${template.title} template`}
              >
                {pending && chosen === template.id ? <Loader2 className="animate-spin" /> : <Sparkles />}
                Use template
              </Button>
            )}
          </li>
        ))}
      </ul>
      {error && (
        <ReleaseError error={error} workspaceSlug={workspaceSlug} pending={pending} action="Create" />
      )}
      <p className="text-muted-foreground text-xs">
        Each template is a folder of <code className="font-mono">examples/tasks</code>; on the local dev chain
        its calls go to the demo contracts. After creating one,{' '}
        <Link className="text-primary hover:underline" href={executablesUrl}>
          create an executable
        </Link>{' '}
        to run it.
      </p>
    </div>
  );
}
