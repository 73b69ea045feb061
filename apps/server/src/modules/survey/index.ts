/**
 * The survey module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. The buyers' satisfaction survey.
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { adminSurveyRoutes } from './admin-survey.routes.js';
export { createSurveyService } from './survey.module.js';
export { surveyRoutes } from './survey.routes.js';
export { isSurveyPending } from './survey.service.js';
