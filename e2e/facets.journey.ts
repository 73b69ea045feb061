import { expect, test } from '@playwright/test';
import { skipGuide, skipSurvey } from './fixtures';

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
  await skipSurvey(page);
});

test('a buyer narrows home by 铂金 + 钻石 + 戒指 + 佩戴 with counts beside each value, kept in the URL', async ({
  page,
}) => {
  await page.goto('/');
  const panel = page.locator('.gs-filter-bar.gs-hide-phone').getByRole('group', { name: '珠宝属性' });
  const platinum = panel.getByRole('button', { name: /^铂金 \(\d+\)$/ });
  await expect(platinum).toBeVisible();
  const shown = Number(/\((\d+)\)/.exec((await platinum.textContent()) ?? '')![1]);

  await platinum.click();
  await expect(page).toHaveURL(/metal=platinum/);
  await expect(platinum).toHaveAttribute('aria-pressed', 'true');
  // The count beside 铂金 is what choosing it shows.
  await expect(page.getByText(`共 ${shown} 个素材`)).toBeVisible();

  for (const value of ['钻石', '戒指', '佩戴']) {
    await panel.getByRole('button', { name: new RegExp(`^${value} `) }).click();
  }
  await expect(page).toHaveURL(/metal=platinum&gem=diamond&piece=ring&scene=worn/);
  await expect(page.getByText(/共 \d+ 个素材/)).toBeVisible();

  // Reload: the same filters, from the URL.
  await page.reload();
  await expect(panel.getByRole('button', { name: /^佩戴 / })).toHaveAttribute('aria-pressed', 'true');

  await page.locator('.gs-filter-bar.gs-hide-phone').getByRole('button', { name: '清除筛选' }).click();
  await expect(page).not.toHaveURL(/metal=/);
});

test('on a phone the facets are in the 筛选与排序 sheet', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/');
  await page.getByRole('button', { name: /筛选与排序/ }).click();
  const sheet = page.getByRole('dialog');
  for (const value of ['铂金', '钻石', '戒指']) {
    await sheet.getByRole('button', { name: new RegExp(`^${value} `) }).click();
  }
  await expect(page).toHaveURL(/metal=platinum&gem=diamond&piece=ring/);
  await sheet.getByRole('button', { name: '查看结果' }).click();
  await expect(page.getByRole('button', { name: '筛选与排序（3）' })).toBeVisible();
  await expect(page.getByText(/共 [1-9]\d* 个素材/)).toBeVisible();
});
