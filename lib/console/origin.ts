import { headers } from 'next/headers';

/**
 * The origin people reach the console at: AUTH_URL when the deployment sets it (it must, behind a proxy),
 * else the scheme and Host header of the request. Not `nextUrl.origin`, which rewrites 127.0.0.1 to
 * localhost: a link or a sign-in domain must name the host the browser actually uses, or its cookies and
 * SIWE domain would not match.
 */
function originFrom(requestHeaders: Headers, protocol: string): string {
  const configured = process.env.AUTH_URL ?? process.env.NEXTAUTH_URL;
  if (configured) return new URL(configured).origin;
  return `${protocol}//${requestHeaders.get('host') ?? 'localhost:3000'}`;
}

/** For route handlers. */
export const publicOrigin = (req: Request): string => originFrom(req.headers, new URL(req.url).protocol);

/** For server actions, which see the request's headers but not its URL. */
export async function serverActionOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get('host') ?? '';
  const local = host.startsWith('localhost') || host.startsWith('127.');
  const forwarded = h.get('x-forwarded-proto');
  return originFrom(h, forwarded ? `${forwarded}:` : local ? 'http:' : 'https:');
}
