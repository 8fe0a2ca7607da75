import { openApiDocument } from '@/lib/api/openapi/document';
import { newId } from '@/lib/ids';

// GET /api/v1/openapi.json — the machine-readable API description (public)
export async function GET() {
  return Response.json(openApiDocument(), { headers: { 'X-Request-Id': newId('request') } });
}
