import { expect, test } from '@playwright/test';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buyThisMaterialNow, paidPictureOnHome, payOnlineInSandbox } from './checkout-steps';
import { registerBuyer, signIn, signInOperator, skipGuide, skipSurvey } from './fixtures';

/*
 * The trace on delivered originals (decision 0049): a buyer downloads the original of a picture it
 * licensed; the copy turns up elsewhere re-compressed and shrunk; the operator uploads it in 溯源
 * and sees that buyer's company and licence.
 */

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
  await skipSurvey(page);
});

test('a downloaded original, re-compressed and shrunk, is traced in the console to the buyer that downloaded it', async ({
  page,
  context,
  request,
  browser,
}) => {
  const token = await registerBuyer(request, { withCompany: true });
  await signIn(page, token);
  const path = await paidPictureOnHome(page, request);
  const sid = decodeURIComponent(path.split('/').pop()!);
  await page.goto(path);
  await buyThisMaterialNow(page);
  await page.getByRole('dialog', { name: '确认订单' }).getByRole('button', { name: '去支付' }).click();
  await payOnlineInSandbox(page, context);

  await page.goto('/record/ordinary');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page
      .getByRole('button', { name: `下载原图 ${sid}` })
      .first()
      .click(),
  ]);
  const original = await readFile((await download.path())!);
  const meta = await sharp(original).metadata();
  // The copy found online: half the size, JPEG at quality 70.
  const copy = await sharp(original)
    .resize(Math.round(meta.width! / 2))
    .jpeg({ quality: 70 })
    .toBuffer();
  const file = join(await mkdtemp(join(tmpdir(), 'gemstock-trace-')), 'found-online.jpg');
  await writeFile(file, copy);

  const operator = await browser.newPage();
  await signInOperator(operator);
  await operator.getByRole('menuitem', { name: '溯源' }).click();
  await expect(operator).toHaveURL(/\/admin\/trace$/);
  await operator.locator('input[type=file]').setInputFiles(file);
  const match = operator.getByTestId('trace-match');
  await expect(match).toBeVisible({ timeout: 30_000 });
  await expect(match).toContainText('杭州宝图结算测试珠宝有限公司');
  await expect(match).toContainText(sid);
  await expect(match).toContainText(/TR-[A-Z2-9]{4}-[A-Z2-9]{4}/);
  // the licence's downloads: this buyer's one, of the original
  await expect(match.locator('.ant-table-row')).toHaveCount(1);
  await expect(match.locator('.ant-table-row').first()).toContainText('原图');
  await operator.screenshot({ path: test.info().outputPath('trace-found.png'), fullPage: true });
  await operator.close();
});
