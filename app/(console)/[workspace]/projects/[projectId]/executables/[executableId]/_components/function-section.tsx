import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ArgsForm, FunctionSwitchForm } from '../../_components/settings-forms';
import { loadReleases, releaseLabel, type SectionProps } from './data';

/** The release it runs, the switch to another (while paused), and its args checked against the schema. */
export async function FunctionSection({ ids, workspaceId, executable, canMutate }: SectionProps) {
  const releases = await loadReleases(workspaceId, ids.projectId);
  const label = (id: string) => releaseLabel(releases, id);
  const release = releases.find((r) => r.id === executable.functionId);
  const version = executable.updatedAt;
  const { pendingFunctionSwitch, lastFunctionSwitchError } = executable;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Function</CardTitle>
        <CardDescription>
          Runs {label(executable.functionId)}. Switching builds a new sandbox while the executable is paused.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {canMutate && (
          <FunctionSwitchForm
            key={`f-${version}`}
            ids={ids}
            state={executable.state}
            currentId={executable.functionId}
            pendingLabel={pendingFunctionSwitch ? label(pendingFunctionSwitch.functionId) : null}
            lastError={
              lastFunctionSwitchError
                ? {
                    label: label(lastFunctionSwitchError.functionId),
                    message: lastFunctionSwitchError.message,
                  }
                : null
            }
            releases={releases}
          />
        )}
        {canMutate ? (
          <ArgsForm key={`a-${version}`} ids={ids} args={executable.args} schema={release?.schema ?? null} />
        ) : (
          <pre className="font-mono text-xs">{executable.args}</pre>
        )}
      </CardContent>
    </Card>
  );
}
