import { SURVEY_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { SurveyService } from './survey.module.js';

/** The buyer's satisfaction survey (spec §7 POST /api/user/survey). */
export async function surveyRoutes(app: FastifyInstance, { surveys }: { surveys: SurveyService }) {
  route(app, SURVEY_API.submit, async (request) => surveys.submitSurvey(request.user, request.body));
}
