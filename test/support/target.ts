import { inject } from 'vitest';

/** The deployment the helpers (api, upload, testDb, rpc) talk to. */
export type Target = { baseUrl: string; databaseUrl: string; rpcUrl: string; masterKey: string };

let own: Target | undefined;

/** The shared test stack (booted by the global setup), unless this test file pointed the helpers elsewhere. */
export function target(): Target {
  return (
    own ?? {
      baseUrl: inject('baseUrl'),
      databaseUrl: inject('databaseUrl'),
      rpcUrl: inject('rpcUrl'),
      masterKey: inject('masterKey'),
    }
  );
}

/**
 * Points this test file's helpers at another deployment (the fault tests boot their own). A file that does runs
 * in a process of its own (vitest.config.ts), so this never leaks into another file.
 */
export function useTarget(next: Target) {
  own = next;
}
