import { randomBytes } from 'node:crypto';

/** One typed prefix map for every resource id (`prj_01J…`). */
const ID_PREFIXES = {
  workspace: 'ws',
  user: 'usr',
  membership: 'mem',
  apiKey: 'key',
  rpcApiKey: 'rpk',
  cliLogin: 'cli',
  project: 'prj',
  functionRelease: 'fn',
  blob: 'blb',
  executable: 'exe',
  execution: 'exn',
  profile: 'prf',
  secret: 'sec',
  webhook: 'whk',
  request: 'req',
  safeTransaction: 'stx',
  invitation: 'inv',
  auditEvent: 'aud',
  notificationChannel: 'nch',
  alertRule: 'alr',
  alertIncident: 'inc',
  notification: 'ntf',
  notificationAttempt: 'nta',
  triggerEvent: 'tev',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Time-sortable id: 48-bit millisecond timestamp + 80 random bits in Crockford base32 (ULID layout),
 * so lexical order is creation order and keyset pagination can page on the id alone. `now` (ms) lets
 * seeds and imports mint ids for a chosen time.
 */
export function newId(kind: IdKind, now = Date.now()): string {
  return `${ID_PREFIXES[kind]}_${ulid(now)}`;
}

/**
 * The smallest id of a kind minted at `ms`: `id >= idFloor(kind, since)` selects what was created since then
 * on the id index alone (time ranges without a created_at index).
 */
export const idFloor = (kind: IdKind, ms: number): string =>
  `${ID_PREFIXES[kind]}_${timePart(ms)}${'0'.repeat(16)}`;

function timePart(ms: number): string {
  let time = '';
  let t = ms;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  return time;
}

function ulid(now: number): string {
  const time = timePart(now);
  const bytes = randomChunk();
  let rand = '';
  for (let i = 0; i < 16; i++) rand += CROCKFORD[bytes[i] % 32];
  return time + rand;
}

/** Random bytes drawn from a 4 KiB buffer refilled from the CSPRNG: one syscall per 256 ids, not per id. */
let pool = Buffer.alloc(0);
let offset = 0;
function randomChunk(): Buffer {
  if (offset + 16 > pool.length) {
    pool = randomBytes(4096);
    offset = 0;
  }
  offset += 16;
  return pool.subarray(offset - 16, offset);
}
