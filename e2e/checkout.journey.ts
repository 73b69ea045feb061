import { expect, test } from '@playwright/test';
import { MATERIAL_PATHS } from '@gemstock/contract';
import { amountIn, breakdownRow, buyFirstMaterialNow, paidPicturesOnHome, payOnlineInSandbox } from './checkout-steps';
import { readFile } from 'node:fs/promises';
import { COMPANY, registerBuyer, signIn, signInOperator, skipGuide, skipSurvey } from './fixtures';

/*
 * Checkout journeys on the embedded default (spec §4, issue "Done when"): the cart, the licence
 * contract, the order drawer, online payment through the sandbox gateway's own pay page,
 * records with downloads and certificates, and the VIP wallet.
 */

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
  await skipSurvey(page);
});

test('two materials from the cart are paid online through the sandbox, then downloaded with their certificates', async ({
  page,
  context,
  request,
}) => {
  const token = await registerBuyer(request, { withCompany: false });
  await signIn(page, token);
  // pictures: their originals download at once, where a video's marked copy is made first
  const [first, second] = await paidPicturesOnHome(page, request, 2);

  // Add both to the cart from their detail pages; the header badge follows.
  for (const path of [first!, second!]) {
    await page.goto(path);
    await page.getByRole('button', { name: '加入购物车' }).click();
    await expect(page.getByText('已添加至购物车').first()).toBeVisible();
  }
  const cartLink = page.getByRole('banner').getByRole('link', { name: /购物车/ });
  await expect(cartLink).toContainText('2');

  // The cart: two chosen lines, select-all toggles them, a total from the server preview.
  await cartLink.click();
  await expect(page).toHaveURL(/\/cart/);
  const rows = page.locator('.gs-cart-row');
  await expect(rows).toHaveCount(2);
  const selectAll = page.getByRole('checkbox', { name: '全选' });
  await expect(selectAll).toBeChecked();
  // the tick follows the server's answer: click, then wait for it as a person would
  await selectAll.click();
  await expect(selectAll).not.toBeChecked();
  await expect(page.getByRole('button', { name: '结算' })).toBeDisabled();
  await selectAll.click();
  await expect(selectAll).toBeChecked();
  await expect(page.getByText('已选 2 件')).toBeVisible();
  await expect(page.getByText(/合计：/)).toBeVisible();

  // No company yet: the company dialog comes first, then the licence agreement.
  await page.getByRole('button', { name: '结算' }).click();
  const company = page.getByRole('dialog', { name: '完善企业信息' });
  await expect(company).toBeVisible();
  await company.getByLabel('企业全称').fill(COMPANY.company);
  await company.getByLabel('统一社会信用代码/纳税人识别号').fill(COMPANY.company_license);
  await company.getByLabel('企业地址').fill(COMPANY.company_address);
  await company.getByRole('button', { name: /保存/ }).click();

  const contract = page.getByRole('dialog', { name: '授权许可使用协议' });
  await expect(contract).toBeVisible();
  await expect(contract.getByText(COMPANY.company)).toBeVisible();
  await contract.getByRole('button', { name: '同意并下单' }).click();
  await expect(page.getByText('请先阅读并同意《授权许可使用协议》')).toBeVisible();
  await contract.getByRole('checkbox', { name: '我已阅读并同意《授权许可使用协议》' }).check();
  await contract.getByRole('button', { name: '同意并下单' }).click();

  // The order drawer: no balance, so the wallet is disabled and online is the default.
  const drawer = page.getByRole('dialog', { name: '确认订单' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('radio', { name: /余额支付/ })).toBeDisabled();
  await expect(drawer.getByText('当前余额¥0.00，余额不足，请使用其他方式支付')).toBeVisible();
  await expect(drawer.getByRole('radio', { name: /在线支付/ })).toBeChecked();
  await expect(drawer.getByText('支付方式选择后不可更改', { exact: false })).toBeVisible();
  await drawer.getByRole('button', { name: '使用' }).click();
  await expect(drawer.getByText('请先输入优惠码')).toBeVisible();
  await expect(breakdownRow(drawer, '原价')).toBeVisible();
  await expect(breakdownRow(drawer, '会员优惠')).toHaveCount(0);
  const origin = await amountIn(breakdownRow(drawer, '原价'));
  expect(await amountIn(breakdownRow(drawer, '实付'))).toBe(origin);

  await drawer.getByRole('button', { name: '去支付' }).click();
  await payOnlineInSandbox(page, context);

  // Material orders land on the ordinary records, paid, with both materials.
  await expect(page).toHaveURL(/\/record\/ordinary/);
  const order = page.getByRole('article').first();
  await expect(order.getByText('已完成')).toBeVisible();
  await expect(order.getByText('支付方式：支付宝')).toBeVisible();
  await expect(order.getByRole('button', { name: /^下载原图/ })).toHaveCount(2);
  await expect(cartLink).not.toContainText('2');

  // Download the original: the browser is sent to the signed link.
  const [original] = await Promise.all([
    page.waitForEvent('download'),
    order
      .getByRole('button', { name: /^下载原图/ })
      .first()
      .click(),
  ]);
  expect(original.url()).toContain(`${MATERIAL_PATHS.original}?`);
  expect(await original.failure()).toBeNull();

  // The licence certificate is a PDF.
  const [certificate] = await Promise.all([
    page.waitForEvent('download'),
    order
      .getByRole('button', { name: /^授权证书/ })
      .first()
      .click(),
  ]);
  expect(certificate.suggestedFilename()).toMatch(/^授权证书-.+\.pdf$/);
  const pdf = await readFile((await certificate.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Purchased materials list both, with the download counted.
  await page.getByText('已购素材').click();
  await expect(page.locator('.gs-table__row')).toHaveCount(2);
});

test('a VIP recharge paid in the sandbox shows the balance, and the next order is paid by wallet at the VIP price', async ({
  page,
  context,
  request,
}) => {
  const token = await registerBuyer(request, { withCompany: true });
  await signIn(page, token);

  await page.goto('/wallet');
  await expect(page.getByText('到期后余额失效，不予退还', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('暂无充值记录').filter({ visible: true })).toBeVisible();
  await page.getByRole('button', { name: '立即开通' }).click();

  // Recharge dialog: the amount must be chosen, then the VIP agreement must be ticked.
  const recharge = page.getByRole('dialog', { name: /开通 VIP 月度会员/ });
  await expect(recharge).toBeVisible();
  await recharge.getByRole('button', { name: '立即充值' }).click();
  await expect(page.getByText('请选择要充值的金额')).toBeVisible();
  await recharge.locator('.gs-recharge-amount').click();
  await recharge.getByRole('button', { name: '立即充值' }).click();

  const protocol = page.getByRole('dialog', { name: 'VIP月度服务协议' });
  await expect(protocol).toBeVisible();
  await expect(protocol.getByText(COMPANY.company)).toBeVisible();
  await expect(protocol.getByText(COMPANY.company_license)).toBeVisible();
  await protocol.getByRole('button', { name: '立即支付' }).click();
  await expect(page.getByText('请先阅读并同意《VIP月度服务协议》')).toBeVisible();
  await protocol.getByRole('checkbox', { name: '我已阅读并同意《VIP月度服务协议》' }).check();
  await protocol.getByRole('button', { name: '立即支付' }).click();

  // The recharge order: no wallet choice and no coupon field.
  const drawer = page.getByRole('dialog', { name: '确认订单' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('VIP 月度会员充值')).toBeVisible();
  await expect(drawer.getByRole('radio', { name: /余额支付/ })).toHaveCount(0);
  await expect(drawer.getByRole('textbox', { name: '优惠码' })).toHaveCount(0);
  await expect(drawer.getByRole('radio', { name: /在线支付/ })).toBeChecked();
  expect(await amountIn(breakdownRow(drawer, '实付'))).toBe(69_900);
  await drawer.getByRole('button', { name: '去支付' }).click();
  await payOnlineInSandbox(page, context);

  // The header now shows the wallet balance, with its popover.
  const balance = page.getByRole('banner').getByRole('button', { name: '¥699.00' });
  await expect(balance).toBeVisible();
  // the popover opens on a click or tap as well as on hover: click, as a touch user must
  await balance.click();
  await expect(page.getByRole('button', { name: '查看状态' })).toBeVisible();
  await expect(page.getByRole('button', { name: '充值', exact: true })).toBeVisible();

  // A third order: the wallet is the default, priced for a VIP.
  await buyFirstMaterialNow(page);

  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('radio', { name: /余额支付/ })).toBeChecked();
  await expect(breakdownRow(drawer, '会员优惠')).toBeVisible();
  const origin = await amountIn(breakdownRow(drawer, '原价'));
  const vipPrice = await amountIn(breakdownRow(drawer, '实付'));
  // The documented default: the VIP pays 1% of the price (0.1折), discounts rounded down.
  expect(vipPrice).toBe(origin - Math.floor((origin * 9_900) / 10_000));
  expect(vipPrice).toBeLessThan(origin);

  // Online has no member price: the line goes away and the price is the full one.
  await drawer.getByRole('radio', { name: /在线支付/ }).check();
  await expect(breakdownRow(drawer, '会员优惠')).toHaveCount(0);
  await expect.poll(() => amountIn(breakdownRow(drawer, '实付'))).toBe(origin);
  await drawer.getByRole('radio', { name: /余额支付/ }).check();
  await expect.poll(() => amountIn(breakdownRow(drawer, '实付'))).toBe(vipPrice);

  await drawer.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('支付成功').first()).toBeVisible();
  // a 高级定制授权 (the first material's default may be one) goes on to its custom form (decision 0023)
  await expect(page).toHaveURL(/\/record\/ordinary|\/customize\?material=/);
  await page.goto('/record/ordinary');
  const order = page.getByRole('article').first();
  await expect(order.getByText('支付方式：余额支付')).toBeVisible();
  await expect(order.getByText('会员优惠')).toBeVisible();
  expect(await amountIn(order.locator('.gs-record-breakdown__total'))).toBe(vipPrice);

  // The balance fell by exactly the VIP price.
  const remaining = 69_900 - vipPrice;
  const formatted = `¥${Math.floor(remaining / 100).toLocaleString('en-US')}.${String(remaining % 100).padStart(2, '0')}`;
  await expect(page.getByRole('banner').getByRole('button', { name: formatted })).toBeVisible();

  // The wallet page lists the recharge with what is left of it.
  await page.goto('/wallet');
  await expect(page.getByText('VIP 生效中')).toBeVisible();
  const history = page.locator('.gs-table__row');
  await expect(history).toHaveCount(1);
  await expect(history).toContainText('¥699.00');
  await expect(history).toContainText(formatted);
});

test('an order paid by bank transfer completes when the operator confirms the funds in the console', async ({
  page,
  browser,
  request,
}) => {
  const token = await registerBuyer(request, { withCompany: true });
  await signIn(page, token);
  await buyFirstMaterialNow(page);

  const drawer = page.getByRole('dialog', { name: '确认订单' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('radio', { name: /对公转账/ }).check();
  const price = await amountIn(breakdownRow(drawer, '实付'));
  await drawer.getByRole('button', { name: '获取转账信息' }).click();

  // The payee, the amount and the order's own reference to write on the transfer.
  const transfer = page.getByRole('dialog', { name: '对公转账' });
  await expect(transfer.getByText('请使用企业对公账户向以下账户转账')).toBeVisible();
  const referenceCell = transfer.locator('.ant-descriptions-row').filter({ hasText: '转账备注' });
  const reference = ((await referenceCell.locator('code, .ant-typography').first().textContent()) ?? '').trim();
  expect(reference.length).toBeGreaterThan(0);
  expect(await amountIn(transfer.locator('.ant-descriptions-row').filter({ hasText: '转账金额' }))).toBe(price);
  await transfer.getByRole('button', { name: '我已了解，查看订单' }).click();
  await expect(page).toHaveURL(/\/record\/ordinary/);
  const order = page.getByRole('article').first();
  await expect(order.getByText('待支付')).toBeVisible();

  // The operator, in a browser of their own, finds the order in the transfer queue by reference.
  const operatorPage = await browser.newPage();
  await signInOperator(operatorPage);
  await operatorPage.getByRole('menuitem', { name: '转账确认' }).click();
  const row = operatorPage.locator('.ant-table-row').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '确认到账' }).click();
  const decision = operatorPage.getByRole('dialog', { name: /确认到账/ });
  await decision.getByRole('button', { name: '确认到账' }).click();
  await expect(decision.getByText(/请填写|不能为空/).first()).toBeVisible();
  // The amount due and today are filled in; the bank statement's serial is the operator's to type.
  await expect(decision.getByLabel('实际到账金额')).toHaveValue((price / 100).toFixed(2));
  // a statement line confirms one transfer only (a serial used before is refused): one per run
  await decision.getByLabel('银行流水号').fill(`ICBC${Date.now()}`);
  await decision.getByLabel('备注').fill('工商银行流水已到账，付款企业与金额一致');
  await decision.getByRole('button', { name: '确认到账' }).click();
  await expect(operatorPage.getByText('已确认到账，订单已完成')).toBeVisible();
  await expect(row).toHaveCount(0);
  await operatorPage.screenshot({ path: test.info().outputPath('admin-transfers.png') });
  await operatorPage.close();

  // The buyer's order is now complete, with its downloads.
  await page.reload();
  await expect(order.getByText('已完成')).toBeVisible();
  await expect(order.getByText('支付方式：对公转账')).toBeVisible();
  await expect(order.getByRole('button', { name: /^下载原图/ })).toHaveCount(1);
});
