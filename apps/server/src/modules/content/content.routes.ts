import { CONTENT_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { ContentService } from './content.module.js';

/** The published documents the site shows (the FAQ, /xiaohongshu, the agreements). */
export async function contentRoutes(app: FastifyInstance, { content }: { content: ContentService }) {
  route(app, CONTENT_API.published, async (request) => content.getPublished(request.params.key));
}
