import type { Json } from '../../index';
import { type ActionRun, runOf, UnsupportedDefenderApi } from './run';

/**
 * Where the Defender key-value store lives in the executable's storage: one object of key → string under
 * this storage key (docs/migrating.md). Defender's store is shared by a team's actions; this one belongs to
 * the executable.
 */
export const KV_STORAGE_KEY = 'defender:kvstore';

const MAX_KEY_CHARS = 1024;
const MAX_VALUE_CHARS = 300 * 1024;

/** `defender-kvstore-client` / defender-sdk's `keyValueStore`: get, put and del of string values. */
export class KeyValueStoreClient {
  readonly #run: ActionRun;

  constructor(params: unknown) {
    if (typeof params === 'object' && params !== null && 'path' in params && !('credentials' in params)) {
      throw new UnsupportedDefenderApi(
        'KeyValueStoreClient({ path }) (the local store)',
        'the store is the executable’s storage',
      );
    }
    this.#run = runOf(params, 'KeyValueStoreClient');
  }

  #load(): Promise<Record<string, string>> {
    this.#run.kv ??= this.#run.ctx.storage.get(KV_STORAGE_KEY).then((stored) => {
      const entries: Record<string, string> = {};
      if (typeof stored === 'object' && stored !== null && !Array.isArray(stored)) {
        for (const [key, value] of Object.entries(stored))
          if (typeof value === 'string') entries[key] = value;
      }
      return entries;
    });
    return this.#run.kv;
  }

  async get(key: string): Promise<string | undefined> {
    const entries = await this.#load();
    return Object.hasOwn(entries, key) ? entries[key] : undefined;
  }

  async put(key: string, value: string): Promise<void> {
    if (typeof key !== 'string') throw new Error('Key must be a string');
    if (value && typeof value !== 'string') throw new Error('Value must be a string');
    if (key.length > MAX_KEY_CHARS) throw new Error(`Key size cannot exceed ${MAX_KEY_CHARS} characters`);
    if (value && value.length > MAX_VALUE_CHARS) throw new Error('Value size cannot exceed 300 KB');
    const entries = await this.#load();
    // A put without a value removes the key.
    if (value) entries[key] = value;
    else delete entries[key];
    await this.#save(entries);
  }

  async del(key: string): Promise<void> {
    const entries = await this.#load();
    if (!Object.hasOwn(entries, key)) return;
    delete entries[key];
    await this.#save(entries);
  }

  #save(entries: Record<string, string>): Promise<void> {
    return this.#run.ctx.storage.set(KV_STORAGE_KEY, { ...entries } as Json);
  }
}
