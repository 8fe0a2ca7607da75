// The placeholder transaction hashes of the Defender layer (sdk/compat/defender): an action's relayer answers one
// per transaction it "sends", since the real hash is only known once the engine submits the run's calls, after
// the action returned. No imports: the layer bundles this file into the task, and the engine (finish.ts) uses the
// same form to put the real hash in place of a placeholder the action returned as its message.

const TICKWORK_HEX = '7469636b776f726b'; // "tickwork"

/** FNV-1a of the text, as 8 hex digits: spreads placeholder hashes of different runs apart. */
function fnv32(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

const prefixOf = (executionId: string): `0x${string}` => `0x${TICKWORK_HEX}${fnv32(executionId)}`;

/**
 * The hash answered for the n-th transaction of a run: "tickwork" in hex (0x7469636b776f726b…), then the run
 * and the index. Never on chain.
 */
export function placeholderHash(executionId: string, index: number): `0x${string}` {
  return `${prefixOf(executionId)}${'0'.repeat(32)}${index.toString(16).padStart(8, '0')}`;
}

/**
 * A regular expression (POSIX as Postgres reads it, and JavaScript's) matching the placeholder hashes of one
 * run: every one of them stands for the run's one transaction, since its calls are submitted together.
 */
export const placeholderPattern = (executionId: string) => `${prefixOf(executionId)}[0-9a-f]{40}`;
