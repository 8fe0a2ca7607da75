import { z } from 'zod';

export const StartCliLoginBody = z.object({
  clientName: z.string().trim().min(1).max(64).default('tickwork CLI'),
});
export const PollCliLoginBody = z.object({ deviceCode: z.string().min(1).max(200) });
