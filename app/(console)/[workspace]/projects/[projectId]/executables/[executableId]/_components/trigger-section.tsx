import { TriggerCard } from '../../_components/trigger-card';
import { loadProfiles, type SectionProps } from './data';

/** The trigger's form or summary; a trigger naming no chain follows the profile's. */
export async function TriggerSection({ ids, workspaceId, executable, canMutate }: SectionProps) {
  const profiles = await loadProfiles(workspaceId, ids.projectId);
  const profile = profiles.find((p) => p.id === executable.profileId);
  return (
    <TriggerCard
      ids={ids}
      trigger={executable.trigger}
      nextRunAt={executable.nextRunAt}
      profileChainId={profile?.chainId ?? null}
      canMutate={canMutate}
      version={String(executable.updatedAt)}
    />
  );
}
