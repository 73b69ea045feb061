import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEV_ROUTES, endpointUrl, ORDER_ROUTES, PAYMENT_ROUTES, USER_ROUTES } from '@gemstock/contract';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

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

/**
 * A full-page screenshot to look at, into JOURNEY_SHOTS_DIR when it is set (nothing is written
 * otherwise, so CI keeps only its failure screenshots). A dialog or drawer is shot as the window
 * shows it: its mask covers the window, not the whole page.
 */
export async function journeyShot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.JOURNEY_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: options.fullPage ?? true });
}

/**
 * An order for one material, placed and paid online through the API: the Alipay link the pay
 * drawer would open, then the sandbox pay page's 确认支付 (its form posts the same). For journeys
 * about what happens to a paid order, not about paying.
 */
export async function placePaidOrder(
  request: APIRequestContext,
  token: string,
  material: { sid: string; licence: number },
): Promise<{ sid: string; orderNo: string }> {
  const headers = { Authorization: `Bearer ${token}` };
  const { order } = await call<{ order: { sid: string; orderNo: string } }>(
    await request.post(ORDER_ROUTES.placeMaterial.path, {
      headers,
      data: { materials: { [material.sid]: material.licence }, source: null },
    }),
  );
  const { link } = await call<{ link: string }>(
    await request.post(endpointUrl(PAYMENT_ROUTES.alipay, { params: { id: order.sid } }), {
      headers,
      data: { code: null, referer: null },
    }),
  );
  const paid = await call<{ orderStatus: string }>(
    await request.post(new URL(link).pathname, { data: { result: 'SUCCESS' } }),
  );
  expect(paid.orderStatus).toBe('PAYED');
  return order;
}
