import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { publicRoute } from '@/lib/api/route';
import { pollCliLogin } from '@/lib/auth/cli-login';
import { PollCliLoginBody } from '@/lib/auth/cli-login-schemas';

// POST /api/cli/token — poll a management login; returns the workspace-bound key once it is approved
export const POST = publicRoute({ body: PollCliLoginBody }, async ({ body }) =>
  ok(await pollCliLogin(getDb(), body.deviceCode)),
);
