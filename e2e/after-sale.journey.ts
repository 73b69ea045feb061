import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { endpointUrl, LICENCE_ROUTES, MATERIAL_ROUTES, ORDER_ROUTES, USER_ROUTES } from '@gemstock/contract';
import { amountIn, breakdownRow, buyThisMaterialNow, materialPaths, payOnlineInSandbox } from './checkout-steps';
import { call, PASSWORD, registerBuyer, signIn, skipGuide, skipSurvey } from './fixtures';

/*
 * The licences a company owns (issue "Company after-sale"): a new-media licence upgraded to
 * standard for the difference only; a sub-account's order over its monthly budget refused at
 * approval.
 */

interface WireMaterial {
  sid: string;
  authType: number[];
  specialPrice: Record<string, number> | null;
  price: number | Record<string, number>;
  free: boolean;
}

/**
 * A material on home sold at the list prices (no promotion, no premium pricing) that offers both
 * the new-media and the standard licence: standard costs ¥100.00 more there.
 */
async function listPricedMaterial(page: Page, request: APIRequestContext): Promise<string> {
  for (const path of await materialPaths(page, 12)) {
    const sid = decodeURIComponent(path.split('/').pop()!);
    const m = await call<WireMaterial>(await request.get(endpointUrl(MATERIAL_ROUTES.detail, { params: { id: sid } })));
    const special = Object.keys(m.specialPrice ?? {}).length > 0;
    if (!special && !m.free && typeof m.price !== 'object' && m.authType.includes(2) && m.authType.includes(3)) {
      return path;
    }
  }
  throw new Error('no list-priced material offering new-media and standard on home');
}

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
  await skipSurvey(page);
});

test('a new-media licence is upgraded to standard by paying only the difference', async ({
  page,
  context,
  request,
}) => {
  const token = await registerBuyer(request, { withCompany: true });
  await signIn(page, token);
  const path = await listPricedMaterial(page, request);
  await page.goto(path);
  const picker = page.getByRole('radiogroup', { name: '选择授权类型' });
  await picker.getByText('新媒体授权').click();
  await buyThisMaterialNow(page);
  const drawer = page.getByRole('dialog', { name: '确认订单' });
  const firstPaid = await amountIn(breakdownRow(drawer, '实付').locator('dd'));
  await drawer.getByRole('button', { name: '去支付' }).click();
  await payOnlineInSandbox(page, context);

  await page.goto('/record/ordinary');
  await page.getByRole('radiogroup', { name: '查看方式' }).getByText('已购素材').click();
  await page
    .getByRole('button', { name: /^升级授权/ })
    .first()
    .click();
  const upgrade = page.getByRole('dialog', { name: '升级授权' });
  const standard = upgrade.getByRole('radio', { name: /标准授权/ });
  await expect(standard).toBeChecked();
  await expect(upgrade.getByText(/补差价 ¥100\.00/).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('upgrade-dialog.png') });
  await upgrade.getByRole('checkbox', { name: '我已阅读并同意《授权许可使用协议》' }).check();
  await upgrade.getByRole('button', { name: '同意并支付差价' }).click();

  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(/授权升级：新媒体授权 → 标准授权/)).toBeVisible();
  const difference = await amountIn(breakdownRow(drawer, '实付').locator('dd'));
  expect(difference).toBe(10_000);
  expect(difference).toBeLessThan(firstPaid + 10_000);
  await drawer.getByRole('button', { name: '去支付' }).click();
  await payOnlineInSandbox(page, context);

  const purchased = await call<{ materials: { spec: number }[] }>(
    await request.get(endpointUrl(LICENCE_ROUTES.purchased, { query: { page: 1, page_size: 10 } }), {
      headers: { Authorization: `Bearer ${token}` },
    }),
  );
  expect(purchased.materials[0]?.spec).toBe(2);
});

test('a sub-account’s order over its monthly budget is refused when the main account approves it', async ({
  page,
  request,
}) => {
  const mainToken = await registerBuyer(request, { withCompany: true });
  const auth = { Authorization: `Bearer ${mainToken}` };
  const username = `buyer${Date.now().toString(36)}`;
  // ¥100.00 a month, less than one standard licence
  await call(
    await request.post(USER_ROUTES.createSubUser.path, {
      headers: auth,
      data: { username, password: PASSWORD, name: '采购小李', monthlyBudget: 10_000 },
    }),
  );
  const { access_token: subToken } = await call<{ access_token: string }>(
    await request.post(USER_ROUTES.login.path, { data: { username, password: PASSWORD } }),
  );
  const path = await listPricedMaterial(page, request);
  const materialSid = decodeURIComponent(path.split('/').pop()!);
  const { order } = await call<{ order: { sid: string; orderNo: string } }>(
    await request.post(ORDER_ROUTES.placeMaterial.path, {
      headers: { Authorization: `Bearer ${subToken}` },
      data: { materials: { [materialSid]: 2 }, source: null },
    }),
  );
  // paying from the company wallet asks the main account first
  const asked = await request.post(endpointUrl(ORDER_ROUTES.payByWallet, { params: { id: order.sid } }), {
    headers: { Authorization: `Bearer ${subToken}` },
    data: { code: null, referer: null },
  });
  expect(((await asked.json()) as { code: number }).code).not.toBe(0);

  await signIn(page, mainToken);
  await page.goto('/user/order');
  const card = page.getByRole('article', { name: `订单 ${order.orderNo}` });
  await card.getByRole('button', { name: '通过' }).click();
  await expect(card.getByRole('alert')).toContainText('超出该子账号本月预算');
  await page.screenshot({ path: test.info().outputPath('budget-refused.png') });

  await page.goto('/user/sub-account');
  await expect(page.getByText('¥0.00 / ¥100.00').filter({ visible: true })).toBeVisible();
});
