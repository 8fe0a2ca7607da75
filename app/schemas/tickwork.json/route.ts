import { asCodeJsonSchema } from '@/lib/as-code/file-schema';

// GET /schemas/tickwork.json — the JSON Schema of tickwork.yaml (public), for editors (docs/gitops.md)
export const dynamic = 'force-static';

export async function GET() {
  return Response.json(asCodeJsonSchema(), { headers: { 'Cache-Control': 'public, max-age=3600' } });
}
