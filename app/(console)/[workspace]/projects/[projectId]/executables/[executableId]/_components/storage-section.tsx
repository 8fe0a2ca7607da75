import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { ApiError } from '@/lib/api/errors';
import { readStorage } from '@/lib/storage/service';
import { StorageEditor } from '../../_components/storage-editor';
import type { SectionProps } from './data';

/** The storage object, editable by owners and admins; one too large to edit here is not shown. */
export async function StorageSection({ ids, workspaceId, executable, canMutate }: SectionProps) {
  const storage = await readStorage(getDb(), workspaceId, executable.id).catch((error: unknown) => {
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Storage</CardTitle>
        <CardDescription>
          The JSON object runs read and write. Saving replaces it whole, if nobody wrote since you loaded it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {storage ? (
          <StorageEditor
            workspaceSlug={ids.workspaceSlug}
            executableId={executable.id}
            initial={storage}
            canMutate={canMutate}
          />
        ) : (
          <p className="text-muted-foreground text-sm">Storage is too large to edit here.</p>
        )}
      </CardContent>
    </Card>
  );
}
