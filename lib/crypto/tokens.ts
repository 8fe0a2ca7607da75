import { createHash, randomBytes } from 'node:crypto';

export const sha256Hex = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

/** A random 256-bit secret with a readable prefix, e.g. `tw_…` for management keys. */
export const newSecretToken = (prefix: string) => `${prefix}_${randomBytes(32).toString('base64url')}`;
