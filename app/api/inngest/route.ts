import { serve } from 'inngest/next';
import type { NextRequest } from 'next/server';
import { errorResponse } from '@/lib/api/error-response';
import { apiError } from '@/lib/api/errors';
import { newId } from '@/lib/ids';
import { inngest } from '@/lib/jobs/inngest-client';
import { jobProvider } from '@/lib/jobs/port';
import { inngestFunctions } from '@/lib/jobs/providers/inngest';

export const dynamic = 'force-dynamic';

const inngestHandlers = serve({ client: inngest, functions: inngestFunctions });

type Handler = (req: NextRequest, ctx: unknown) => Promise<Response>;

/** Inngest's handler when this deployment uses Inngest (INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY); else a 404. */
const whenConfigured =
  (handler: Handler): Handler =>
  async (req, ctx) =>
    jobProvider() === 'inngest' && process.env.INNGEST_SIGNING_KEY
      ? handler(req, ctx)
      : errorResponse(
          apiError('not_found', 'Inngest is not configured on this deployment'),
          newId('request'),
        );

// GET, POST, PUT /api/inngest — Inngest's introspection, invocation and registration endpoint
export const GET = whenConfigured(inngestHandlers.GET as Handler);
export const POST = whenConfigured(inngestHandlers.POST as Handler);
export const PUT = whenConfigured(inngestHandlers.PUT as Handler);
