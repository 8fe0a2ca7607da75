import { formatGwei } from 'viem';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { enabledChains } from '@/lib/chains/config';
import { formatUtc } from '@/lib/console/format';
import { GAS_MODES_BY_KIND } from '@/lib/executables/gas-modes';
import { ProfileForm } from '../../_components/facet-forms';
import { costCapText, feeCapText } from '../../_components/fee-caps';
import { GasModeForm } from '../../_components/gas-mode-form';
import { PRIVATE_SUBMISSION_LABELS } from '../../_components/private-submission';
import { sponsorLabel } from '../../_components/sponsor';
import { loadProfiles, type SectionProps } from './data';

/**
 * The profile it sends from (any active one of the project), the gas modes that profile's kind allows and the fee
 * caps; while runs are held by the fee cap, since when and what the chain needs.
 */
export async function ProfileGasSection({ ids, workspaceId, executable, canMutate }: SectionProps) {
  const profiles = await loadProfiles(workspaceId, ids.projectId);
  const profile = profiles.find((p) => p.id === executable.profileId);
  const activeProfiles = profiles
    .filter((p) => p.state === 'active')
    .map((p) => ({ id: p.id, label: `${p.name} · ${p.kind} · ${p.chainId}` }));
  const chain = enabledChains().find((c) => c.chainId === profile?.chainId);
  const symbol = chain?.nativeCurrency.symbol ?? 'ETH';
  const version = executable.updatedAt;
  const hold = executable.feeHold;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile and gas</CardTitle>
        <CardDescription>
          Each setting saves on its own. The gas modes offered depend on the profile's kind.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {hold && (
          <Alert variant="warning" title="Runs held by the fee cap">
            <span data-testid="executable-fee-hold">
              Held by fee cap since {formatUtc(hold.since)} (needs{' '}
              {formatGwei(BigInt(hold.requiredMaxFeePerGas))} gwei). Scheduled runs and chain events wait
              until the chain's fee falls within the cap, or the cap is changed; manual runs still try.
            </span>
          </Alert>
        )}
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
              maxFeePerGas={executable.maxFeePerGas}
              maxCostPerRun={executable.maxCostPerRun}
              privateSubmission={executable.privateSubmission}
              privateEndpoint={Boolean(chain?.privateSubmission)}
              symbol={symbol}
              allowed={profile ? GAS_MODES_BY_KIND[profile.kind] : [executable.gasMode]}
            />
          </>
        ) : (
          <p className="text-muted-foreground text-sm">
            {executable.gasMode} gas
            {executable.gasMode === 'sponsored' && ` · ${sponsorLabel(executable.sponsorshipProvider)}`}
            {` · max fee per gas ${executable.maxFeePerGas ? `${feeCapText(executable.maxFeePerGas)} gwei` : 'chain default'}`}
            {executable.maxCostPerRun &&
              ` · max cost per run ${costCapText(executable.maxCostPerRun)} ${symbol}`}
            {chain?.privateSubmission && ` · ${PRIVATE_SUBMISSION_LABELS[executable.privateSubmission]}`}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
