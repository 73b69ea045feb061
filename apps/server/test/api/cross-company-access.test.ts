import { BOARD_API, INVOICE_API, LicenceType, ORDER_API } from '@gemstock/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/sql.js';
import type { TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { nextIp } from '../helpers/accounts.js';
import {
  createCompanyBuyer,
  createMaterials,
  createSubAccount,
  fundWallet,
  payByWallet,
  placeOrder,
} from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { contractEndpoints } from '../helpers/contract-endpoints.js';
import { tableContents } from '../helpers/tables.js';

/*
 * Every buyer call that names a thing by its id, made by another company with the ids of one
 * company's things: its orders, licences, wallet, sub-account, board and everything else it holds.
 * None answers success, whatever the call: one company never reads or changes another's.
 */

/** Tables whose rows every visitor may name: the catalogue, and what the site publishes. */
const PUBLIC_TABLES = new Set(['materials', 'content_pages', 'content_versions', 'hot_keywords']);

describe('one company’s ids, used by another company', () => {
  let t: TestApp;
  let owner: TestBuyer;
  let other: TestBuyer;
  let materialSids: string[];
  const ownerSids: { table: string; sid: string }[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createCompanyBuyer(t);
    other = await createCompanyBuyer(t);
    const materials = await createMaterials(t, 3);
    materialSids = materials.map((m) => m.sid);
    const recharge = await fundWallet(t, owner.sid, 1_000_000);
    const paid = await placeOrder(t, owner, { [materialSids[0]!]: LicenceType.STANDARD });
    expect((await payByWallet(t, owner, paid.sid)).code).toBe(0);
    await placeOrder(t, owner, { [materialSids[1]!]: LicenceType.NEW_MEDIA });
    const invoice = await injectApi(t, INVOICE_API.request, {
      token: owner.token,
      params: { id: recharge },
      body: { type: 'ORDINARY', title: '上海鑫鎏珠宝有限公司', number: '91310000MA1FL0XX2F' },
    });
    expect(invoice.code).toBe(0);
    const custom = await injectApi(t, ORDER_API.placeCustom, {
      token: owner.token,
      body: { material: materialSids[1]!, source: null, product_key: null, logo_key: null, detail: {} },
    });
    expect((await payByWallet(t, owner, custom.data.order.sid)).code).toBe(0);
    await createSubAccount(t, owner.sid);
    const board = await injectApi(t, BOARD_API.create, { token: owner.token, body: { name: '客户提案' } });
    expect(board.code).toBe(0);
    await injectApi(t, BOARD_API.addItem, {
      token: owner.token,
      params: { id: board.data.sid },
      body: { material: materialSids[2]! },
    });

    // Every id the database holds that is not the other company's own and not public.
    const tables = rowsOf<{ table_name: string }>(
      await t.database.db.execute(
        sql`SELECT table_name FROM information_schema.columns
            WHERE table_schema = 'public' AND column_name = 'sid' ORDER BY table_name`,
      ),
    );
    for (const { table_name: table } of tables) {
      if (PUBLIC_TABLES.has(table)) continue;
      const rows = rowsOf<{ sid: string }>(await t.database.db.execute(sql.raw(`SELECT sid FROM "${table}"`)));
      for (const { sid } of rows) if (sid !== other.sid) ownerSids.push({ table, sid });
    }
  });
  afterAll(async () => t.close());

  it('has the owner’s orders, licences, wallet, sub-account, board, invoice and custom demand to try (the sweep is not vacuous)', () => {
    const tables = new Set(ownerSids.map((s) => s.table));
    for (const table of ['orders', 'licences', 'users', 'boards', 'invoices', 'demands', 'wallet_lots']) {
      expect(tables, table).toContain(table);
    }
  });

  it('answers no buyer call naming the owner’s things with success, and changes nothing anywhere', async () => {
    const buyerCalls = contractEndpoints().filter((e) => e.access !== 'operator' && e.path.includes(':'));
    expect(buyerCalls.length).toBeGreaterThan(30);
    const before = await tableContents(t);
    const answered: string[] = [];
    for (const endpoint of buyerCalls) {
      for (const { table, sid } of ownerSids) {
        // A call naming a material too gets a real one, so only the owner's id can refuse it.
        const url = endpoint.path.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
          name === 'material' ? materialSids[2]! : encodeURIComponent(sid),
        );
        const res = await t.call({
          method: endpoint.method,
          url,
          token: other.token,
          remoteAddress: nextIp(),
          ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(res.status, `${endpoint.method} ${url}`).toBeLessThan(500);
        if (res.code === 0) answered.push(`${endpoint.method} ${endpoint.path} with ${table}.${sid}`);
      }
    }
    expect(answered).toEqual([]);
    expect(await tableContents(t)).toEqual(before);
  }, 600_000);
});
