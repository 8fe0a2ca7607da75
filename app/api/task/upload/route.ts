import { getDb } from '@/db/client';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { uploadFunctionOp } from '@/lib/functions/operations';
import { readUploadForm, uploadRelease } from '@/lib/functions/upload';

// POST /api/task/upload — multipart upload of a function bundle as a release
export const POST = route(uploadFunctionOp, async ({ req, principal }) => ({
  status: 200,
  body: await uploadRelease(
    getDb(),
    principal,
    await principalActor(getDb(), principal),
    await readUploadForm(req),
  ),
}));

// Other methods: 405 in the API's error shape
export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
