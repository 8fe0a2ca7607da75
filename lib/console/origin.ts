/**
 * The origin people reach the console at: AUTH_URL when the deployment sets it (it must, behind a proxy),
 * else the scheme and Host header of the request. Not `nextUrl.origin`, which rewrites 127.0.0.1 to
 * localhost: a link or a sign-in domain must name the host the browser actually uses, or its cookies and
 * SIWE domain would not match.
 */
export function publicOrigin(req: Request): string {
  const configured = process.env.AUTH_URL ?? process.env.NEXTAUTH_URL;
  if (configured) return new URL(configured).origin;
  const url = new URL(req.url);
  const host = req.headers.get('host') ?? url.host;
  return `${url.protocol}//${host}`;
}
