import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Skips the first-visit guide so journeys start on the page itself. */
export async function skipGuide(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('gemstock.guide-seen', '1'));
}

export function uniqueEmail(prefix = 'buyer') {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@e2e.example.com`;
}

/** The newest verification code the server "sent" to this address, read from the dev outbox. */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const res = await request.get('/api/dev/outbox');
      const body = (await res.json()) as { data: { messages: { to: string; code: string | null }[] } };
      code = body.data.messages.find((m) => m.to === to)?.code ?? null;
      return code;
    })
    .not.toBeNull();
  return code as unknown as string;
}

export function authDialog(page: Page) {
  return page.getByRole('dialog');
}

/** Signs the demo operator in to the console (the seed's account). */
export async function signInOperator(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill('operator');
  await page.getByLabel('密码').fill('Demo1234!');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/admin(\/materials)?$/);
}
