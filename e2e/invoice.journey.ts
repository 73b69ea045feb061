import { expect, test } from '@playwright/test';
import { MATERIAL_PATHS } from '@gemstock/contract';
import { readFile } from 'node:fs/promises';
import { buyFirstMaterialNow, payOnlineInSandbox } from './checkout-steps';
import { COMPANY, registerBuyer, signIn, signInOperator, skipGuide } from './fixtures';

/*
 * VAT invoices (issue "Company after-sale", decisions 0014 and 0025): a paid order's buyer asks
 * for a 专票, the operator checks the PDF beside the request and issues it, reverses it (红冲) and
 * issues the right one, the buyer downloads it from 我的订单.
 */

/** A small, well-formed PDF, as the tax system's export would be (header, a page, trailer). */
const FAPIAO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const NOT_A_PDF = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256)]);

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

test('a paid order gets a 专票: a wrong credit code is refused, the operator checks and issues the PDF, reverses it and issues the right one, the buyer downloads it', async ({
  page,
  context,
  request,
  browser,
}) => {
  const token = await registerBuyer(request, { withCompany: true });
  await signIn(page, token);
  await buyFirstMaterialNow(page);
  const drawer = page.getByRole('dialog', { name: '确认订单' });
  await expect(drawer.getByRole('radio', { name: /在线支付/ })).toBeChecked();
  await drawer.getByRole('button', { name: '去支付' }).click();
  await payOnlineInSandbox(page, context);

  // The first paid order brings the satisfaction survey, once; answering it gives a coupon.
  const survey = page.getByRole('dialog', { name: '满意度调查' });
  await expect(survey).toBeVisible();
  await survey.getByLabel('意见与建议（选填）').fill('希望多一些婚戒场景的视频素材');
  // A double click sends one answer: the thanks of spec §8 and the coupon stay on screen.
  await survey.getByRole('button', { name: '提交' }).dblclick();
  await expect(page.getByText('提交成功，感谢您的反馈！')).toBeVisible();
  const thanks = page.getByRole('dialog', { name: '感谢您的反馈' });
  await expect(thanks.getByText('-¥20.00 优惠金额')).toBeVisible();
  await expect(page.getByText('贵公司已提交过满意度调查，感谢您的反馈')).toHaveCount(0);
  await expect(thanks.getByRole('button', { name: /复制/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('survey-coupon.png') });
  await thanks.getByRole('button', { name: '我知道了' }).click();
  await expect(thanks).toBeHidden();

  // 我的订单: the paid order offers 申请发票, prefilled from the company.
  await page.goto('/user/order');
  const order = page.getByRole('article').first();
  await expect(order).toBeVisible();
  // answered: it does not come back
  await expect(survey).toHaveCount(0);
  await expect(order.getByText('已完成')).toBeVisible();
  await order.getByRole('button', { name: '申请发票' }).click();
  const dialog = page.getByRole('dialog', { name: '申请发票' });
  await expect(dialog.getByLabel('发票抬头')).toHaveValue(COMPANY.company);
  await expect(dialog.getByLabel('纳税人识别号')).toHaveValue(COMPANY.company_license);
  await dialog.getByText('增值税专用发票').click();
  await dialog.getByLabel('注册地址').fill(COMPANY.company_address);
  await dialog.getByLabel('注册电话').fill('0571-88886666');
  await dialog.getByLabel('开户银行').fill('中国工商银行杭州文三路支行');
  await dialog.getByLabel('银行账号').fill('1202020909900123456');

  // A credit code whose check digit is wrong is refused where it is typed.
  await dialog.getByLabel('纳税人识别号').fill('91110108551385082R');
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(dialog.getByText('统一社会信用代码的校验位不正确，请核对后重新输入')).toBeVisible();
  await dialog.getByLabel('纳税人识别号').fill(COMPANY.company_license);
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText(/发票申请已提交，预计 \d{4}-\d{2}-\d{2} 前开具/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(order.getByText('专票开具中')).toBeVisible();
  await expect(order.getByText(/预计 \d{4}-\d{2}-\d{2} 前开具/)).toBeVisible();
  await expect(order.getByRole('button', { name: '申请发票' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('invoice-requested.png') });

  // The operator finds it in the invoice queue; a file that is not a PDF is refused.
  const operatorPage = await browser.newPage();
  await signInOperator(operatorPage);
  await operatorPage.getByRole('menuitem', { name: '发票管理' }).click();
  const row = operatorPage.locator('.ant-table-row').filter({ hasText: COMPANY.company });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('增值税专用发票')).toBeVisible();
  // Picking a file issues nothing: it is shown beside the request, and only 确认开具 issues it.
  await row.locator('input[type=file]').setInputFiles({ name: 'fapiao.png', mimeType: 'image/png', buffer: NOT_A_PDF });
  const review = operatorPage.getByRole('dialog', { name: '核对并开具发票' });
  await expect(review.getByText('请上传 PDF 格式的发票文件')).toBeVisible();
  await expect(review.getByRole('button', { name: '确认开具' })).toBeDisabled();
  await review
    .locator('input[type=file]')
    .setInputFiles({ name: 'fapiao.pdf', mimeType: 'application/pdf', buffer: FAPIAO_PDF });
  const preview = review.getByRole('img', { name: '发票 PDF 预览' });
  await expect(preview).toBeVisible();
  // Drawn by pdf.js under the built site's CSP (its worker and wasm), not only given a frame.
  await expect(preview.locator('canvas').first()).toBeVisible();
  await expect(preview.getByText('无法预览此 PDF')).toHaveCount(0);
  await expect(review.getByText('增值税专用发票')).toBeVisible();
  await expect(review.getByText(COMPANY.company_license)).toBeVisible();
  await expect(review.getByRole('button', { name: '确认开具' })).toBeEnabled();
  await operatorPage.screenshot({ path: test.info().outputPath('admin-invoice-review.png') });
  await review.getByRole('button', { name: '确认开具' }).click();
  await expect(operatorPage.getByText(/发票已开具，已通知买家/)).toBeVisible();
  await expect(row).toHaveCount(0);
  await operatorPage.getByText('已开具', { exact: true }).click();
  const issuedRow = operatorPage.locator('.ant-table-row').filter({ hasText: COMPANY.company });
  await expect(issuedRow).toHaveCount(1);
  await operatorPage.screenshot({ path: test.info().outputPath('admin-invoices.png') });

  // It was wrong: 红冲 with a reason queues the right one for the same orders (decision 0025).
  await issuedRow.getByRole('button', { name: '作废 / 红冲' }).click();
  const withdraw = operatorPage.getByRole('dialog', { name: '作废 / 红冲发票' });
  await withdraw.getByLabel('原因（买家可见）').fill('开户银行填写有误');
  await withdraw.getByRole('button', { name: '确认红冲' }).click();
  await expect(operatorPage.getByText('发票已红冲，已通知买家；重开申请已进入待开具')).toBeVisible();
  await operatorPage.getByText('待开具', { exact: true }).first().click();
  const replacement = operatorPage.locator('.ant-table-row').filter({ hasText: COMPANY.company });
  await expect(replacement.getByText('重开')).toBeVisible();
  await replacement
    .locator('input[type=file]')
    .setInputFiles({ name: 'fapiao-2.pdf', mimeType: 'application/pdf', buffer: FAPIAO_PDF });
  await expect(review.getByText(/原发票已红冲：开户银行填写有误/)).toBeVisible();
  await review.getByRole('button', { name: '确认开具' }).click();
  // the first issue's toast may still be showing beside this one
  await expect(operatorPage.getByText(/发票已开具，已通知买家/).last()).toBeVisible();
  // The survey answer is in the console, with the averages.
  await operatorPage.getByRole('menuitem', { name: '满意度调查' }).click();
  await expect(operatorPage.getByText('希望多一些婚戒场景的视频素材')).toBeVisible();
  await expect(operatorPage.getByText('平均满意度')).toBeVisible();
  await operatorPage.screenshot({ path: test.info().outputPath('admin-surveys.png') });
  await operatorPage.close();

  // The buyer sees the first one was reversed, and downloads the right one from 我的订单.
  await page.reload();
  await expect(order.getByText('原发票已红冲：开户银行填写有误，正在重新开具')).toBeVisible();
  await expect(order.getByText('专票已开具')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    order.getByRole('button', { name: '下载发票' }).click(),
  ]);
  expect(download.url()).toContain(`${MATERIAL_PATHS.original}?`);
  const saved = await download.path();
  expect((await readFile(saved)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
