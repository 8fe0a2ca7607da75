import { z } from 'zod';
import { defineOperation } from '@/lib/api/operation';
import { CreateSecretBody, RotateSecretBody, SecretListQuery, SecretParams, SecretSchema } from './schemas';

const tag = 'Secrets';
const one = z.strictObject({ data: SecretSchema });

export const listSecretsOp = defineOperation({
  method: 'GET',
  path: '/api/v1/secrets',
  scope: 'secrets:read',
  tag,
  summary: 'List secret metadata of a project',
  query: SecretListQuery,
  responses: { 200: z.strictObject({ data: z.array(SecretSchema) }) },
});

export const createSecretOp = defineOperation({
  method: 'POST',
  path: '/api/v1/secrets',
  scope: 'secrets:write',
  tag,
  summary: 'Create a write-only project secret',
  body: CreateSecretBody,
  responses: { 201: one },
});

export const rotateSecretOp = defineOperation({
  method: 'PATCH',
  path: '/api/v1/secrets/{secretId}',
  scope: 'secrets:write',
  tag,
  summary: 'Rotate the value of a secret',
  params: SecretParams,
  body: RotateSecretBody,
  responses: { 200: one },
});

export const deleteSecretOp = defineOperation({
  method: 'DELETE',
  path: '/api/v1/secrets/{secretId}',
  scope: 'secrets:write',
  tag,
  summary: 'Delete a secret (its value is destroyed)',
  params: SecretParams,
  responses: { 200: z.strictObject({ data: SecretSchema.extend({ deleted: z.literal(true) }) }) },
});
