import { z } from 'zod';

export const DEV_PATHS = { outbox: '/api/dev/outbox' } as const;

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
