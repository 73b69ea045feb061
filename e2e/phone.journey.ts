import { expect, test, type Page } from '@playwright/test';
import { payOnPhoneInSandbox } from './checkout-steps';
import { registerBuyer, signIn, skipGuide, skipSurvey } from './fixtures';

/*
 * A buyer on a phone (issue "Phones"): the header row becomes a tab bar at the bottom, the search
 * box stays reachable, filters open in a sheet, the order drawer takes the whole screen, touch
 * targets are at least 44 px and no page scrolls sideways. At 390×844 (iPhone 12–15) and
 * 360×740 (a small Android).
 */

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

async function expectTouchTarget(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  expect(box, 'the control is on screen').not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.width).toBeGreaterThanOrEqual(44);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test.describe(`on a ${viewport.width}×${viewport.height} phone`, () => {
    test.use({ viewport, hasTouch: true, isMobile: true });

    test.beforeEach(async ({ page }) => {
      await skipGuide(page);
    });

    test('search → detail → cart → order drawer → pay → purchased materials, with the phone layout throughout', async ({
      page,
      request,
    }) => {
      const shots = (name: string) => test.info().outputPath(`${viewport.width}-${name}.png`);
      await signIn(page, await registerBuyer(request, { withCompany: true }));

      // Home: a tab bar instead of the header's link row; the search box on its own row.
      await page.goto('/');
      const tabs = page.getByRole('navigation', { name: '底部导航' });
      await expect(tabs).toBeVisible();
      await expect(page.getByRole('navigation', { name: '主导航' })).toBeHidden();
      await expect(page.locator('.gs-tile__link').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      for (const tab of ['首页', '视频', '免费', '购物车', '订单']) {
        await expectTouchTarget(page, tabs.getByRole('link', { name: new RegExp(tab) }));
      }
      // no hover on a touch screen: each tile's like toggle is shown, with a thumb-sized target
      const like = page
        .locator('.gs-tile')
        .first()
        .getByRole('button', { name: /^喜欢（/ });
      await expect(like).toHaveCSS('opacity', '1');
      await expectTouchTarget(page, like);
      await page.screenshot({ path: shots('home') });

      const search = page.getByRole('banner').getByRole('combobox', { name: '搜索素材' });
      await expectTouchTarget(page, search);
      await search.tap();
      await search.fill('戒指');
      await search.press('Enter');
      await expect(page).toHaveURL(/keyword=%E6%88%92%E6%8C%87/);
      await expect(page.locator('.gs-tile__link').first()).toBeVisible();

      // Filters in a bottom sheet.
      await page.getByRole('button', { name: /筛选与排序/ }).tap();
      const sheet = page.getByRole('dialog', { name: '筛选与排序' });
      await expect(sheet).toBeVisible();
      // antd's choice buttons draw a label over a hidden radio: tap what is shown
      await sheet
        .locator('label')
        .filter({ hasText: /^图片$/ })
        .tap();
      await expect(sheet.getByRole('radio', { name: '图片' })).toBeChecked();
      await expect(page).toHaveURL(/format=/);
      await sheet.getByRole('button', { name: '查看结果' }).tap();
      await expect(sheet).toBeHidden();

      // Detail, then into the cart. The tile is tapped on its left half: on a touch screen its
      // 加入收藏夹 button stays shown at the right, and on a short landscape tile it reaches the middle.
      const tile = page.locator('.gs-tile__link').first();
      const tileBox = (await tile.boundingBox())!;
      await tile.tap({ position: { x: Math.min(24, tileBox.width / 4), y: tileBox.height / 2 } });
      await expect(page).toHaveURL(/\/detail\//);
      const addToCart = page.getByRole('button', { name: '加入购物车' });
      await expect(addToCart).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectTouchTarget(page, addToCart);
      await page.screenshot({ path: shots('detail'), fullPage: true });
      await addToCart.tap();
      await expect(page.getByText('已添加至购物车').first()).toBeVisible();
      const cartTab = tabs.getByRole('link', { name: /购物车/ });
      await expect(cartTab).toContainText('1');

      await cartTab.tap();
      await expect(page).toHaveURL(/\/cart/);
      // one card per line, its licence type and removal within reach, no table to scroll sideways
      const lines = page.getByRole('list', { name: '购物车素材列表' }).getByRole('listitem');
      await expect(lines).toHaveCount(1);
      await expect(lines.first().getByRole('checkbox', { name: /^选择 / })).toBeChecked();
      await expect(lines.first().getByRole('combobox', { name: /^授权类型/ })).toBeVisible();
      await expectTouchTarget(page, lines.first().getByRole('combobox', { name: /^授权类型/ }));
      await expectTouchTarget(page, lines.first().getByRole('button', { name: /^移除 / }));
      await expect(page.locator('.gs-table')).toBeHidden();
      await expectNoSidewaysScroll(page);
      await expectTouchTarget(page, page.getByRole('button', { name: '结算' }));
      await page.screenshot({ path: shots('cart'), fullPage: true });

      // Buy now: the licence agreement, then the order drawer across the whole screen.
      await page.goBack();
      await page.getByRole('button', { name: '立即购买' }).tap();
      const contract = page.getByRole('dialog', { name: '授权许可使用协议' });
      await contract.getByRole('checkbox', { name: '我已阅读并同意《授权许可使用协议》' }).check();
      await contract.getByRole('button', { name: '同意并下单' }).tap();
      const drawer = page.getByRole('dialog', { name: '确认订单' });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('button', { name: '去支付' })).toBeVisible();
      const box = await page.locator('.ant-drawer-content-wrapper').filter({ has: drawer }).boundingBox();
      expect(box?.width).toBeCloseTo(viewport.width, 0);
      await expectTouchTarget(page, drawer.getByRole('button', { name: '去支付' }));
      await page.screenshot({ path: shots('order-drawer') });

      // Paid online through the sandbox's phone page, then the licence in 已购素材 as a card.
      await drawer.getByRole('button', { name: '去支付' }).tap();
      await payOnPhoneInSandbox(page);
      // a 高级定制授权 (a small picture's only licence) goes on to its custom form (decision 0023)
      await expect(page).toHaveURL(/\/record\/ordinary|\/customize\?material=/);
      if (page.url().includes('/customize')) await page.goto('/record/ordinary');
      // the first purchase brings the satisfaction survey; later is fine
      const survey = page.getByRole('dialog', { name: '满意度调查' });
      await survey.getByRole('button', { name: '以后再说' }).tap();
      await expect(survey).toBeHidden();
      await page.getByRole('radiogroup', { name: '查看方式' }).getByText('已购素材').tap();
      const licences = page.getByRole('list', { name: '已购素材列表' }).getByRole('listitem');
      await expect(licences).toHaveCount(1);
      await expect(licences.first()).toContainText('证书编号');
      await expect(licences.first().getByRole('button', { name: /下载/ }).first()).toBeVisible();
      await expect(page.locator('.gs-table')).toBeHidden();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: shots('purchased'), fullPage: true });

      // The account area: its sections in one sideways row at the top, not a menu above the page.
      await page.goto('/user/order');
      // a paid order's line: its name keeps the card's width, 下载原图 / 授权证书 go under it
      const lineText = page.locator('.gs-record__item-text').first();
      await expect(lineText).toBeVisible();
      // squeezed, it was 8 px wide (one character a line); beside its thumbnail it keeps most of the card
      expect((await lineText.boundingBox())!.width).toBeGreaterThan(viewport.width * 0.4);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: shots('orders'), fullPage: true });
      const sections = page.getByRole('navigation', { name: '个人中心' });
      await expect(sections).toHaveCount(1);
      await expect(sections.getByRole('link', { name: '我的订单' })).toHaveAttribute('aria-current', 'page');
      await expectTouchTarget(page, sections.getByRole('link', { name: '企业信息' }));
      await sections.getByRole('link', { name: '企业信息' }).tap();
      await expect(page).toHaveURL(/\/user\/company-setting$/);
      await expect(sections.getByRole('link', { name: '企业信息' })).toHaveAttribute('aria-current', 'page');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: shots('user-area') });

      // Featured videos: the preview is opened with a finger, not a mouse pointer.
      await tabs.getByRole('link', { name: /视频/ }).tap();
      await expect(page).toHaveURL(/\/video$/);
      await expect(page.getByText('点开视频即可预览')).toBeVisible();
      await expect(page.getByText('鼠标移到视频上即可预览')).toBeHidden();

      // Free materials: the day each free period ends, whole beside the tile's download button.
      await tabs.getByRole('link', { name: /免费/ }).tap();
      await expect(page).toHaveURL(/\/free-material$/);
      const freeUntil = page.locator('.gs-free-until').first();
      const day = freeUntil.getByText(/^免费至 \d{2}\/\d{2}$/);
      await expect(day).toBeVisible();
      await expect(freeUntil.getByText(/^免费至 \d{4}\//)).toBeHidden();
      expect(await day.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    });

    test('a buyer who is not a member upgrades to VIP from the header and pays on the phone', async ({
      page,
      request,
    }) => {
      const shots = (name: string) => test.info().outputPath(`${viewport.width}-${name}.png`);
      await skipSurvey(page);
      await signIn(page, await registerBuyer(request, { withCompany: true }));
      await page.goto('/');
      const header = page.getByRole('banner');
      const upgrade = header.getByRole('button', { name: '升级VIP' });
      await expect(upgrade).toBeVisible();
      await expectTouchTarget(page, upgrade);
      await expectNoSidewaysScroll(page);
      // the account menu offers it too
      await header.getByRole('button', { name: /^账号菜单/ }).tap();
      await expect(page.getByRole('menuitem', { name: '升级VIP' })).toBeVisible();
      await page.screenshot({ path: shots('upgrade-menu') });
      await page.getByRole('menuitem', { name: '升级VIP' }).tap();
      await expect(page).toHaveURL(/\/wallet$/);

      await page.getByRole('button', { name: '立即开通' }).tap();
      const recharge = page.getByRole('dialog', { name: /开通 VIP 月度会员/ });
      await recharge.getByText('¥699.00').last().tap();
      await recharge.getByRole('button', { name: '立即充值' }).tap();
      const agreement = page.getByRole('dialog', { name: 'VIP月度服务协议' });
      await agreement.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await agreement.getByRole('button', { name: '立即支付' }).tap();
      const drawer = page.getByRole('dialog', { name: '确认订单' });
      await expect(drawer.getByText('跳转微信或支付宝完成支付')).toBeVisible();
      await drawer.getByRole('button', { name: '去支付' }).tap();
      await page.screenshot({ path: shots('pay-on-phone') });
      await payOnPhoneInSandbox(page);

      // a member now: the header shows the balance, whose popover offers 充值
      await expect(page).toHaveURL(/\/user\/order$/);
      await expect(header.getByRole('button', { name: '钱包余额 ¥699.00' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: shots('member'), fullPage: true });
    });
  });
}
