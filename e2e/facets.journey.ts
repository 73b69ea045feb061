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

test('a buyer picks 金 among the colours, sees it as a removable tag kept in the URL, and opens 相似素材 of a result', async ({
  page,
}) => {
  await page.goto('/');
  const bar = page.locator('.gs-filter-bar.gs-hide-phone');
  const gold = bar.getByRole('button', { name: '金', exact: true });
  await gold.click();
  await expect(page).toHaveURL(/color=d4af37/);
  await expect(gold).toHaveAttribute('aria-pressed', 'true');
  await expect(bar.getByRole('button', { name: '移除颜色筛选：金' })).toBeVisible();
  await expect(page.getByText(/共 [1-9]\d* 个素材/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('colour-gold.png') });

  // Reload: the colour comes back from the URL.
  await page.reload();
  await expect(bar.getByRole('button', { name: '移除颜色筛选：金' })).toBeVisible();

  // The first result's detail page shows pictures that look like it.
  await page.locator('.gs-tile__link').first().click();
  const similar = page.getByRole('region', { name: '相似素材' });
  await expect(similar).toBeVisible();
  await expect(similar.locator('.gs-tile__link').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('similar-computer.png'), fullPage: true });

  await page.goBack();
  await bar.getByRole('button', { name: '移除颜色筛选：金' }).click();
  await expect(page).not.toHaveURL(/color=/);
});

test('on a phone the colours are in the 筛选与排序 sheet, and 相似素材 is on the detail page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/');
  await page.getByRole('button', { name: /筛选与排序/ }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByRole('button', { name: '珍珠白', exact: true }).click();
  await expect(page).toHaveURL(/color=f8f6f0/);
  await expect(sheet.getByRole('button', { name: '移除颜色筛选：珍珠白' })).toBeVisible();
  await sheet.getByRole('button', { name: '查看结果' }).click();
  await expect(page.getByRole('button', { name: '筛选与排序（1）' })).toBeVisible();
  await expect(page.getByText(/共 [1-9]\d* 个素材/)).toBeVisible();

  await page.locator('.gs-tile__link').first().click();
  const similar = page.getByRole('region', { name: '相似素材' });
  await similar.scrollIntoViewIfNeeded();
  await expect(similar.locator('.gs-tile__link').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('similar-phone.png'), fullPage: true });
});
