import { ErrorCode, type TAuditListResponse, ZAuditListResponse } from '@gemstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { createBuyer, insertMaterial } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

describe('GET /api/admin/audit', () => {
  let t: TestApp;
  let alice: TestOperator;
  let bob: TestOperator;
  let sidA: string;
  let sidB: string;

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await createTestOperator(t, 'Alice');
    bob = await createTestOperator(t, 'Bob');
    sidA = (await insertMaterial(t, { keywords: ['甲'] })).sid;
    sidB = (await insertMaterial(t, { keywords: ['乙'] })).sid;
    const edit = (sid: string, token: string, payload: object) =>
      t.call({ method: 'PATCH', url: `/api/admin/materials/${sid}`, payload, token });
    await edit(sidA, alice.token, { featured: true });
    await edit(sidA, bob.token, { remark: '备注一' });
    await edit(sidB, alice.token, { customPriceCents: 10_000 });
    await t.call({ method: 'PUT', url: '/api/admin/keywords/pinned', payload: { keywords: ['金'] }, token: bob.token });
  });
  afterAll(async () => {
    await t.close();
  });

  const audit = (query: string, token = alice.token) =>
    t.call<TAuditListResponse>({ method: 'GET', url: `/api/admin/audit${query}`, token });

  it('lists every operator write, newest first, with who, what, when, before and after', async () => {
    const res = await audit('');
    expect(res.code).toBe(0);
    expect(() => ZAuditListResponse.parse(res.data)).not.toThrow();
    expect(res.data.total).toBe(4);
    expect(res.data.entries.map((e) => [e.action, e.entitySid, e.operatorName])).toEqual([
      ['keywords.pinned.replace', 'pinned', bob.username],
      ['material.update', sidB, alice.username],
      ['material.update', sidA, bob.username],
      ['material.update', sidA, alice.username],
    ]);
    expect(res.data.entries[2]).toMatchObject({
      operatorSid: bob.sid,
      before: { remark: null },
      after: { remark: '备注一' },
    });
    expect(Date.parse(res.data.entries[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('filters by entity and by entity sid, and pages', async () => {
    expect((await audit('?entity=keywords')).data.entries).toHaveLength(1);
    const one = await audit(`?entity=material&sid=${sidA}`);
    expect(one.data.total).toBe(2);
    expect(one.data.entries.every((e) => e.entitySid === sidA)).toBe(true);
    const page = await audit('?page=2&page_size=3');
    expect(page.data).toMatchObject({ total: 4 });
    expect(page.data.entries).toHaveLength(1);
  });

  it('is for operators only', async () => {
    const buyer = await createBuyer(t);
    expect((await audit('', buyer.token)).code).toBe(ErrorCode.TOKEN_INVALID.code);
    expect((await t.call({ method: 'GET', url: '/api/admin/audit' })).code).toBe(ErrorCode.AUTH_REQUIRED.code);
  });
});
