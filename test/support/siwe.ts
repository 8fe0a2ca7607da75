import type { PrivateKeyAccount } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { target } from './target';

/** A signed Sign-In with Ethereum attempt, as the console's sign-in page posts it (form and cookie). */
export type SiweAttempt = { form: Record<string, string>; cookie: string; nonce: string };

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]);

/** A nonce from the server, as the sign-in page takes one (POST /api/siwe/nonce). */
export async function issuedNonce(): Promise<string> {
  const res = await fetch(`${target().baseUrl}/api/siwe/nonce`, { method: 'POST' });
  if (res.status !== 201) throw new Error(`POST /api/siwe/nonce answered ${res.status}: ${await res.text()}`);
  return (await res.json()).data.nonce;
}

/**
 * Does what the sign-in page does up to the post: next-auth's CSRF token and cookie, a server nonce (or `nonce`),
 * the EIP-4361 message for the app's host on the dev chain, signed by `account`.
 */
export async function signedSiweAttempt(
  account: PrivateKeyAccount,
  opts: { nonce?: string } = {},
): Promise<SiweAttempt> {
  const { baseUrl } = target();
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const nonce = opts.nonce ?? (await issuedNonce());
  const now = new Date();
  const message = createSiweMessage({
    domain: new URL(baseUrl).host,
    address: account.address,
    statement: 'Sign in to Tickwork.',
    uri: baseUrl,
    version: '1',
    chainId: 31337,
    nonce,
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 10 * 60 * 1000),
  });
  const signature = await account.signMessage({ message });
  return {
    form: { message, signature, csrfToken, callbackUrl: baseUrl },
    cookie: cookiesOf(csrf).join('; '),
    nonce,
  };
}

/** Posts the attempt to next-auth's SIWE callback; the session cookie it set, or null when it refused. */
export async function postSiweAttempt(attempt: SiweAttempt): Promise<string | null> {
  const res = await fetch(`${target().baseUrl}/api/auth/callback/siwe`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: attempt.cookie },
    body: new URLSearchParams(attempt.form).toString(),
  });
  await res.arrayBuffer();
  return cookiesOf(res).find((c) => /^(__Secure-)?authjs\.session-token=./.test(c)) ?? null;
}

/** The user id of the console session behind `sessionCookie` (GET /api/auth/session), or null. */
export async function sessionUserId(sessionCookie: string): Promise<string | null> {
  const res = await fetch(`${target().baseUrl}/api/auth/session`, { headers: { cookie: sessionCookie } });
  const session = (await res.json()) as { userId?: string } | null;
  return session?.userId || null;
}
