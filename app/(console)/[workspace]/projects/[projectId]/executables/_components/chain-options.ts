import { enabledChains } from '@/lib/chains/config';
import { chainTriggerSettings } from '@/lib/triggers/settings';
import type { ChainOption } from './chain-draft';

/** The deployment's enabled chains for the trigger form, with their confirmation defaults (server only). */
export const chainOptions = (): ChainOption[] =>
  enabledChains().map((c) => {
    const { defaultConfirmations, maxConfirmations } = chainTriggerSettings(c);
    return { chainId: c.chainId, name: c.name, defaultConfirmations, maxConfirmations };
  });
