// GET|POST /api/auth/* — next-auth endpoints (csrf, session, SIWE credentials callback, GitHub OAuth)
import { handlers } from '@/lib/auth/next-auth';

export const { GET, POST } = handlers;
