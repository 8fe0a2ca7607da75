import { type NextRequest, NextResponse } from 'next/server';
import { errorResponse } from '@/lib/api/error-response';
import { ApiError } from '@/lib/api/errors';
import { newId } from '@/lib/ids';

// The API's paths are decoded before any route sees them; a malformed percent-encoding (`%FF`, `%E0%A4`,
// a lone `%`) would fail there with Next's plain-text 500. It is the client's mistake: 400 in the error shape.
export function proxy(req: NextRequest) {
  try {
    decodeURIComponent(req.nextUrl.pathname);
  } catch {
    return errorResponse(
      new ApiError(400, 'invalid_request', 'the URL path is not valid percent-encoding'),
      newId('request'),
    );
  }
  return NextResponse.next();
}

/**
 * Only API paths holding a `%`: every malformed encoding has one, and a request the proxy sees has its body
 * buffered by Next (and cut at 10 MB), which would break the streamed upload, storage and webhook bodies.
 */
export const config = { matcher: '/api/:path(.*%.*)' };
