import type { PrivateSubmissionMode } from '@/db/enums';

/** What each use of a chain's private transaction endpoint means, in the console's words. */
export const PRIVATE_SUBMISSION_LABELS: Record<PrivateSubmissionMode, string> = {
  auto: 'Private endpoint first, public mempool after the chain’s fallback',
  only: 'Private endpoint only',
  off: 'Public mempool',
};
