import { type TCoupon, SURVEY_ROUTES } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AntdScope } from '@/app/antd-scope';
import { SURVEY_THANKS, SurveyDialog } from '@/features/survey/components/survey-dialog';
import { notify } from '@/lib/notify';
import { useSession } from '@/stores/session';
import { signedInForEachTest, userOf } from './factories';
import { type ApiCall, ok, serveApi, isCall } from './fake-api';

/** The satisfaction survey (spec §2) after the company's first paid order. */

const COUPON: TCoupon = {
  sid: 'cpn0000000000001',
  code: 'SURVEY2026',
  amount: 2000,
  type: 1,
  startTime: null,
  endTime: '2027-01-01T00:00:00.000Z',
  scope: [],
  limit: 1,
  notify: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

signedInForEachTest(() => userOf());

function renderDialog() {
  useSession.setState({ surveyPending: true });
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AntdScope>
        <SurveyDialog />
      </AntdScope>
    </QueryClientProvider>,
  );
}

const surveyCalls = (calls: ApiCall[]) => calls.filter((c) => isCall(c, SURVEY_ROUTES.submit));

describe('满意度调查', () => {
  it('a double click on 提交 sends one answer, then shows the thanks and the reward coupon', async () => {
    let answer: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const calls = serveApi((call) => (isCall(call, SURVEY_ROUTES.submit) ? ok({ coupon: COUPON }) : undefined));
    // the answer waits until both clicks are in, as on a slow network
    let sent = 0;
    const served = globalThis.fetch;
    globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
      sent += 1;
      await gate;
      return served(...args);
    };
    renderDialog();

    const submit = await screen.findByRole('button', { name: '提交' }, { timeout: 10_000 });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(sent).toBe(1));
    fireEvent.click(submit);
    await act(async () => {
      answer!();
      await gate;
    });

    expect(await screen.findByText('SURVEY2026', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(surveyCalls(calls)).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith(SURVEY_THANKS);
    expect(SURVEY_THANKS).toBe('提交成功，感谢您的反馈！');
    expect(useSession.getState().surveyPending).toBe(false);
  });

  it('shows the thanks when the answer brings no coupon', async () => {
    serveApi((call) => (isCall(call, SURVEY_ROUTES.submit) ? ok({ coupon: null }) : undefined));
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: '提交' }, { timeout: 10_000 }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('提交成功，感谢您的反馈！'));
    expect(useSession.getState().surveyPending).toBe(false);
  });

  it('keeps feedback over 1000 characters whole and refuses it with the limit named', async () => {
    const calls = serveApi((call) => (isCall(call, SURVEY_ROUTES.submit) ? ok({ coupon: null }) : undefined));
    renderDialog();
    const feedback = await screen.findByLabelText('意见与建议（选填）', undefined, { timeout: 10_000 });
    const long = '希望增加更多素材'.repeat(126);
    fireEvent.change(feedback, { target: { value: long } });
    expect((feedback as HTMLTextAreaElement).value).toBe(long);
    expect(feedback.hasAttribute('maxlength')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('意见与建议不能超过 1000 个字符', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(surveyCalls(calls)).toHaveLength(0);
  });

  it('stops asking when the company has already answered elsewhere (4121)', async () => {
    serveApi((call) =>
      isCall(call, SURVEY_ROUTES.submit)
        ? { status: 409, body: { code: 4121, data: null, message: '贵公司已提交过满意度调查，感谢您的反馈' } }
        : undefined,
    );
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: '提交' }, { timeout: 10_000 }));
    await waitFor(() => expect(useSession.getState().surveyPending).toBe(false));
    expect(notify.error).toHaveBeenCalledWith('贵公司已提交过满意度调查，感谢您的反馈');
  });
});
