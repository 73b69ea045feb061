import { DEV_PATHS, ZOutboxResponse, zEnvelope } from '@gemstock/contract';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outboxMessages } from '../../db/schema/index.js';
import { ok } from '../../plugins/envelope.js';

const OUTBOX_PAGE = 50;

/** Registered only when the dev outbox is on (never with NODE_ENV=production). */
export async function devRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(DEV_PATHS.outbox, { schema: { response: { 200: zEnvelope(ZOutboxResponse) } } }, async () => {
    const rows = await db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(OUTBOX_PAGE);
    return ok({
      messages: rows.map((r) => ({
        channel: r.channel === 'sms' ? ('sms' as const) : ('email' as const),
        to: r.recipient,
        code: r.code,
        text: r.text,
        createdAt: r.createdAt.toISOString(),
      })),
    });
  });
}
