import { expect, test, type Page } from '@playwright/test';
import { endpointUrl, MATERIAL_ROUTES } from '@gemstock/contract';
import { authDialog, call, registerBuyer, skipGuide } from './fixtures';

/*
 * A landing page appears, drawn by the server, before its code has run; on a slow phone that is
 * a second or more. A tap on its 立即购买 then must not be lost: the page holds it and the app
 * answers it once it runs. Here the page's scripts are held back until after the tap, so the tap
 * always falls in that moment.
 */

interface MaterialList {
  materials: { sid: string }[];
}

/** Opens `path` with its scripts held back; the returned function lets them load. */
async function openWithScriptsHeld(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  return release;
}

async function firstImagePath(page: Page): Promise<string> {
  const list = await call<MaterialList>(
    await page.request.get(endpointUrl(MATERIAL_ROUTES.search, { query: { format: 'image', page_size: 1 } })),
  );
  return `/detail/${list.materials[0]!.sid}`;
}

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

test('a visitor’s tap on 立即购买 before the page’s code has loaded opens the login dialog once it has', async ({
  page,
}) => {
  const release = await openWithScriptsHeld(page, await firstImagePath(page));
  const buy = page.getByRole('button', { name: '立即购买' });
  await buy.click();
  await expect(authDialog(page)).toBeHidden();
  release();
  await expect(authDialog(page).getByRole('button', { name: '登录', exact: true })).toBeVisible();
});

test('a buyer whose page was drawn as a visitor’s gets the licence agreement for a tap made before the code loaded', async ({
  page,
  request,
}) => {
  const token = await registerBuyer(request, { withCompany: true });
  // a session from before the signed-in cookie: the server draws the page as a visitor's, and the
  // app replaces that drawing with the buyer's own
  await page.addInitScript((t) => window.localStorage.setItem('gemstock.token', t), token);
  const release = await openWithScriptsHeld(page, await firstImagePath(page));
  await page.getByRole('button', { name: '立即购买' }).click();
  release();
  const contract = page.getByRole('dialog', { name: '授权许可使用协议' });
  await expect(contract.getByRole('checkbox', { name: '我已阅读并同意《授权许可使用协议》' })).toBeVisible();
});

for (const [where, box] of [
  ['the header’s search box', (page: Page) => page.getByRole('combobox', { name: '搜索素材' })],
  ['home’s own search box', (page: Page) => page.getByRole('searchbox', { name: '搜索素材' })],
] as const) {
  test(`Enter in ${where} before the page’s code has loaded searches, as the browser sends the form itself`, async ({
    page,
  }) => {
    const release = await openWithScriptsHeld(page, '/');
    await box(page).fill('戒指');
    await box(page).press('Enter');
    await expect(page).toHaveURL(/\/\?keyword=%E6%88%92%E6%8C%87$/);
    // the server draws the results page itself
    await expect(page.locator('.gs-tile__link').first()).toBeVisible();
    release();
    await expect(box(page)).toHaveValue('戒指');
  });
}
