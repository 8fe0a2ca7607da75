import { UnsupportedDefenderApi } from './run';

const web3 = (name: string) =>
  class {
    constructor() {
      throw new UnsupportedDefenderApi(
        `${name} (the web3.js flavour)`,
        'use the ethers signer or Relayer.sendTransaction',
      );
    }
  };

/** `…/lib/web3` of the relay clients: not offered; constructing either names itself. */
export const DefenderRelaySenderProvider = web3('DefenderRelaySenderProvider');
export const DefenderRelayQueryProvider = web3('DefenderRelayQueryProvider');
