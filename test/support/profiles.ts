import { expect } from 'vitest';
import { LOCAL_CHAIN_CONTRACTS } from '@/lib/chains/contracts';
import { decryptSecret } from '@/lib/crypto/envelope';
import { testDb } from './fixtures';
import { api } from './http';
import { pollPause } from './poll';
import { target } from './target';

export const PROFILE_KEYS = [
  'address',
  'balance',
  'chainId',
  'createdAt',
  'executor',
  'id',
  'keySource',
  'kind',
  'name',
  'nonceBlocked',
  'projectId',
  'roles',
  'safe',
  'sharedFromId',
  'state',
  'stateReason',
  'updatedAt',
];

/** The code of an account delegated to the local chain's Simple7702Account. */
export const DELEGATION_CODE = `0xef0100${LOCAL_CHAIN_CONTRACTS.simple7702Account.slice(2)}`.toLowerCase();

export async function rpc<T = any>(
  method: string,
  params: unknown[] = [],
  url = target().rpcUrl,
): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result as T;
}

export const createProfile = (
  token: string,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) => api('/api/v1/profiles', { method: 'POST', token, body, headers });

export const profileAction = (token: string, id: string, action: string, body?: unknown) =>
  api(`/api/v1/profiles/${id}/${action}`, { method: 'POST', token, body });

/** Polls GET until the profile matches `until`; returns the last record and how long it took. */
export async function waitForProfile(
  token: string,
  id: string,
  until: (p: any) => boolean,
  timeoutMs = 60_000,
): Promise<{ profile: any; ms: number }> {
  const started = Date.now();
  let last: any;
  for (let looks = 0; Date.now() - started < timeoutMs; looks++) {
    const res = await api(`/api/v1/profiles/${id}`, { token });
    last = res.body?.data;
    if (res.status === 200 && until(last)) return { profile: last, ms: Date.now() - started };
    await pollPause(looks);
  }
  throw new Error(
    `profile ${id} did not reach the expected state in ${timeoutMs} ms: ${JSON.stringify(last)}`,
  );
}

/** The decrypted account key of a profile row (the test shares the app's master key). */
export async function storedKey(profileId: string): Promise<{ envelope: string; key: string }> {
  process.env.TICKWORK_MASTER_KEY ??= target().masterKey;
  const [row] = await testDb().$sql`select encrypted_key from profiles where id = ${profileId}`;
  const envelope = row.encrypted_key as string;
  return { envelope, key: decryptSecret(envelope) };
}

/** The response text mentions neither the key (with or without 0x) nor its envelope. */
export function expectNoKey(text: string, stored: { envelope: string; key: string }) {
  expect(text.toLowerCase()).not.toContain(stored.key.slice(2).toLowerCase());
  expect(text).not.toContain(stored.envelope.split('.')[1]);
  expect(text).not.toMatch(/encrypted_?key|privateKey/i);
}
