import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { GAS_MODES_BY_KIND } from '@/lib/executables/gas-modes';
import { GasModeForm, ProfileForm } from '../../_components/facet-forms';
import { sponsorLabel } from '../../_components/sponsor';
import { loadProfiles, type SectionProps } from './data';

/** The profile it sends from (any active one of the project) and the gas modes that profile's kind allows. */
export async function ProfileGasSection({ ids, workspaceId, executable, canMutate }: SectionProps) {
  const profiles = await loadProfiles(workspaceId, ids.projectId);
  const profile = profiles.find((p) => p.id === executable.profileId);
  const activeProfiles = profiles
    .filter((p) => p.state === 'active')
    .map((p) => ({ id: p.id, label: `${p.name} · ${p.kind} · ${p.chainId}` }));
  const version = executable.updatedAt;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile and gas</CardTitle>
        <CardDescription>
          Each setting saves on its own. The gas modes offered depend on the profile's kind.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {canMutate ? (
          <>
            <ProfileForm
              key={`pr-${version}`}
              ids={ids}
              currentId={executable.profileId}
              profiles={activeProfiles}
            />
            <GasModeForm
              key={`g-${version}`}
              ids={ids}
              gasMode={executable.gasMode}
              gasFallback={executable.gasFallback}
              sponsorshipProvider={executable.sponsorshipProvider}
              allowed={profile ? GAS_MODES_BY_KIND[profile.kind] : [executable.gasMode]}
            />
          </>
        ) : (
          <p className="text-muted-foreground text-sm">
            {executable.gasMode} gas
            {executable.gasMode === 'sponsored' && ` · ${sponsorLabel(executable.sponsorshipProvider)}`}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
