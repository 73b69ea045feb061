import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { BOARD_ROUTES, CART_ROUTES, endpointUrl, MATERIAL_ROUTES, USER_ROUTES } from '@gemstock/contract';
import { call } from './fixtures';

/*
 * Team boards (团队收藏夹, decision 0047): the demo company's sub-account puts three materials on a
 * new board on a computer, two from their detail pages and one from its tile in the catalogue,
 * and drags the first to the end (decision 0055); the main account, on a 360 px phone, buys
 * everything on it with the licence each was added with; a client opens the board's share link
 * and sees watermarked pictures without prices.
 */

const DEMO_PASSWORD = 'Demo1234!';

async function signedIn(browser: Browser, token: string | null, phone = false): Promise<BrowserContext> {
  const base = test.info().project.use.baseURL!;
  const context = await browser.newContext({
    baseURL: base,
    locale: 'zh-CN',
    ...(phone ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript((t) => {
    if (t) window.localStorage.setItem('gemstock.token', t);
    window.localStorage.setItem('gemstock.guide-seen', '1');
    window.localStorage.setItem('gemstock.survey', 'shown');
  }, token);
  if (token) await context.addCookies([{ name: 'gs_signed_in', value: '1', url: base }]);
  return context;
}

test('a sub-account fills a team board, the main account buys it on a phone, a client sees it by link', async ({
  browser,
  request,
}) => {
  // three accounts, three browsers and a purchase: more than the default minute on a busy machine
  test.setTimeout(180_000);
  const shots = (name: string) => test.info().outputPath(`${name}.png`);
  const login = async (data: Record<string, string>) =>
    (await call<{ access_token: string }>(await request.post(USER_ROUTES.login.path, { data }))).access_token;
  const sub = await login({ username: 'demo-sub', password: DEMO_PASSWORD });
  const main = await login({ email: 'buyer@demo.gemstock.cn', password: DEMO_PASSWORD });
  const found = await call<{ materials: { sid: string; free: boolean; disabled: boolean }[] }>(
    await request.get(endpointUrl(MATERIAL_ROUTES.search, { query: { page: 1, page_size: 12 } })),
  );
  const sids = found.materials
    .filter((m) => !m.free && !m.disabled)
    .slice(0, 3)
    .map((m) => m.sid);
  expect(sids).toHaveLength(3);
  const boardName = `春季婚戒${Date.now().toString(36).slice(-4)}`;

  const computer = await signedIn(browser, sub);
  const page = await computer.newPage();
  for (const [i, sid] of sids.entries()) {
    if (i < 2) {
      await page.goto(`/detail/${sid}`);
      // exact: the related materials' tiles below carry their own 加入收藏夹：…
      await page.getByRole('button', { name: '加入收藏夹', exact: true }).click();
    } else {
      // the third from its tile in the catalogue, with the keyboard
      await page.goto('/');
      // The home grid's order is shuffled per visitor: the third is a paid tile this grid shows.
      const shown = page.locator('.gs-tile', { hasNot: page.getByText('免费') }).filter({
        has: page.getByRole('button', { name: /^加入收藏夹：/ }),
      });
      await expect(shown.first()).toBeAttached();
      const hrefs = await shown
        .locator('a[href^="/detail/"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      const picked = hrefs.map((h) => h.slice('/detail/'.length)).find((s) => s !== sids[0] && s !== sids[1]);
      expect(picked).toBeTruthy();
      sids[2] = picked!;
      const tile = page.locator('.gs-tile', { has: page.locator(`a[href="/detail/${sids[2]}"]`) });
      const onTile = tile.getByRole('button', { name: /^加入收藏夹：/ });
      await expect(onTile).toBeAttached();
      await onTile.focus();
      await expect(onTile).toBeVisible(); // shown on keyboard focus, like the like toggle
      await page.screenshot({ path: shots('sub-computer-tile-button') });
      await page.keyboard.press('Enter');
    }
    const dialog = page.getByRole('dialog', { name: '加入团队收藏夹' });
    if (i === 0) {
      await dialog.getByLabel('新收藏夹名称').fill(boardName);
      await dialog.getByRole('button', { name: '新建并加入' }).click();
    } else {
      await dialog.getByRole('listitem').filter({ hasText: boardName }).getByRole('button', { name: '加入' }).click();
    }
    await expect(page.getByText(`已加入收藏夹「${boardName}」`)).toBeVisible();
  }
  await page.goto('/user/board');
  await page.getByRole('link', { name: boardName, exact: true }).click();
  const cards = page.getByRole('list', { name: '收藏夹中的素材' }).locator(':scope > li');
  await expect(cards).toHaveCount(3);
  // The first material dragged by its handle to the end of the board (decision 0055): the page
  // shows the new order at once, and it is the server's, so a reload shows it again.
  const titles = () => cards.locator('h3').allTextContents();
  const before = await titles();
  const reordered = [before[1], before[2], before[0]];
  const boardSid = new URL(page.url()).pathname.split('/').pop()!;
  const saved = page.waitForResponse((r) =>
    r.url().endsWith(endpointUrl(BOARD_ROUTES.moveItem, { params: { id: boardSid } })),
  );
  const handle = (await cards
    .first()
    .getByRole('button', { name: /^调整顺序：/ })
    .boundingBox())!;
  const last = (await cards.last().boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(last.x + last.width * 0.75, last.y + last.height / 2, { steps: 12 });
  await expect(cards.nth(2)).toHaveClass(/is-lifted/); // the others made room for it
  await page.screenshot({ path: shots('sub-computer-dragging') });
  await page.mouse.up();
  await expect.poll(titles).toEqual(reordered);
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(cards).toHaveCount(3);
  await expect.poll(titles).toEqual(reordered);
  await page.getByRole('button', { name: '评论 0' }).first().click();
  await page.getByLabel('评论内容').fill('这款适合首页主图');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(page.getByRole('list', { name: '评论' }).getByText('这款适合首页主图')).toBeVisible();
  await page.screenshot({ path: shots('sub-computer-board') });
  await computer.close();

  const phone = await signedIn(browser, main, true);
  const mobile = await phone.newPage();
  // A touch screen keeps each tile's 加入收藏夹 shown, in a corner: the middle of every picture,
  // however short its tile, is left to the picture's link to its detail page.
  await mobile.goto(`/?keyword=${encodeURIComponent('戒指')}`);
  await expect(mobile.getByRole('button', { name: /^加入收藏夹：/ }).first()).toBeVisible();
  const covered = await mobile.locator('.gs-tile').evaluateAll((tiles) =>
    tiles.flatMap((tile) => {
      const picture = tile.querySelector('.gs-tile__picture')!.getBoundingClientRect();
      const [x, y] = [picture.x + picture.width / 2, picture.y + picture.height / 2];
      return Array.from(tile.querySelectorAll('button'))
        .map((button) => button.getBoundingClientRect())
        .filter((box) => box.width > 0 && box.left <= x && x <= box.right && box.top <= y && y <= box.bottom)
        .map(() => `${Math.round(picture.width)}×${Math.round(picture.height)}`);
    }),
  );
  expect(await mobile.locator('.gs-tile').count()).toBeGreaterThan(4);
  expect(covered, 'a button covers the middle of these tiles').toEqual([]);
  await mobile.goto('/user/board');
  await mobile.getByRole('link', { name: boardName, exact: true }).click();
  await expect(mobile.getByRole('list', { name: '收藏夹中的素材' }).locator(':scope > li')).toHaveCount(3);
  const overflow = await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  await mobile.getByRole('button', { name: '全部加入购物车' }).click();
  const bought = mobile.getByRole('dialog', { name: '已加入购物车' });
  await expect(bought).toContainText('已将 3 个素材');
  await mobile.screenshot({ path: shots('main-phone-bought') });
  await bought.getByRole('button', { name: '去购物车' }).click();
  await expect(mobile).toHaveURL(/\/cart/);
  const cart = await call<{ materials: { sid: string }[] }>(
    await request.get(CART_ROUTES.list.path, { headers: { Authorization: `Bearer ${main}` } }),
  );
  expect(cart.materials.map((m) => m.sid)).toEqual(expect.arrayContaining(sids));
  await phone.close();

  const owner = await signedIn(browser, main);
  const desk = await owner.newPage();
  await desk.goto('/user/board');
  await desk.getByRole('link', { name: boardName, exact: true }).click();
  await desk.getByRole('button', { name: /分享给客户/ }).click();
  await desk.getByRole('button', { name: '生成分享链接' }).click();
  const link = desk.getByRole('list', { name: '有效的分享链接' }).locator('code').first();
  await expect(link).toBeVisible();
  const url = (await link.textContent())!.trim();
  await owner.close();

  const client = await signedIn(browser, null, true);
  const shared = await client.newPage();
  await shared.goto(url);
  await expect(shared.getByRole('heading', { name: boardName })).toBeVisible();
  await expect(shared.getByRole('list', { name: '分享的素材' }).locator(':scope > li')).toHaveCount(3);
  await expect(shared.getByText('¥')).toHaveCount(0);
  await shared.screenshot({ path: shots('client-phone-shared'), fullPage: true });
  await client.close();
});
