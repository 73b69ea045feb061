import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';

export const ZOutboxMessage = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  code: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

export const ZOutboxResponse = z.object({ messages: z.array(ZOutboxMessage) });
export type TOutboxResponse = z.infer<typeof ZOutboxResponse>;

export const DEV_API = {
  outbox: defineEndpoint({
    method: 'GET',
    path: '/api/dev/outbox',
    access: 'public',
    response: ZOutboxResponse,
    summary: 'The newest mails and texts the dev outbox kept (served only when it is on, never in production).',
  }),
} as const;
