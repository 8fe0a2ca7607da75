import { errorResponse } from '@/lib/api/error-response';
import { apiError } from '@/lib/api/errors';
import { newId } from '@/lib/ids';

// Any /api/v1 path no route serves (/api/v1 itself included, hence the optional catch-all): a 404 in the
// API's error shape, with X-Request-Id like every response.
const unknownRoute = async () => errorResponse(apiError('not_found', 'no such API route'), newId('request'));

export const GET = unknownRoute;
export const POST = unknownRoute;
export const PATCH = unknownRoute;
export const PUT = unknownRoute;
export const DELETE = unknownRoute;
