import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { endpointUrl, MATERIAL_ROUTES } from '@gemstock/contract';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  call,
  journeyShot,
  placePaidOrder,
  registerBuyer,
  signIn,
  signInOperator,
  skipGuide,
  skipSurvey,
} from './fixtures';

/*
 * A new operator's day in the console (issue "The back office for a real business", Done when):
 * ten files uploaded and eight of them listed in bulk, a free period set on fifty materials at
 * once, a paid order refunded that the buyer then sees refunded, and every action on that order
 * found in the audit by its number.
 */

const UPLOADS = 10;
const LISTED = 8;
const BULK = 50;

/**
 * Ten photos unlike each other and unlike the catalogue, each big enough for the licences with
 * a size floor up to 1440 px: a grid of random colour blocks (every file its own seed), so
 * neither the content hash nor the perceptual hash takes one for another.
 */
async function distinctPhotos(dir: string, count: number): Promise<string[]> {
  const cols = 16;
  const rows = 12;
  const paths: string[] = [];
  for (let n = 0; n < count; n += 1) {
    let seed = (Date.now() + n * 7919) % 2_147_483_647 || 1;
    const raw = Buffer.alloc(cols * rows * 3);
    for (let i = 0; i < raw.length; i += 1) {
      seed = (seed * 48_271) % 2_147_483_647;
      raw[i] = seed % 256;
    }
    const path = join(dir, `运营上传-${String(n + 1).padStart(2, '0')}.jpg`);
    await writeFile(
      path,
      await sharp(raw, { raw: { width: cols, height: rows, channels: 3 } })
        .resize(1600, 1200, { kernel: 'nearest' })
        .jpeg({ quality: 82 })
        .toBuffer(),
    );
    paths.push(path);
  }
  return paths;
}

/** A demo material a buyer can pay for (not free), with a licence type it offers. */
async function buyableMaterial(request: APIRequestContext): Promise<{ sid: string; licence: number }> {
  const { materials } = await call<{ materials: { sid: string; free: boolean; authType: number[] }[] }>(
    await request.get(endpointUrl(MATERIAL_ROUTES.search, { query: { sort: '-created', page_size: 30 } })),
  );
  const m = materials.find((x) => !x.free && x.authType.length > 0);
  expect(m, 'the demo catalogue has a material for sale').toBeDefined();
  return { sid: m!.sid, licence: m!.authType[0]! };
}

/** "2026-12-06 09:00" in China time, `days` from now (the journeys' browser runs in Asia/Shanghai). */
function chinaMinute(days: number, hour: number): string {
  const china = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000);
  const day = china.toISOString().slice(0, 10);
  return `${day} ${String(hour).padStart(2, '0')}:00`;
}

function menu(page: Page, name: string) {
  return page.getByRole('menuitem', { name: new RegExp(`^${name}`) });
}

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
  await skipSurvey(page);
});

test('an operator uploads ten files and lists eight, sets a free period on fifty materials, refunds a paid order the buyer then sees refunded, and finds every action on it in the audit', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = `运营日${Date.now().toString(36).slice(-5)}`;
  // in the run's output directory, which Playwright empties when the next run starts
  const dir = test.info().outputPath('photos');
  await mkdir(dir, { recursive: true });
  const [photos, order] = await Promise.all([
    distinctPhotos(dir, UPLOADS),
    // Set-up that is not the point: a buyer with a company and an order paid online.
    (async () => {
      const token = await registerBuyer(request, { withCompany: true });
      return { token, ...(await placePaidOrder(request, token, await buyableMaterial(request))) };
    })(),
  ]);

  // 1. The demo operator signs in to the console.
  await signInOperator(page);
  // 今日待办 opens with its figures, the uploads waiting for review among them
  await expect(page.getByRole('link', { name: /^待审核的上传 / })).toBeVisible();
  await journeyShot(page, 'operator-1-signed-in');

  // 2. Ten files uploaded with one keyword; processed, they wait for review.
  await menu(page, '上传素材').click();
  await expect(page).toHaveURL(/\/admin\/upload/);
  await page.getByLabel('关键词').click();
  await page.keyboard.type(tag);
  await page.keyboard.press('Enter');
  // the file chooser the dragger opens, answered with the ten photos
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByText('点击或拖拽文件到此处上传').click(),
  ]);
  await chooser.setFiles(photos);
  // this upload's files, by their keyword: an earlier journey's batch may be open above or below
  const files = page.locator('.ant-table-expanded-row tr.ant-table-row').filter({ hasText: tag });
  await expect(files).toHaveCount(UPLOADS);
  await expect(files.filter({ hasText: '待审核' })).toHaveCount(UPLOADS, { timeout: 60_000 });
  await expect(files.filter({ hasText: '1600 × 1200' })).toHaveCount(UPLOADS);
  await expect(files.filter({ hasText: '疑似重复' })).toHaveCount(0);
  await journeyShot(page, 'operator-2-uploaded');

  // The batch's 去审核 opens review on just these files; eight are ticked and listed at once.
  const batchRow = page.locator('tr.ant-table-row').filter({ hasText: `待审核 ${UPLOADS}` });
  await batchRow.getByRole('link', { name: '去审核' }).click();
  await expect(page).toHaveURL(/\/admin\/review\?batch=/);
  const queue = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(queue).toHaveCount(UPLOADS);
  await expect(queue.filter({ hasText: tag })).toHaveCount(UPLOADS);
  for (let i = 0; i < LISTED; i += 1)
    await queue
      .nth(i)
      .getByRole('checkbox', { name: /^选择素材 / })
      .check();
  await expect(page.getByText(`共 ${UPLOADS} 个，已选 ${LISTED} 个`)).toBeVisible();
  await page.getByRole('button', { name: '批量提交上架' }).click();
  await expect(page.getByText(`已上架 ${LISTED} 个素材`)).toBeVisible();
  await expect(queue).toHaveCount(UPLOADS - LISTED);
  await expect(page.getByText(`共 ${UPLOADS - LISTED} 个`)).toBeVisible();
  await journeyShot(page, 'operator-2-listed');

  // 3. Fifty materials, one page of them, get a free period next week in one bulk edit.
  await menu(page, '素材管理').click();
  await expect(page).toHaveURL(/\/admin\/materials/);
  const table = page.getByRole('region', { name: '素材列表' });
  await page.getByLabel('每页数量').click();
  // antd draws its options beside an unseen listbox for screen readers: the one on screen is clicked
  await page.getByText(`${BULK} 条/页`, { exact: true }).filter({ visible: true }).click();
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(BULK);
  await page.getByRole('checkbox', { name: '选择本页全部素材' }).check();
  await expect(page.getByText(`已选 ${BULK} 个素材`)).toBeVisible();
  await page.getByRole('button', { name: /批量操作/ }).click();
  await page.getByRole('menuitem', { name: '设置免费期' }).click();
  const bulk = page.getByRole('dialog', { name: '批量设置免费期' });
  await expect(bulk).toBeVisible();
  const from = chinaMinute(7, 0);
  const until = chinaMinute(13, 23);
  const [start, end] = [bulk.getByPlaceholder('开始日期'), bulk.getByPlaceholder('结束日期')];
  await start.click();
  await start.fill(from);
  await start.press('Enter');
  await end.fill(until);
  await end.press('Enter');
  await expect(bulk.getByText(`将对已选的 ${BULK} 个素材设置免费期 ${from} 至 ${until}`)).toBeVisible();
  await journeyShot(page, 'operator-3-bulk-free', { fullPage: false });
  await bulk.getByRole('button', { name: '开始修改' }).click();
  await expect(page.getByText(`已开始批量修改 ${BULK} 个素材`)).toBeVisible();
  await expect(page.getByText(`批量修改已完成：${BULK} 个素材`)).toBeVisible({ timeout: 30_000 });
  // The list shows the period on the materials it was set on, and a material's editor the dates.
  await expect(rows.filter({ hasText: '免费时段' })).toHaveCount(BULK);
  await rows.first().getByText('免费时段').hover();
  await expect(page.getByRole('tooltip')).toHaveText(`免费时段 ${from} 至 ${until}，当前不在时段内`);
  // every column is on screen at 1440 px: the fixed 操作 column hides no upload time
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await journeyShot(page, 'operator-3-bulk-done');
  await rows.first().getByRole('button', { name: '编辑' }).click();
  const editor = page.getByRole('dialog').filter({ hasText: '免费下载时段' });
  await expect(editor.getByPlaceholder('开始日期')).toHaveValue(from);
  await expect(editor.getByPlaceholder('结束日期')).toHaveValue(until);
  await editor.getByText('免费下载时段').scrollIntoViewIfNeeded();
  await journeyShot(page, 'operator-3-material-free', { fullPage: false });
  await editor
    .getByRole('button', { name: /关\s*闭|Close/ })
    .first()
    .click();

  // 4. The paid order, found by its number in 订单管理, is refunded with its reason.
  await menu(page, '订单管理').click();
  await expect(page).toHaveURL(/\/admin\/orders/);
  await page.getByLabel('订单号、买家邮箱 / 手机号 / 用户名或企业').fill(order.orderNo);
  await page.getByRole('button', { name: '搜索' }).click();
  const orderRow = page.locator('tbody tr.ant-table-row').filter({ hasText: order.orderNo });
  await expect(orderRow).toHaveCount(1);
  await expect(orderRow.getByText('已完成')).toBeVisible();
  await orderRow.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByRole('dialog', { name: `订单 ${order.orderNo}` });
  await drawer.getByRole('button', { name: '退款' }).click();
  const refund = page.getByRole('dialog', { name: `退款 · 订单 ${order.orderNo}` });
  await expect(refund.getByText('确认后立即生效，无法撤销')).toBeVisible();
  await refund.getByLabel('退款原因').fill('买家误购同款素材，经协商全额退款');
  await journeyShot(page, 'operator-4-refund-dialog', { fullPage: false });
  await refund.getByRole('button', { name: /^确认退款/ }).click();
  await expect(refund).toBeHidden();
  await expect(drawer.getByText(/已退款|退款中/).first()).toBeVisible();
  await journeyShot(page, 'operator-4-refunded', { fullPage: false });
  await drawer
    .getByRole('button', { name: /关\s*闭|Close/ })
    .first()
    .click();
  await expect(drawer).toBeHidden();

  // The buyer's 我的订单 says so: 退款中 while the gateway settles it, then 已退款.
  const buyer = await browser.newContext();
  const buyerPage = await buyer.newPage();
  await skipGuide(buyerPage);
  await skipSurvey(buyerPage);
  await signIn(buyerPage, order.token);
  await buyerPage.goto('/user/order');
  const card = buyerPage.getByRole('article', { name: `订单 ${order.orderNo}` });
  await expect(card.getByText(/退款中|已退款/).first()).toBeVisible();
  await expect(async () => {
    await buyerPage.reload();
    await expect(card.getByText('已退款').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await journeyShot(buyerPage, 'operator-4-buyer-order');
  await buyer.close();

  // 5. 操作日志: the order's number finds every action on it, each linked to the order.
  await menu(page, '操作日志').click();
  await expect(page).toHaveURL(/\/admin\/audit/);
  await page.getByLabel('按对象编号查找').fill(order.orderNo);
  await page.getByRole('button', { name: '查找' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${order.orderNo}`));
  const entries = page.locator('tbody tr.ant-table-row');
  // the unfiltered list stays on screen until the search answers: wait until only this order's rows are left
  await expect(entries.filter({ hasNotText: order.orderNo })).toHaveCount(0);
  await expect(entries.filter({ hasText: '订单退款' })).toHaveCount(1);
  await expect(entries.filter({ hasText: '买家误购同款素材，经协商全额退款' })).toHaveCount(1);
  const count = await entries.count();
  for (let i = 0; i < count; i += 1) {
    await expect(entries.nth(i).getByRole('link', { name: '订单', exact: true })).toHaveAttribute(
      'href',
      new RegExp(`order=${order.sid}`),
    );
  }
  await journeyShot(page, 'operator-5-audit');
  await entries.first().getByRole('link', { name: '订单' }).click();
  await expect(page.getByRole('dialog', { name: `订单 ${order.orderNo}` })).toBeVisible();
});
