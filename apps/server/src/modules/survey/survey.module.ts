import { bindService } from '../../lib/bind-service.js';
import { listSurveyAnswers, submitSurvey, type SurveyDeps } from './survey.service.js';

/** The buyer's satisfaction survey and the operators' view of the answers; built once, in services.ts. */
export function createSurveyService(deps: SurveyDeps) {
  return bindService(deps, { submitSurvey, listSurveyAnswers });
}

export type SurveyService = ReturnType<typeof createSurveyService>;
