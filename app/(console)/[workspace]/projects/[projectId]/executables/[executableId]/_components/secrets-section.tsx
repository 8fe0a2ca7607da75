import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SecretBindingsForm } from '../../_components/facet-forms';
import { loadSecrets, type SectionProps } from './data';

/** The project secrets bound to its runs' environment. */
export async function SecretsSection({ ids, workspaceId, executable, canMutate }: SectionProps) {
  const secrets = await loadSecrets(workspaceId, ids.projectId);
  const secretName = (id: string) => secrets.find((s) => s.id === id)?.name ?? id;
  const bindings = executable.secretBindings;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Secrets</CardTitle>
        <CardDescription>
          Project secrets exposed to runs as environment variables. Saving replaces the whole list.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {canMutate ? (
          <SecretBindingsForm
            key={`s-${executable.updatedAt}`}
            ids={ids}
            bindings={bindings}
            secrets={secrets.map((s) => ({ id: s.id, name: s.name }))}
          />
        ) : bindings.length === 0 ? (
          <p className="text-muted-foreground text-sm">No secrets bound.</p>
        ) : (
          <ul className="grid gap-1 font-mono text-xs">
            {bindings.map((b) => (
              <li key={b.envKey}>
                {b.envKey} ← {secretName(b.secretId)}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
