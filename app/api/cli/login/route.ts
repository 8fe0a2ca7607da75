import { getDb } from '@/db/client';
import { limitByClientAddress } from '@/lib/api/address-rate-limit';
import { ok } from '@/lib/api/reply';
import { publicRoute } from '@/lib/api/route';
import { CLI_LOGINS_PER_MINUTE, startCliLogin } from '@/lib/auth/cli-login';
import { StartCliLoginBody } from '@/lib/auth/cli-login-schemas';
import { publicOrigin } from '@/lib/console/origin';

// POST /api/cli/login — start a management login: returns the device code to poll with and the code to approve
export const POST = publicRoute({ body: StartCliLoginBody }, async ({ req, body }) => {
  await limitByClientAddress(req, 'cli-login', CLI_LOGINS_PER_MINUTE);
  const login = await startCliLogin(getDb(), body.clientName);
  const verificationUrl = new URL('/cli/authorize', publicOrigin(req)).toString();
  return ok(
    {
      ...login,
      verificationUrl,
      verificationUrlComplete: `${verificationUrl}?code=${encodeURIComponent(login.userCode)}`,
    },
    201,
  );
});
