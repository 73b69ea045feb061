import { SURVEY_API, type TSurveyRequest, type TSurveyResponse } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/user/survey {satisfaction, score, feedback} → {coupon}: the reward, once per company. */
export function submitSurvey(body: TSurveyRequest): Promise<TSurveyResponse> {
  return callApi(SURVEY_API.submit, { body });
}

export function useSubmitSurvey() {
  return useMutation({ mutationFn: submitSurvey });
}
