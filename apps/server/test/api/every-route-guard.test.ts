import { type AnyEndpoint, ErrorCode } from '@gemstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { nextIp } from '../helpers/accounts.js';
import { contractEndpoints } from '../helpers/contract-endpoints.js';
import { tableContents } from '../helpers/tables.js';
import type { TestBuyer } from '../helpers/factories.js';
import { createCompanyBuyer, createSubAccount } from '../helpers/money.js';
import { buildTestApp, type ApiResult, type TestApp } from '../helpers/test-app.js';

/*
 * Who may call each endpoint, checked on every one the contract declares: a visitor is asked to
 * sign in wherever an account is needed, a sub-account is refused the main account's calls, and
 * a buyer's token is no operator's nor an operator's a buyer's (the two kinds of token are apart).
 * A refused call writes nothing: every table's contents are as they were.
 */

describe('every route checks who calls it', () => {
  let t: TestApp;
  let main: TestBuyer;
  let sub: TestBuyer;
  let operator: TestOperator;
  const endpoints = contractEndpoints();

  beforeAll(async () => {
    t = await buildTestApp();
    main = await createCompanyBuyer(t);
    sub = await createSubAccount(t, main.sid);
    operator = await createTestOperator(t, '守卫运营');
  });
  afterAll(async () => t.close());

  function send(endpoint: AnyEndpoint, token: string | undefined): Promise<ApiResult<unknown>> {
    return t.call({
      method: endpoint.method,
      url: endpoint.path.replace(/:[A-Za-z]+/g, 'nosuchsid0000000'),
      token,
      remoteAddress: nextIp(),
      ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: {} }),
    });
  }

  function refusals(
    calls: AnyEndpoint[],
    expected: { status: number; code: number },
    results: Map<AnyEndpoint, ApiResult<unknown>>,
  ): string[] {
    return calls
      .filter((e) => {
        const res = results.get(e)!;
        return res.status !== expected.status || res.code !== expected.code;
      })
      .map((e) => `${e.method} ${e.path}: ${results.get(e)!.status} ${results.get(e)!.code}`);
  }

  async function sendAll(calls: AnyEndpoint[], token: string | undefined) {
    const results = new Map<AnyEndpoint, ApiResult<unknown>>();
    for (const endpoint of calls) results.set(endpoint, await send(endpoint, token));
    return results;
  }

  it('asks a visitor to sign in for every call that needs an account, and writes nothing', async () => {
    const needAccount = endpoints.filter((e) => e.access === 'user' || e.access === 'mainAccount');
    const console = endpoints.filter((e) => e.access === 'operator');
    expect(needAccount.length).toBeGreaterThan(50);
    expect(console.length).toBeGreaterThan(50);
    const before = await tableContents(t);
    expect(
      refusals(needAccount, { status: 401, code: ErrorCode.AUTH_REQUIRED.code }, await sendAll(needAccount, undefined)),
    ).toEqual([]);
    expect(
      refusals(console, { status: 401, code: ErrorCode.AUTH_REQUIRED.code }, await sendAll(console, undefined)),
    ).toEqual([]);
    expect(await tableContents(t)).toEqual(before);
  });

  it('takes a buyer’s token for no operator’s in every console call, and writes nothing', async () => {
    const console = endpoints.filter((e) => e.access === 'operator');
    const before = await tableContents(t);
    const results = await sendAll(console, main.token);
    expect(refusals(console, { status: 401, code: ErrorCode.TOKEN_INVALID.code }, results)).toEqual([]);
    expect(await tableContents(t)).toEqual(before);
  });

  it('refuses a sub-account every call only the main account may make, and writes nothing', async () => {
    const mainOnly = endpoints.filter((e) => e.access === 'mainAccount');
    expect(mainOnly.length).toBeGreaterThan(5);
    const before = await tableContents(t);
    const results = await sendAll(mainOnly, sub.token);
    expect(refusals(mainOnly, { status: 403, code: ErrorCode.MAIN_ACCOUNT_ONLY.code }, results)).toEqual([]);
    expect(await tableContents(t)).toEqual(before);
  });

  it('takes an operator’s token for no buyer’s, and writes nothing', async () => {
    const buyerCalls = endpoints.filter((e) => e.access === 'user' || e.access === 'mainAccount');
    const before = await tableContents(t);
    const results = await sendAll(buyerCalls, operator.token);
    expect(refusals(buyerCalls, { status: 401, code: ErrorCode.TOKEN_INVALID.code }, results)).toEqual([]);
    expect(await tableContents(t)).toEqual(before);
  });
});
