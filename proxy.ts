import { type NextRequest, NextResponse } from 'next/server';
import { errorResponse } from '@/lib/api/error-response';
import { apiError } from '@/lib/api/errors';
import { CONSOLE_PATH_HEADER } from '@/lib/console/path-header';
import { newId } from '@/lib/ids';
import { publicStatusEnabled } from '@/lib/status/config';

/** The public status page and its JSON: paths that do not exist unless TICKWORK_PUBLIC_STATUS=on. */
const STATUS_PATHS = new Set(['/status', '/api/status']);

// The API's paths are decoded before any route sees them; a malformed percent-encoding (`%FF`, `%E0%A4`,
// a lone `%`) would fail there with Next's plain-text 500. It is the client's mistake: 400 in the error shape.
export function proxy(req: NextRequest) {
  // Off, they answer exactly what a path no route serves answers (the same 404 page): no hint that they exist.
  if (STATUS_PATHS.has(req.nextUrl.pathname) && !publicStatusEnabled())
    return NextResponse.rewrite(new URL(`${req.nextUrl.pathname}/-`, req.url));
  if (!req.nextUrl.pathname.startsWith('/api/')) return withConsolePath(req);
  try {
    decodeURIComponent(req.nextUrl.pathname);
  } catch {
    return errorResponse(
      apiError('invalid_request', 'the URL path is not valid percent-encoding'),
      newId('request'),
    );
  }
  return NextResponse.next();
}

function withConsolePath(req: NextRequest) {
  const headers = new Headers(req.headers);
  headers.set(CONSOLE_PATH_HEADER, req.nextUrl.pathname + req.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

/**
 * API paths holding a `%`: every malformed encoding has one, and a request the proxy sees has its body
 * buffered by Next (and cut at 10 MB), which would break the streamed upload, storage and webhook bodies;
 * `/api/status` (a GET without a body); and console pages (no dot in the path: not a static file), to learn
 * their path.
 */
export const config = {
  matcher: ['/api/:path(.*%.*)', '/api/status', '/((?!api/|rpc/|_next/|.*\\.).*)'],
};
