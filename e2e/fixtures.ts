import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEV_ROUTES, USER_ROUTES } from '@gemstock/contract';

/** The cookie the web app keeps beside its token (the contract's SIGNED_IN_COOKIE). */
const SIGNED_IN_COOKIE = 'gs_signed_in';

export const PASSWORD = 'Gemstock2026!';
/** The company a journey's buyer registers with. */
export const COMPANY = {
  company: '杭州宝图结算测试珠宝有限公司',
  company_license: '91330100MA2KCHK01G',
  company_address: '浙江省杭州市西湖区文三路 200 号',
};

interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

/** The data of a successful API answer (code 0). */
export async function call<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, body.message).toBe(0);
  return body.data;
}

/** A new main account, registered through the API with its emailed code; optionally with a company. */
export async function registerBuyer(request: APIRequestContext, options: { withCompany: boolean }): Promise<string> {
  const email = uniqueEmail('checkout');
  await call(await request.post(USER_ROUTES.sendEmailCode.path, { data: { email } }));
  const code = await latestCode(request, email);
  const { access_token: token } = await call<{ access_token: string }>(
    await request.post(USER_ROUTES.register.path, {
      data: { email, code, password: PASSWORD, agreement: true, adult: true },
    }),
  );
  if (options.withCompany) {
    await call(
      await request.post(USER_ROUTES.company.path, { data: COMPANY, headers: { Authorization: `Bearer ${token}` } }),
    );
  }
  return token;
}

/** Starts the page's visits signed in with this buyer token. */
export async function signIn(page: Page, token: string) {
  await page.addInitScript((t) => window.localStorage.setItem('gemstock.token', t), token);
  // what the app's own sign-in leaves beside the token: the server then sends pages undrawn
  const base = test.info().project.use.baseURL;
  if (base) await page.context().addCookies([{ name: SIGNED_IN_COOKIE, value: '1', url: base }]);
}

/** Skips the first-visit guide so journeys start on the page itself. */
export async function skipGuide(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('gemstock.guide-seen', '1'));
}

/** Marks the satisfaction survey as already shown in this browser, for journeys about other things. */
export async function skipSurvey(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('gemstock.survey', 'shown'));
}

export function uniqueEmail(prefix = 'buyer') {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@e2e.example.com`;
}

/** The newest verification code the server "sent" to this address, read from the dev outbox. */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const res = await request.get(DEV_ROUTES.outbox.path);
      const body = (await res.json()) as { data: { messages: { to: string; code: string | null }[] } };
      code = body.data.messages.find((m) => m.to === to)?.code ?? null;
      return code;
    })
    .not.toBeNull();
  return code as unknown as string;
}

export function authDialog(page: Page) {
  return page.getByRole('dialog');
}

/** Signs the demo operator in to the console (the seed's account). */
export async function signInOperator(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill('operator');
  await page.getByLabel('密码').fill('Demo1234!');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  // the console opens on 今日待办
  await expect(page).toHaveURL(/\/admin(\/overview)?$/);
}
