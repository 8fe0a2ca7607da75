import { z } from 'zod';
import { defineOperation } from '@/lib/api/operation';
import {
  ChannelListQuery,
  ChannelParams,
  ChannelSchema,
  CreateChannelBody,
  CreatedChannelSchema,
  DeliverySchema,
} from './channel-schemas';

const tag = 'Notification channels';

export const listChannelsOp = defineOperation({
  method: 'GET',
  path: '/api/v1/channels',
  scope: 'alerts:read',
  tag,
  summary: 'List the notification channels of a project',
  query: ChannelListQuery,
  responses: { 200: z.strictObject({ data: z.array(ChannelSchema) }) },
});

export const createChannelOp = defineOperation({
  method: 'POST',
  path: '/api/v1/channels',
  scope: 'alerts:write',
  tag,
  summary: 'Create a notification channel (webhook, email, slack, discord or telegram)',
  description:
    'Fields by kind: webhook, slack, discord `url`; email `to`; telegram `botToken` and `chatId`. Credentials are ' +
    'stored encrypted and never returned; a webhook channel’s `signingSecret` is in this response only.',
  body: CreateChannelBody,
  responses: { 201: z.strictObject({ data: CreatedChannelSchema }) },
});

export const getChannelOp = defineOperation({
  method: 'GET',
  path: '/api/v1/channels/{channelId}',
  scope: 'alerts:read',
  tag,
  summary: 'Get a notification channel and its state',
  params: ChannelParams,
  responses: { 200: z.strictObject({ data: ChannelSchema }) },
});

export const deleteChannelOp = defineOperation({
  method: 'DELETE',
  path: '/api/v1/channels/{channelId}',
  scope: 'alerts:write',
  tag,
  summary: 'Delete a notification channel (its credentials are destroyed)',
  params: ChannelParams,
  responses: { 200: z.strictObject({ data: ChannelSchema.extend({ deleted: z.literal(true) }) }) },
});

export const testChannelOp = defineOperation({
  method: 'POST',
  path: '/api/v1/channels/{channelId}/test',
  scope: 'alerts:write',
  tag,
  summary: 'Send a test notification through the outbox',
  params: ChannelParams,
  responses: {
    202: z.strictObject({
      data: z.strictObject({ id: z.string(), channelId: z.string(), state: z.literal('pending') }),
    }),
  },
});

export const listChannelDeliveriesOp = defineOperation({
  method: 'GET',
  path: '/api/v1/channels/{channelId}/deliveries',
  scope: 'alerts:read',
  tag,
  summary: 'Recent notifications of a channel with their delivery attempts',
  params: ChannelParams,
  responses: { 200: z.strictObject({ data: z.array(DeliverySchema) }) },
});
