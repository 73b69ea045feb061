import { expect, test, type Browser, type Page } from '@playwright/test';
import { DESIGN_ROUTES, endpointUrl, MATERIAL_ROUTES, ORDER_ROUTES } from '@gemstock/contract';
import sharp from 'sharp';
import { amountIn, becomeVip, breakdownRow, materialPaths, payOnlineInSandbox } from './checkout-steps';
import { call, registerBuyer, signIn, signInOperator, skipGuide, skipSurvey } from './fixtures';

/*
 * Custom design end to end (issue "Custom design service"): from a material's 定制 button the
 * buyer uploads a product photo and a logo, sees the sketch and the price, pays the advanced
 * tier in the sandbox; the operator takes the work, uploads a first draft; the buyer pins a
 * comment; the operator uploads revision 1 and the final; the buyer downloads the delivery and
 * its exclusive certificate. A super-customization quote is requested, priced and paid.
 */

async function picture(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Picks a file for a DirectUpload area (named 上传产品图 / 上传Logo / …) through the file chooser. */
async function uploadInto(page: Page, name: string, file: { name: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name }).click()]);
  await chooser.setFiles({ name: file.name, mimeType: 'image/jpeg', buffer: file.buffer });
}

async function demandsOf(page: Page, token: string) {
  const res = await page.request.get(DESIGN_ROUTES.list.path, { headers: { Authorization: `Bearer ${token}` } });
  return (await call<{ demands: { sid: string; status: string; tier: string }[] }>(res)).demands;
}

/** The operator's drawer for one demand on the board. */
async function openOnBoard(operator: Page, sid: string) {
  await operator.goto('/admin/demands');
  await operator.getByRole('button', { name: `处理定制需求 ${sid}` }).click();
  const drawer = operator.getByRole('dialog', { name: '定制需求详情' });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function operatorUpload(operator: Page, sid: string, button: string, file: Buffer) {
  const drawer = await openOnBoard(operator, sid);
  const [chooser] = await Promise.all([
    operator.waitForEvent('filechooser'),
    drawer.getByRole('button', { name: button }).click(),
  ]);
  await chooser.setFiles({ name: `${button}.jpg`, mimeType: 'image/jpeg', buffer: file });
  if (button === '上传最终文件') {
    // Delivering is irreversible: the console names the file and asks first.
    const confirm = operator.locator('.ant-modal').filter({ hasText: '确认交付最终文件？' });
    await expect(confirm.getByText(`${button}.jpg`)).toBeVisible();
    await confirm.getByRole('button', { name: '确认交付' }).click();
  }
  await expect(
    operator.getByText(button === '上传最终文件' ? '上传成功，已交付并通知买家' : '上传成功，设计稿已通知买家反馈'),
  ).toBeVisible();
}

async function operatorPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await signInOperator(page);
  return page;
}

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
  await skipSurvey(page);
});

for (const viewport of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`advanced customization from 定制 to a delivered design with its exclusive certificate (${viewport.name})`, async ({
    page,
    context,
    request,
    browser,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const token = await registerBuyer(request, { withCompany: true });
    await signIn(page, token);
    const [path] = await materialPaths(page, 1);
    await page.goto(path!);
    await page.getByRole('button', { name: '定制', exact: true }).click();
    await expect(page).toHaveURL(/\/customize\?material=/);

    await uploadInto(page, '上传产品图', { name: 'ring.jpg', buffer: await picture(900, 900, '#d4af37') });
    await expect(page.getByRole('img', { name: '产品图预览' })).toBeVisible();
    await uploadInto(page, '上传Logo', { name: 'brand-logo.jpg', buffer: await picture(320, 320, '#1f3a93') });
    await expect(page.getByRole('img', { name: 'Logo预览' })).toBeVisible();
    await page.getByLabel('主标题').fill('新品上市');
    await page.getByLabel('副标题').fill('18K 金钻石戒指 · 限时礼遇');
    // the sketch draws the product, the logo and the copy over the material
    const sketch = page.getByRole('figure', { name: '定制效果示意' });
    await expect(sketch.getByRole('img', { name: '您的产品图（示意位置）' })).toBeVisible();
    await expect(sketch.getByText('新品上市')).toBeVisible();
    await expect(page.getByText('预计实付')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`customize-${viewport.name}.png`), fullPage: true });

    await page.getByRole('checkbox', { name: /定制服务协议/ }).check();
    await page.getByRole('button', { name: '提交定制并支付' }).click();
    const drawer = page.getByRole('dialog', { name: '确认订单' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: '去支付' }).click();
    await payOnlineInSandbox(page, context);
    await expect(page).toHaveURL(/\/record\/customize/);
    await expect(page.getByText('待设计').first()).toBeVisible();

    const [demand] = await demandsOf(page, token);
    expect(demand).toMatchObject({ status: 'SUBMITTED', tier: 'advanced' });
    const sid = demand!.sid;

    // The operator assigns a designer and uploads the first draft.
    const operator = await operatorPage(browser);
    const board = await openOnBoard(operator, sid);
    await board.getByRole('combobox', { name: '指派设计师' }).click();
    await operator.locator('.ant-select-item-option').first().click();
    await expect(operator.getByText('已指派设计师')).toBeVisible();
    await operatorUpload(operator, sid, '上传初稿', await picture(1200, 1200, '#f5e6c8'));

    // The buyer pins a comment on the draft and sends the round.
    await page.goto('/record/customize');
    await page
      .getByRole('button', { name: /查看定制详情/ })
      .first()
      .click();
    const details = page.getByRole('dialog', { name: /定制详情/ });
    await expect(details.getByText('待反馈')).toBeVisible();
    const draft = details.getByRole('button', { name: /初稿：点击图片标注修改位置/ });
    await draft.click({ position: { x: 60, y: 40 } });
    await details.getByLabel('标注内容').fill('Logo 再大一点，放在右上角');
    await details.getByRole('button', { name: '添加标注' }).click();
    await expect(details.locator('.gs-pin').first()).toBeVisible();
    await expect(details.getByText('Logo 再大一点，放在右上角')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`draft-pinned-${viewport.name}.png`) });
    await details.getByRole('button', { name: /提交修改意见（剩余 2 次）/ }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '确认提交' }).click();
    await expect(page.getByText('修改意见已提交，设计师会在当天回复')).toBeVisible();
    await expect(details.getByText('修改中')).toBeVisible();

    // Revision 1, then the final.
    await operatorUpload(operator, sid, '上传修改稿', await picture(1200, 1200, '#e8d2a6'));
    await operatorUpload(operator, sid, '上传最终文件', await picture(1600, 1600, '#c9a45c'));
    await operator.close();

    await page.goto('/record/customize');
    await page
      .getByRole('button', { name: /查看定制详情/ })
      .first()
      .click();
    await expect(details.getByText('设计已交付')).toBeVisible();
    await details.getByRole('button', { name: '对比版本' }).click();
    await expect(details.getByRole('combobox', { name: '左侧版本' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`delivered-${viewport.name}.png`) });
    const [delivery] = await Promise.all([
      page.waitForEvent('download'),
      details.getByRole('button', { name: '下载设计文件' }).click(),
    ]);
    expect(await delivery.path()).toBeTruthy();
    const [certificate] = await Promise.all([
      page.waitForEvent('download'),
      details.getByRole('button', { name: '独家授权证书' }).click(),
    ]);
    expect(certificate.suggestedFilename()).toMatch(/\.pdf$/);
    const verify = details.getByRole('link', { name: /在线核验/ });
    const verifyPage = await request.get((await verify.getAttribute('href'))!);
    expect(await verifyPage.text()).toContain('独家授权');
  });
}

test('a super customization is quoted by the operator and paid in the order drawer', async ({
  page,
  context,
  request,
  browser,
}) => {
  const token = await registerBuyer(request, { withCompany: true });
  await signIn(page, token);
  const [path] = await materialPaths(page, 1);
  await page.goto(path!);
  await page.getByRole('button', { name: '定制', exact: true }).click();
  await page.getByRole('radiogroup', { name: '定制类型' }).getByText('超级定制').click();
  await page.getByLabel('需求描述').fill('为新品婚戒做一组节日主题海报，三张，红金配色，突出钻石火彩');
  await uploadInto(page, '上传参考图1', { name: 'ref.jpg', buffer: await picture(800, 600, '#aa2222') });
  await expect(page.getByRole('img', { name: '参考图1预览' })).toBeVisible();
  await page.getByRole('button', { name: '提交需求，等待报价' }).click();
  await expect(page).toHaveURL(/\/record\/customize\?demand=/);
  const details = page.getByRole('dialog', { name: /定制详情/ });
  await expect(details.getByText('待报价')).toBeVisible();
  const [demand] = await demandsOf(page, token);

  const operator = await operatorPage(browser);
  const board = await openOnBoard(operator, demand!.sid);
  await board.getByLabel('报价（元）').fill('1288');
  await board.getByLabel('交付周期（工作日）').fill('4');
  await board.getByRole('button', { name: '发送报价' }).click();
  const confirmQuote = operator.getByRole('tooltip');
  await expect(confirmQuote.getByText('确认向买家报价 ¥1,288.00？')).toBeVisible();
  await confirmQuote.getByRole('button', { name: '发送报价' }).click();
  await expect(operator.getByText('已报价，已通知买家付款')).toBeVisible();
  await operator.screenshot({ path: test.info().outputPath('admin-demand-quoted.png') });
  await operator.keyboard.press('Escape');
  await expect(operator.getByRole('cell', { name: /超级定制/ }).first()).toBeVisible();
  await operator.screenshot({ path: test.info().outputPath('admin-demand-board.png') });
  await operator.close();

  await page.reload();
  await expect(details.getByText(/报价 ¥1,288\.00/)).toBeVisible();
  await details.getByRole('button', { name: '去支付' }).click();
  const drawer = page.getByRole('dialog', { name: '确认订单' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: '去支付' }).click();
  await payOnlineInSandbox(page, context);
  await expect(page.getByRole('dialog').filter({ hasText: '支付成功' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('quote-paid.png') });
  const [after] = await demandsOf(page, token);
  expect(after!.status).toBe('SUBMITTED');
});

test('a held 高级定制授权 pays for its material’s custom design: bought on the detail page, it leads to the form, and the design costs nothing more', async ({
  page,
  context,
  request,
}) => {
  const token = await registerBuyer(request, { withCompany: true });
  await signIn(page, token);
  const listing = await call<{ materials: { sid: string; format: string; authType: number[] }[] }>(
    await request.get(endpointUrl(MATERIAL_ROUTES.search, { query: { sort: '-created', page_size: 60 } })),
  );
  const premium = listing.materials.find((m) => m.format === 'image' && m.authType.includes(4));
  expect(premium, 'the demo catalogue has an image large enough for 高级定制授权').toBeDefined();
  await page.goto(`/detail/${premium!.sid}`);

  // 高级定制授权 ¥498 bought through 立即购买 and paid online.
  const picker = page.getByRole('radiogroup', { name: '选择授权类型' });
  await picker.getByText('高级定制授权', { exact: true }).click();
  await expect(page.getByText('已选：高级定制授权')).toBeVisible();
  await expect(page.getByText(/含本素材一次高级定制，无需另付/).first()).toBeVisible();
  await page.getByRole('button', { name: '立即购买' }).click();
  const contract = page.getByRole('dialog', { name: '授权许可使用协议' });
  await contract.getByRole('checkbox', { name: '我已阅读并同意《授权许可使用协议》' }).check();
  await contract.getByRole('button', { name: '同意并下单' }).click();
  const drawer = page.getByRole('dialog', { name: '确认订单' });
  await drawer.getByRole('radio', { name: /在线支付/ }).check();
  await drawer.getByRole('button', { name: '去支付' }).click();
  await payOnlineInSandbox(page, context);

  // Paid, the buyer is on that material's custom form, where the licence pays for the design.
  await expect(page).toHaveURL(new RegExp(`/customize\\?material=${premium!.sid}`));
  await expect(page.getByText('已购高级定制授权抵扣')).toBeVisible();
  await expect(page.getByText('预计实付')).toBeVisible();
  await uploadInto(page, '上传产品图', { name: 'ring.jpg', buffer: await picture(900, 900, '#d4af37') });
  await expect(page.getByRole('img', { name: '产品图预览' })).toBeVisible();
  await page.getByLabel('主标题').fill('婚嫁季');
  await page.getByRole('checkbox', { name: /定制服务协议/ }).check();
  await page.screenshot({ path: test.info().outputPath('premium-credit-form.png'), fullPage: true });
  await page.getByRole('button', { name: '提交定制并支付' }).click();

  // Nothing more to pay: the drawer shows the credit and takes the order without a payment.
  const order = page.getByRole('dialog', { name: '确认订单' });
  await expect(order.getByText('已购高级定制授权抵扣')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('premium-credit-drawer.png') });
  await order.getByRole('button', { name: '确认领取' }).click();
  await expect(page).toHaveURL(/\/record\/customize/, { timeout: 15_000 });
  await expect(page.getByText('待设计').first()).toBeVisible();
  const [demand] = await demandsOf(page, token);
  expect(demand).toMatchObject({ status: 'SUBMITTED', tier: 'advanced' });
  const orders = await call<{ orders: { orderType: string; finalPrice: number }[] }>(
    await page.request.get(endpointUrl(ORDER_ROUTES.list, { query: { page: 1, page_size: 10 } }), {
      headers: { Authorization: `Bearer ${token}` },
    }),
  );
  const custom = orders.orders.find((o) => o.orderType === 'custom');
  expect(custom?.finalPrice).toBe(0);
  await page.screenshot({ path: test.info().outputPath('premium-credit-records.png'), fullPage: true });
});

test('a VIP pays a quote as quoted: no member price on one-to-one work, paid in full from the wallet', async ({
  page,
  context,
  request,
  browser,
}) => {
  const token = await registerBuyer(request, { withCompany: true });
  await signIn(page, token);
  await becomeVip(page, context);

  // A super customization, quoted ¥500.
  const [path] = await materialPaths(page, 1);
  await page.goto(path!);
  await page.getByRole('button', { name: '定制', exact: true }).click();
  await page.getByRole('radiogroup', { name: '定制类型' }).getByText('超级定制').click();
  await page.getByLabel('需求描述').fill('为新品婚戒做一组节日主题海报，三张，红金配色，突出钻石火彩');
  await uploadInto(page, '上传参考图1', { name: 'ref.jpg', buffer: await picture(800, 600, '#aa2222') });
  await expect(page.getByRole('img', { name: '参考图1预览' })).toBeVisible();
  await page.getByRole('button', { name: '提交需求，等待报价' }).click();
  await expect(page).toHaveURL(/\/record\/customize\?demand=/);
  const [demand] = await demandsOf(page, token);
  const operator = await operatorPage(browser);
  const board = await openOnBoard(operator, demand!.sid);
  await board.getByLabel('报价（元）').fill('500');
  await board.getByLabel('交付周期（工作日）').fill('4');
  await board.getByRole('button', { name: '发送报价' }).click();
  await operator.getByRole('tooltip').getByRole('button', { name: '发送报价' }).click();
  await expect(operator.getByText('已报价，已通知买家付款')).toBeVisible();
  await operator.close();

  // The wallet is the VIP's default; the quote is not discounted (decision 0023).
  await page.reload();
  const details = page.getByRole('dialog', { name: /定制详情/ });
  await expect(details.getByText(/报价 ¥500\.00/)).toBeVisible();
  await details.getByRole('button', { name: '去支付' }).click();
  const drawer = page.getByRole('dialog', { name: '确认订单' });
  await expect(drawer.getByRole('radio', { name: /余额支付/ })).toBeChecked();
  expect(await amountIn(breakdownRow(drawer, '实付'))).toBe(50_000);
  await expect(breakdownRow(drawer, '会员优惠')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('vip-quote-drawer.png') });
  await drawer.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: '¥199.00' })).toBeVisible({ timeout: 15_000 });
});
