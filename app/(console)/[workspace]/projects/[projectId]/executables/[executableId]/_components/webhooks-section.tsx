import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { listWebhooks } from '@/lib/webhooks/service';
import { WebhooksCard } from '../../_components/webhooks-card';
import type { SectionProps } from './data';

/** The executable's webhook URLs, by name. */
export async function WebhooksSection({ ids, workspaceId, executable, canMutate }: SectionProps) {
  const webhooks = await listWebhooks(getDb(), workspaceId, executable.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhooks</CardTitle>
        <CardDescription>Secret URLs that run this executable on a POST.</CardDescription>
      </CardHeader>
      <CardContent>
        <WebhooksCard ids={ids} webhooks={webhooks} canMutate={canMutate} />
      </CardContent>
    </Card>
  );
}
