import { type AnyEndpoint, type EndpointData, USER_API } from '@gemstock/contract';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, latestCode, uniqueEmail } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/** The account journey over a real socket, with fetch as the browser uses it. */
describe('accounts over real HTTP', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  async function api<E extends AnyEndpoint>(endpoint: E, body?: unknown, token?: string) {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${base}${endpoint.path}`, {
      method: endpoint.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.headers.get('content-type')).toContain('application/json');
    return { status: res.status, ...((await res.json()) as { code: number; message: string; data: EndpointData<E> }) };
  }

  it('register → login → GET /api/user', async () => {
    const email = uniqueEmail('http');
    const sent = await api(USER_API.sendEmailCode, {
      email,
      purpose: 'register',
    });
    expect(sent).toMatchObject({ status: 200, code: 0, data: { resendAfter: 60 } });
    const code = await latestCode(t, email);

    const registered = await api(USER_API.register, {
      email,
      code,
      password: DEFAULT_PASSWORD,
      agreement: true,
      adult: true,
      source: 'http-test',
    });
    expect(registered.code).toBe(0);

    const loggedIn = await api(USER_API.login, {
      email,
      password: DEFAULT_PASSWORD,
    });
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.code).toBe(0);

    const profile = await api(USER_API.me, undefined, loggedIn.data.access_token);
    expect(profile).toMatchObject({ status: 200, code: 0, message: 'ok' });
    expect(profile.data.user).toMatchObject({ email, level: 0 });
  });

  it('answers errors with the envelope and a Chinese message', async () => {
    const wrong = await api(USER_API.login, { email: uniqueEmail(), password: 'whatever1' });
    expect(wrong).toMatchObject({ status: 401, code: 2001, message: '账号或密码错误', data: null });
    const res = await fetch(`${base}${USER_API.login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 1002, message: '请求内容格式不正确' });
    const withCharset = await fetch(`${base}${USER_API.login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ email: uniqueEmail(), password: 'whatever1' }),
    });
    expect(await withCharset.json()).toMatchObject({ code: 2001 });
    const plain = await fetch(`${base}${USER_API.login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toMatchObject({ code: 1008 });
  });
});
