import { ADMIN_SURVEY_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import { listSurveyAnswers } from './survey.service.js';

/** The operators' view of the answers. */
export async function adminSurveyRoutes(app: FastifyInstance) {
  route(app, ADMIN_SURVEY_API.list, async (request) => listSurveyAnswers(app.deps, request.query));
}
