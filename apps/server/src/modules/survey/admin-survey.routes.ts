import { ADMIN_SURVEY_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { SurveyService } from './survey.module.js';

/** The operators' view of the answers. */
export async function adminSurveyRoutes(app: FastifyInstance, { surveys }: { surveys: SurveyService }) {
  route(app, ADMIN_SURVEY_API.list, async (request) => surveys.listSurveyAnswers(request.query));
}
