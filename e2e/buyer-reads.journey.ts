import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { endpointUrl, MATERIAL_ROUTES } from '@gemstock/contract';
import { call, registerBuyer, signIn, skipGuide } from './fixtures';

/*
 * What the buyer reads must be right: a free material's own page downloads it free, a video's
 * page shows the video licence table, and the pay drawer shows the server's payment deadline
 * counting down. Screenshots go to SCREENSHOT_DIR when set, to be looked at.
 */

const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

interface MaterialList {
  materials: { sid: string; format: string; free: boolean }[];
}

/** A new main account with its company, signed in on this page. */
async function signInNewBuyer(page: Page, request: APIRequestContext) {
  await signIn(page, await registerBuyer(request, { withCompany: true }));
}

async function shoot(page: Page, name: string) {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

test('a free material’s own page offers 免费下载 until its end date and downloads it through the licence tick', async ({
  page,
  request,
}) => {
  const free = await call<MaterialList>(await request.get(MATERIAL_ROUTES.free.path));
  const material = free.materials[0]!;
  await signInNewBuyer(page, request);
  await page.goto(`/detail/${material.sid}`);

  const offer = page.getByRole('region', { name: '限时免费下载' });
  await expect(offer).toBeVisible();
  await expect(offer.getByText(/^免费至 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/)).toBeVisible();
  // the paid licences stay beside it
  await expect(page.getByRole('radiogroup', { name: '选择授权类型' })).toBeVisible();
  await expect(page.getByRole('button', { name: /立即购买/ })).toBeVisible();
  await shoot(page, 'free-detail');

  await offer.getByRole('button', { name: /免费下载/ }).click();
  const dialog = page.getByRole('dialog', { name: '下载免费素材' });
  await expect(dialog.getByLabel('授权许可使用协议', { exact: true })).toBeVisible();
  await dialog.getByRole('checkbox', { name: '我已阅读并同意《授权许可使用协议》' }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: /同意并下载/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.(jpe?g|png|webp|mp4)$/i);
});

test('a video’s page shows the video licence table: online and outdoor uses, video resolutions, no print', async ({
  page,
  request,
}) => {
  const videos = await call<MaterialList>(
    await request.get(endpointUrl(MATERIAL_ROUTES.search, { query: { format: 'video', page_size: 10 } })),
  );
  const video = videos.materials.find((m) => m.format === 'video')!;
  await page.goto(`/detail/${video.sid}`);

  const table = page.getByRole('radiogroup', { name: '选择授权类型' });
  await expect(table).toBeVisible();
  await expect(table.getByText('网络及户外广告', { exact: true })).toBeVisible();
  await expect(table.getByText(/^分辨率 ≥ /).first()).toBeVisible();
  await expect(table).not.toContainText('印刷');
  await expect(table).not.toContainText('px');
  await expect(table.getByText(/含本素材一次高级定制，无需另付/).first()).toBeVisible();
  await shoot(page, 'video-detail');
});

// the clock time to pay by, with its day when that is tomorrow in China (an order placed in the
// last half hour before midnight there)
const PAY_BY = /^请在 (\d{1,2}月\d{1,2}日 )?\d{2}:\d{2} 前完成支付，超时订单将自动取消$/;

test('the order drawer and the pay drawer show the server’s payment deadline, counting down', async ({
  page,
  request,
}) => {
  await signInNewBuyer(page, request);
  const list = await call<MaterialList>(
    await request.get(endpointUrl(MATERIAL_ROUTES.search, { query: { format: 'image', page_size: 5 } })),
  );
  await page.goto(`/detail/${list.materials[0]!.sid}`);
  await page.getByRole('button', { name: '立即购买' }).click();
  const contract = page.getByRole('dialog', { name: '授权许可使用协议' });
  await contract.getByRole('checkbox', { name: '我已阅读并同意《授权许可使用协议》' }).check();
  await contract.getByRole('button', { name: '同意并下单' }).click();

  const drawer = page.getByRole('dialog', { name: '确认订单' });
  await expect(drawer.getByText(PAY_BY)).toBeVisible();
  await drawer.getByRole('radio', { name: /在线支付/ }).check();
  await drawer.getByRole('button', { name: '去支付' }).click();

  const online = page.getByRole('dialog', { name: '在线支付' });
  await expect(online.getByText(PAY_BY)).toBeVisible();
  const timer = online.getByRole('timer', { name: '支付剩余时间' });
  await expect(timer).toHaveText(/^剩余 (29|30):\d{2}$/);
  const first = await timer.textContent();
  // the next second shows a smaller number: wait for the change itself, not for time
  await expect(timer).not.toHaveText(first!);
  await shoot(page, 'pay-drawer');
});
