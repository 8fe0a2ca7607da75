import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from '@/lib/config/paths';

/**
 * AES-256-GCM envelope encryption. Each value gets a fresh data key; the data key is sealed with the master
 * key (`TICKWORK_MASTER_KEY`, 32 bytes base64, or `.data/master.key` generated once). Format:
 * `v1.<sealed data key>.<sealed value>`, each sealed part `iv:tag:ciphertext` in base64url.
 *
 * Rotation (docs/deploy.md): the new key becomes `TICKWORK_MASTER_KEY` and the old ones
 * `TICKWORK_MASTER_KEY_PREVIOUS` (comma-separated); envelopes sealed under an old key still open, and
 * `resealDataKey` seals their data key again under the new one (the value's own ciphertext does not change).
 */
const VERSION = 'v1';

let cachedMasterKey: Buffer | undefined;

function masterKey(): Buffer {
  if (cachedMasterKey) return cachedMasterKey;
  const fromEnv = process.env.TICKWORK_MASTER_KEY;
  let key: Buffer;
  if (fromEnv) {
    key = Buffer.from(fromEnv, 'base64');
  } else {
    const file = path.join(DATA_DIR, 'master.key');
    if (!existsSync(file)) {
      mkdirSync(DATA_DIR, { recursive: true });
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    }
    key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  }
  if (key.length !== 32) throw new Error('the master key must be 32 bytes (base64)');
  cachedMasterKey = key;
  return key;
}

let cachedPreviousKeys: Buffer[] | undefined;

/** The master keys replaced by `TICKWORK_MASTER_KEY`, newest first: they open, never seal. */
function previousMasterKeys(): Buffer[] {
  if (cachedPreviousKeys) return cachedPreviousKeys;
  const keys = (process.env.TICKWORK_MASTER_KEY_PREVIOUS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => Buffer.from(k, 'base64'));
  if (keys.some((k) => k.length !== 32))
    throw new Error('every TICKWORK_MASTER_KEY_PREVIOUS key must be 32 bytes (base64)');
  cachedPreviousKeys = keys;
  return keys;
}

/** The data key of an envelope and whether the current master key sealed it. */
function openDataKey(sealedKey: string): { dataKey: Buffer; current: boolean } {
  try {
    return { dataKey: open(masterKey(), sealedKey), current: true };
  } catch (error) {
    for (const key of previousMasterKeys()) {
      try {
        return { dataKey: open(key, sealedKey), current: false };
      } catch {}
    }
    throw error;
  }
}

function seal(key: Buffer, plaintext: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')).join(':');
}

function open(key: Buffer, sealed: string): Buffer {
  const [iv, tag, ciphertext] = sealed.split(':').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
}

export function encryptSecret(plaintext: string): string {
  const dataKey = randomBytes(32);
  return [VERSION, seal(masterKey(), dataKey), seal(dataKey, Buffer.from(plaintext, 'utf8'))].join('.');
}

export function decryptSecret(envelope: string): string {
  const [version, sealedKey, sealedValue] = envelope.split('.');
  if (version !== VERSION) throw new Error('unknown envelope version');
  return open(openDataKey(sealedKey).dataKey, sealedValue).toString('utf8');
}

/**
 * The envelope with its data key sealed under the current master key, or null when it already is (the
 * rotation's step for one stored value; the value's ciphertext is kept as it is).
 */
export function resealDataKey(envelope: string): string | null {
  const [version, sealedKey, sealedValue] = envelope.split('.');
  if (version !== VERSION) throw new Error('unknown envelope version');
  const { dataKey, current } = openDataKey(sealedKey);
  return current ? null : [VERSION, seal(masterKey(), dataKey), sealedValue].join('.');
}

/**
 * A keyed MAC of `value` for one `purpose` (e.g. a webhook result link), from a key derived from the master key:
 * links can be checked without storing anything, and one purpose's tokens mean nothing for another.
 */
export function signToken(purpose: string, value: string, master = masterKey()): string {
  const key = createHmac('sha256', master).update(`tickwork:${purpose}`).digest();
  return createHmac('sha256', key).update(value).digest('base64url');
}

/** Checks a token of `signToken`; one signed under a previous master key still holds until that key is dropped. */
export function verifyToken(purpose: string, value: string, token: string): boolean {
  const given = Buffer.from(token);
  return [masterKey(), ...previousMasterKeys()].some((master) => {
    const expected = Buffer.from(signToken(purpose, value, master));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
