import { z } from 'zod';
import { defineOperation } from '@/lib/api/operation';
import { ChainSchema } from './schemas';

export const listChainsOp = defineOperation({
  method: 'GET',
  path: '/api/v1/chains',
  scope: 'chains:read',
  tag: 'Chains',
  summary: 'List the enabled chains of the deployment',
  responses: { 200: z.strictObject({ data: z.array(ChainSchema) }) },
});
