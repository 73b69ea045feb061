import { SURVEY_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import { submitSurvey } from './survey.service.js';

/** The buyer's satisfaction survey (spec §7 POST /api/user/survey). */
export async function surveyRoutes(app: FastifyInstance) {
  route(app, SURVEY_API.submit, async (request) => submitSurvey(app.deps, request.user, request.body));
}
