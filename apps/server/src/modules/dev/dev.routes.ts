import { DEV_API } from '@gemstock/contract';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outboxMessages } from '../../db/schema/index.js';
import { route } from '../../plugins/route.js';

const OUTBOX_PAGE = 50;

/** Registered only when the dev outbox is on (never with NODE_ENV=production). */
export async function devRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  route(app, DEV_API.outbox, async () => {
    const rows = await db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(OUTBOX_PAGE);
    return {
      messages: rows.map((r) => ({
        channel: r.channel === 'sms' ? ('sms' as const) : ('email' as const),
        to: r.recipient,
        code: r.code,
        text: r.text,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  });
}
