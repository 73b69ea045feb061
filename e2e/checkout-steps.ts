import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { endpointUrl, MATERIAL_ROUTES, type TMaterial } from '@gemstock/contract';
import { call } from './fixtures';

/** Steps of buying that several journeys take: finding materials, the contract, paying in the sandbox. */

/** Detail-page paths of the first materials on home. */
export async function materialPaths(page: Page, count: number): Promise<string[]> {
  await page.goto('/');
  const tiles = page.locator('.gs-tile__link');
  await expect(tiles.first()).toBeVisible();
  const hrefs = await tiles.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const unique = [...new Set(hrefs.filter(Boolean))];
  expect(unique.length).toBeGreaterThanOrEqual(count);
  return unique.slice(0, count);
}

/**
 * Detail-page paths of the first paid pictures on home that `fits` accepts. Home's order is a
 * visitor's own shuffle, so a journey that downloads an original asks for pictures: a video's
 * first download starts its marked copy and answers "being prepared" instead of a file.
 */
export async function paidPicturesOnHome(
  page: Page,
  request: APIRequestContext,
  count: number,
  fits: (m: TMaterial) => boolean = () => true,
): Promise<string[]> {
  const found: string[] = [];
  for (const path of await materialPaths(page, 20)) {
    const sid = decodeURIComponent(path.split('/').pop()!);
    const m = await call<TMaterial>(await request.get(endpointUrl(MATERIAL_ROUTES.detail, { params: { id: sid } })));
    if (m.format === 'image' && !m.free && fits(m)) found.push(path);
    if (found.length === count) return found;
  }
  throw new Error(`fewer than ${count} paid pictures among home's first 20 materials`);
}

/** The first paid picture on home that `fits` accepts. */
export async function paidPictureOnHome(
  page: Page,
  request: APIRequestContext,
  fits?: (m: TMaterial) => boolean,
): Promise<string> {
  const [path] = await paidPicturesOnHome(page, request, 1, fits);
  return path!;
}

/** "¥1,234.56" → 123456 cents (the test's own reading of what the page shows). */
export function centsOf(text: string): number {
  const match = /(-?)¥([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const cents = Number(match[2]!.replace(/,/g, '')) * 100 + Number(match[3]);
  return match[1] ? -cents : cents;
}

export async function amountIn(locator: Locator): Promise<number> {
  return centsOf((await locator.textContent()) ?? '');
}

/** The breakdown row of the order drawer with this label (原价 / 会员优惠 / 优惠券 / 实付). */
export function breakdownRow(drawer: Locator, label: string): Locator {
  return drawer.locator('.gs-breakdown__row').filter({ has: drawer.page().locator('dt', { hasText: label }) });
}

/**
 * Pays the open online pay drawer through the sandbox: the Alipay tab's 去支付 opens our own
 * sandbox pay page in a new tab, whose 确认支付 delivers a signed notification; the drawer's
 * 4-second polling then sees the order paid.
 */
export async function payOnlineInSandbox(page: Page, context: BrowserContext) {
  const online = page.getByRole('dialog', { name: '在线支付' });
  await expect(online).toBeVisible();
  // the WeChat tab draws the link as a QR code
  await expect(online.getByRole('img', { name: '请使用微信扫一扫完成支付' })).toBeVisible();
  await expect(online.getByRole('button', { name: '取消支付' })).toBeVisible();

  await online.getByRole('tab', { name: /支付宝/ }).click();
  const goPay = online.getByRole('link', { name: '去支付' });
  await expect(goPay).toHaveAttribute('target', '_blank');
  await expect(goPay).toHaveAttribute('href', /\/sandbox\/pay\//);
  const [sandbox] = await Promise.all([context.waitForEvent('page'), goPay.click()]);
  await expect(sandbox.getByRole('heading', { name: /沙箱支付/ })).toBeVisible();
  await sandbox.getByRole('button', { name: '确认支付' }).click();
  await expect(sandbox.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await sandbox.close();

  await expect(page.getByText('支付成功').first()).toBeVisible({ timeout: 15_000 });
  await expect(online).toBeHidden();
}

/**
 * The online pay drawer on a phone (decision 0026): no QR code, a button that opens the sandbox
 * page in this tab (as WeChat Pay H5 and Alipay wap pay open theirs); paying there sends the
 * browser back to /pay/return, which waits for the result and goes on like the drawer.
 */
export async function payOnPhoneInSandbox(page: Page) {
  const online = page.getByRole('dialog', { name: '在线支付' });
  await expect(online).toBeVisible();
  await expect(online.getByRole('img', { name: '请使用微信扫一扫完成支付' })).toHaveCount(0);
  const goPay = online.getByRole('link', { name: '去微信支付' });
  await expect(goPay).toHaveAttribute('href', /\/sandbox\/pay\//);
  await expect(goPay).not.toHaveAttribute('target', '_blank');
  await goPay.tap();
  await expect(page.getByRole('heading', { name: /沙箱支付/ })).toBeVisible();
  await page.getByRole('button', { name: '确认支付' }).tap();
  await expect(page).toHaveURL(/\/pay\/return\?order=/);
  await expect(page.getByText('支付成功').first()).toBeVisible({ timeout: 15_000 });
}

/** 立即购买 on the open detail page, then the licence agreement ticked and accepted. */
export async function buyThisMaterialNow(page: Page) {
  await page.getByRole('button', { name: '立即购买' }).click();
  const contract = page.getByRole('dialog', { name: '授权许可使用协议' });
  await contract.getByRole('checkbox', { name: '我已阅读并同意《授权许可使用协议》' }).check();
  await contract.getByRole('button', { name: '同意并下单' }).click();
}

/** 立即购买 on the first material of home, then the licence agreement ticked and accepted. */
export async function buyFirstMaterialNow(page: Page) {
  const [path] = await materialPaths(page, 1);
  await page.goto(path!);
  await buyThisMaterialNow(page);
}

/**
 * Makes the signed-in buyer a VIP the way a buyer does: the monthly recharge on /wallet (the first
 * amount, ¥699), the VIP agreement ticked, paid online in the sandbox.
 */
export async function becomeVip(page: Page, context: BrowserContext) {
  await page.goto('/wallet');
  await page.getByRole('button', { name: '立即开通' }).click();
  const recharge = page.getByRole('dialog', { name: /开通 VIP 月度会员/ });
  await recharge.locator('.gs-recharge-amount').click();
  await recharge.getByRole('button', { name: '立即充值' }).click();
  const protocol = page.getByRole('dialog', { name: 'VIP月度服务协议' });
  await protocol.getByRole('checkbox', { name: '我已阅读并同意《VIP月度服务协议》' }).check();
  await protocol.getByRole('button', { name: '立即支付' }).click();
  await page.getByRole('dialog', { name: '确认订单' }).getByRole('button', { name: '去支付' }).click();
  await payOnlineInSandbox(page, context);
  await expect(page.getByRole('banner').getByRole('button', { name: '¥699.00' })).toBeVisible();
}
