import { expect, test } from '@playwright/test';
import { endpointUrl, LICENCE_ROUTES } from '@gemstock/contract';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { buyThisMaterialNow, paidPictureOnHome, payOnlineInSandbox } from './checkout-steps';
import { call, registerBuyer, signIn, skipGuide, skipSurvey } from './fixtures';

/*
 * Channel-ready cuts (decision 0046): a buyer who licensed a picture previews the 小红书 cut (the
 * frame on the watermarked preview) and downloads it, a JPEG of exactly 1242 × 1656, counted as a
 * download of the licence.
 */

/** At least 1242 × 1656, since a cut is never enlarged. */
const bigEnoughForXiaohongshu = (m: { width: number; height: number }) => m.width >= 1242 && m.height >= 1656;

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
  await skipSurvey(page);
});

test('a licensed picture is previewed and downloaded as a 小红书 cut', async ({ page, context, request }) => {
  const token = await registerBuyer(request, { withCompany: true });
  await signIn(page, token);
  await page.goto(await paidPictureOnHome(page, request, bigEnoughForXiaohongshu));
  await buyThisMaterialNow(page);
  await page.getByRole('dialog', { name: '确认订单' }).getByRole('button', { name: '去支付' }).click();
  await payOnlineInSandbox(page, context);

  await page.goto('/record/ordinary');
  await page.getByRole('radiogroup', { name: '查看方式' }).getByText('已购素材').click();
  await page
    .getByRole('button', { name: /^渠道尺寸/ })
    .filter({ visible: true })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: '下载渠道尺寸' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radiogroup', { name: '选择渠道' }).getByText('小红书 3:4').click();
  const cut = dialog.getByRole('img', { name: '小红书裁切预览' });
  await expect(cut).toBeVisible();
  await expect(dialog.getByText('小红书笔记配图：1242×1656（3:4）')).toBeVisible();
  // the preview is the public watermarked one, never the original
  await expect(dialog.getByRole('img', { name: '素材预览（带水印）' })).toHaveAttribute('src', /\/watermark-/);
  await page.screenshot({ path: test.info().outputPath('xiaohongshu-preview.png') });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: '下载小红书 1242×1656' }).click(),
  ]);
  // the licence's own marked copy of the cut (decision 0049)
  expect(download.suggestedFilename()).toMatch(/^traced-cut-xiaohongshu-[a-z0-9]+-[0-9a-f]{16}\.jpg$/);
  const bytes = await readFile((await download.path())!);
  const meta = await sharp(bytes).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1242, 1656]);

  const purchased = await call<{ materials: { downloadCount: number }[] }>(
    await request.get(endpointUrl(LICENCE_ROUTES.purchased, { query: { page: 1, page_size: 10 } }), {
      headers: { Authorization: `Bearer ${token}` },
    }),
  );
  expect(purchased.materials[0]?.downloadCount).toBe(1);
});

test('on a phone the dialog stacks the picture over the cut', async ({ page, context, request }) => {
  const token = await registerBuyer(request, { withCompany: true });
  await signIn(page, token);
  await page.goto(await paidPictureOnHome(page, request, bigEnoughForXiaohongshu));
  await buyThisMaterialNow(page);
  await page.getByRole('dialog', { name: '确认订单' }).getByRole('button', { name: '去支付' }).click();
  await payOnlineInSandbox(page, context);

  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/record/ordinary');
  await page.getByRole('radiogroup', { name: '查看方式' }).getByText('已购素材').click();
  await page
    .getByRole('button', { name: /^渠道尺寸/ })
    .filter({ visible: true })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: '下载渠道尺寸' });
  await dialog.getByRole('radiogroup', { name: '选择渠道' }).getByText('小红书 3:4').click();
  await expect(dialog.getByRole('img', { name: '小红书裁切预览' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  // the preview keeps the cut's ratio at a phone's width too
  const box = (await dialog.getByRole('img', { name: '小红书裁切预览' }).boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(1242 / 1656, 1);
  await page.screenshot({ path: test.info().outputPath('xiaohongshu-phone.png') });
  await dialog.getByRole('button', { name: '下载小红书 1242×1656' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('xiaohongshu-phone-footer.png') });
});
