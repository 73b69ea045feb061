import { expect, test } from '@playwright/test';
import { USER_ROUTES } from '@gemstock/contract';
import { authDialog, latestCode, skipGuide, uniqueEmail } from './fixtures';

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

test('a new company registers with an emailed code, fills in its company, logs out and logs in again', async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  const password = 'Gemstock2026!';

  await page.goto('/?source=e2e');
  await page.getByRole('banner').getByRole('button', { name: '注册' }).click();
  const dialog = authDialog(page);
  await expect(dialog.getByRole('tab', { name: '邮箱注册' })).toHaveAttribute('aria-selected', 'true');

  await dialog.getByRole('textbox', { name: '邮箱', exact: true }).fill(email);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('发送成功')).toBeVisible();
  // The resend countdown blocks a second code for 60 seconds.
  await expect(dialog.getByRole('button', { name: /秒后重发/ })).toBeDisabled();

  const code = await latestCode(request, email);
  await dialog.getByRole('textbox', { name: '验证码', exact: true }).fill(code);
  await dialog.locator('input[type=password]').fill(password);
  await dialog.locator('#register_agreement').check();
  await dialog.locator('#register_adult').check();
  await dialog.getByRole('button', { name: '注册', exact: true }).click();

  const accountButton = page.getByRole('button', { name: `账号菜单：${email}` });
  await expect(accountButton).toBeVisible();

  // Company info from the user menu, opened from the keyboard: a hover opens it too, but a hover
  // depends on where the pointer happens to rest while the header settles.
  await accountButton.press('Enter');
  await page.getByRole('menuitem', { name: '企业信息' }).click();
  await expect(page).toHaveURL(/\/user\/company-setting/);
  await page.getByLabel('企业全称').fill('杭州宝图测试珠宝有限公司');
  await page.getByLabel('统一社会信用代码/纳税人识别号').fill('91330100MA2KXXXX0E');
  await page.getByLabel('企业地址').fill('浙江省杭州市西湖区文三路 100 号');
  await page.getByRole('main').getByRole('button', { name: /保存/ }).click();
  await expect(page.getByText('更新成功')).toBeVisible();

  // Log out: back home, logged-out header, and the old token no longer works on the server.
  const token = await page.evaluate(() => localStorage.getItem('gemstock.token'));
  expect(token).toBeTruthy();
  await accountButton.press('Enter');
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByRole('banner').getByRole('button', { name: '登录' })).toBeVisible();
  const revoked = await request.get(USER_ROUTES.me.path, { headers: { authorization: `Bearer ${token}` } });
  expect((await revoked.json()).code).toBe(2003);

  // Log in again with email and password.
  await page.getByRole('banner').getByRole('button', { name: '登录' }).click();
  await authDialog(page).getByRole('textbox', { name: '邮箱', exact: true }).fill(email);
  await authDialog(page).locator('input[type=password]').fill(password);
  await authDialog(page).getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('button', { name: `账号菜单：${email}` })).toBeVisible();

  // The company survived the round trip.
  await page.goto('/user/company-setting');
  await expect(page.getByLabel('企业全称')).toHaveValue('杭州宝图测试珠宝有限公司');
});

test('the forms show the messages of spec §5', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: '注册' }).click();
  const dialog = authDialog(page);

  // Sending a code validates the email first.
  await dialog.getByRole('textbox', { name: '邮箱', exact: true }).fill('not-an-email');
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByText('请输入正确的邮箱')).toBeVisible();

  await dialog.getByRole('button', { name: '注册', exact: true }).click();
  await expect(dialog.getByText('请登录邮箱查看验证码')).toBeVisible();
  await expect(dialog.getByText('请阅读并勾选《用户协议》和《个人信息保护指引》')).toBeVisible();
  await expect(dialog.getByText('请确认您已年满18周岁')).toBeVisible();

  await dialog.getByRole('tab', { name: '手机号注册' }).click();
  await dialog.getByRole('textbox', { name: '手机号', exact: true }).fill('1380013');
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByText('请输入正确的手机号')).toBeVisible();
  await dialog.getByRole('button', { name: '注册', exact: true }).click();
  await expect(dialog.getByText('请输入短信验证码')).toBeVisible();

  // Login form: password and sub-account username required.
  await dialog
    .getByRole('button', { name: /已有账号|去登录|登录/ })
    .last()
    .click();
  await dialog.getByRole('tab', { name: '子账号' }).click();
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(dialog.getByText('请输入用户名')).toBeVisible();
  await expect(dialog.getByText('请输入密码')).toBeVisible();

  // Wrong credentials come back from the server as a toast.
  await dialog.getByRole('tab', { name: '邮箱' }).click();
  await dialog.getByRole('textbox', { name: '邮箱', exact: true }).fill('nobody@e2e.example.com');
  await dialog.locator('input[type=password]').fill('wrong-password');
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('账号或密码错误')).toBeVisible();

  // Reset form asks for the new password.
  await dialog.getByRole('button', { name: /忘记密码/ }).click();
  await dialog
    .getByRole('button', { name: /重置密码|确认/ })
    .last()
    .click();
  await expect(dialog.getByText('请输入新密码')).toBeVisible();
});

test('login-required pages send a visitor home with the login dialog, then on to the page after login', async ({
  page,
}) => {
  await page.goto('/user/company-setting');
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  const dialog = authDialog(page);
  await expect(dialog.getByRole('tab', { name: '邮箱' })).toBeVisible();
  await dialog.getByRole('textbox', { name: '邮箱', exact: true }).fill('buyer@demo.gemstock.cn');
  await dialog.locator('input[type=password]').fill('Demo1234!');
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/company-setting/);
  await expect(page.getByLabel('企业全称')).not.toHaveValue('');
});

test('a main account adds a sub-account by username, then binds its email only with the code sent there', async ({
  page,
  request,
}) => {
  const signIn = await request.post(USER_ROUTES.login.path, {
    data: { email: 'buyer@demo.gemstock.cn', password: 'Demo1234!' },
  });
  const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
  await page.addInitScript((value) => window.localStorage.setItem('gemstock.token', value), token);
  await page.goto('/user/sub-account');

  const username = `staff${Date.now().toString(36)}`;
  await page.getByRole('main').getByRole('button', { name: '新建子账号' }).first().click();
  const create = page.getByRole('dialog', { name: '新建子账号' });
  // Addresses are not asked for here: they are bound later with a code.
  await expect(create.getByText(/邮箱和手机号需验证后绑定/)).toBeVisible();
  await expect(create.getByLabel('邮箱')).toHaveCount(0);
  await create.getByLabel('用户名').fill(username);
  await create.getByLabel('登录密码').fill('Staff-passw0rd');
  await create.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('创建成功')).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(username) });
  await row.getByRole('button', { name: '绑定邮箱' }).click();
  const bind = page.getByRole('dialog', { name: new RegExp(`绑定 ${username} 的邮箱`) });
  const email = uniqueEmail('staff');
  await bind.getByRole('textbox', { name: '邮箱', exact: true }).fill(email);
  await bind.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('发送成功')).toBeVisible();
  await bind.getByRole('textbox', { name: '验证码', exact: true }).fill(await latestCode(request, email));
  await bind.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('更新成功')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(username) })).toContainText(email);
});
