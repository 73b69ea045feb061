import { ADMIN_SURVEY_API, SURVEY_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import { listSurveyAnswers, submitSurvey } from './survey.service.js';

/** The buyer's satisfaction survey (spec §7 POST /api/user/survey). */
export async function surveyRoutes(app: FastifyInstance) {
  route(app, SURVEY_API.submit, async (request) => submitSurvey(app.deps, request.user, request.body));
}

/** The operators' view of the answers. */
export async function adminSurveyRoutes(app: FastifyInstance) {
  route(app, ADMIN_SURVEY_API.list, async (request) => listSurveyAnswers(app.deps, request.query));
}
