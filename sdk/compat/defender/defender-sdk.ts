import { KeyValueStoreClient } from './kvstore';
import { Relayer } from './relay-signer';
import { UnsupportedDefenderApi } from './run';

const adminApi = (client: string) =>
  new UnsupportedDefenderApi(`Defender.${client}`, 'it is a client of the Defender service’s management API');

/**
 * `@openzeppelin/defender-sdk`'s `Defender`, built from the handler's event: `relaySigner` (the profile as
 * relayer) and `keyValueStore` (the executable's storage). The management clients (monitor, action,
 * proposal…) have no Defender service to talk to and throw naming themselves.
 */
export class Defender {
  readonly #options: unknown;

  constructor(options: unknown) {
    this.#options = options;
  }

  get relaySigner(): Relayer {
    return new Relayer(this.#options);
  }

  get keyValueStore(): KeyValueStoreClient {
    return new KeyValueStoreClient(this.#options);
  }

  static localKVStoreClient(_params: unknown): never {
    throw new UnsupportedDefenderApi('Defender.localKVStoreClient', 'the store is the executable’s storage');
  }

  networks(): never {
    throw adminApi('networks');
  }
  get network(): never {
    throw adminApi('network');
  }
  get account(): never {
    throw adminApi('account');
  }
  get approvalProcess(): never {
    throw adminApi('approvalProcess');
  }
  get monitor(): never {
    throw adminApi('monitor');
  }
  get action(): never {
    throw adminApi('action');
  }
  get relay(): never {
    throw adminApi('relay');
  }
  get relayGroup(): never {
    throw adminApi('relayGroup');
  }
  get proposal(): never {
    throw adminApi('proposal');
  }
  get deploy(): never {
    throw adminApi('deploy');
  }
  get notificationChannel(): never {
    throw adminApi('notificationChannel');
  }
  get addressBook(): never {
    throw adminApi('addressBook');
  }
}
