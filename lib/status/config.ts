/**
 * Whether this deployment publishes its status page (`/status`) and its JSON (`GET /api/status`):
 * `TICKWORK_PUBLIC_STATUS=on`. Off by default; when off both answer as paths that do not exist.
 */
export const publicStatusEnabled = (): boolean => process.env.TICKWORK_PUBLIC_STATUS?.trim() === 'on';
