import { ADMIN_INVOICE_API, INVOICE_API, INVOICE_PATHS } from '@gemstock/contract';
import { count, eq } from 'drizzle-orm';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { invoices } from '../../src/db/schema/index.js';
import { signedHeaders, signInvoiceRequest } from '../../src/modules/invoice/invoice-issuer.js';
import { createTestOperator } from '../helpers/admin.js';
import type { TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { createCompanyBuyer, insertPaidOrder } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const PROVIDER = { appKey: 'gemstock-test', secret: 'provider-secret-0123456789' };

/** A fake e-invoicing provider: records the signed requests it got, serves PDFs at /pdf/{sid}. */
interface FakeProvider {
  server: Server;
  url: string;
  received: { body: string; validSignature: boolean }[];
  pdfFetches: { validSignature: boolean }[];
  redLetters: { url: string; body: string; validSignature: boolean }[];
  down: boolean;
}

function verify(req: IncomingMessage, body: string): boolean {
  const h = (name: string) => String(req.headers[name] ?? '');
  return (
    h('x-app-key') === PROVIDER.appKey &&
    h('x-signature') === signInvoiceRequest(PROVIDER, h('x-timestamp'), h('x-nonce'), body)
  );
}

async function startProvider(): Promise<FakeProvider> {
  const fake: FakeProvider = {
    server: createServer(),
    url: '',
    received: [],
    pdfFetches: [],
    redLetters: [],
    down: false,
  };
  fake.server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (fake.down) {
        res.writeHead(503).end();
      } else if (req.method === 'POST' && req.url === '/v1/invoices') {
        fake.received.push({ body, validSignature: verify(req, body) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0}');
      } else if (req.method === 'POST' && /^\/v1\/invoices\/[^/]+\/red$/.test(req.url ?? '')) {
        fake.redLetters.push({ url: req.url ?? '', body, validSignature: verify(req, body) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0}');
      } else if (req.method === 'GET' && req.url?.startsWith('/v1/pdf/')) {
        fake.pdfFetches.push({ validSignature: verify(req, '') });
        res.writeHead(200, { 'content-type': 'application/pdf' }).end(SAMPLE_PDF);
      } else {
        res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
  return fake;
}

let t: TestApp;
let provider: FakeProvider;

beforeAll(async () => {
  provider = await startProvider();
  t = await buildTestApp({ invoicing: { provider: 'http', url: provider.url, ...PROVIDER } });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => provider.server.close(resolve));
});

async function paidOrder(buyer: TestBuyer): Promise<string> {
  return (await insertPaidOrder(t, { ownerSid: buyer.sid })).sid;
}

async function requestInvoice(buyer: TestBuyer, orderSid: string) {
  const res = await injectApi(t, INVOICE_API.request, {
    token: buyer.token,
    params: { id: orderSid },
    body: { type: 'ORDINARY', title: '上海鑫鎏珠宝有限公司', number: '91310000MA1FL0XX2F' },
  });
  expect(res.code).toBe(0);
  return res.data;
}

function notify(payload: object, sign: typeof PROVIDER = PROVIDER) {
  const body = JSON.stringify(payload);
  return t.call<unknown>({
    method: 'POST',
    url: INVOICE_PATHS.notifyHttp,
    headers: { 'content-type': 'application/json', ...signedHeaders(sign, body) },
    payload: body,
  });
}

async function invoiceRow(sid: string) {
  const [row] = await t.database.db.select().from(invoices).where(eq(invoices.sid, sid));
  return row!;
}

describe('e-invoicing provider (INVOICE_PROVIDER=http)', () => {
  it('hands the request over signed, and attaches the PDF its notification points to', async () => {
    const buyer = await createCompanyBuyer(t);
    const order = await paidOrder(buyer);
    const invoice = await requestInvoice(buyer, order);

    const sent = provider.received.at(-1)!;
    expect(sent.validSignature).toBe(true);
    expect(JSON.parse(sent.body)).toMatchObject({
      out_invoice_no: invoice.sid,
      amount: '398.00',
      title: '上海鑫鎏珠宝有限公司',
      notify_url: `${t.config.publicUrl}${INVOICE_PATHS.notifyHttp}`,
    });

    const report = { out_invoice_no: invoice.sid, status: 'ISSUED', pdf_url: `${provider.url}/pdf/${invoice.sid}` };
    const res = await notify(report);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.raw)).toEqual({ code: 'SUCCESS' });
    expect(provider.pdfFetches.at(-1)?.validSignature).toBe(true);
    const row = await invoiceRow(invoice.sid);
    expect(row.status).toBe('ISSUED');
    expect(row.fileKey).toMatch(/^private\/invoices\//);
    expect(row.operatorSid).toBeNull();

    // The buyer downloads it exactly as after an operator's upload.
    const download = await injectApi(t, INVOICE_API.download, { token: buyer.token, params: { id: order } });
    expect(download.code).toBe(0);
    expect(download.data.invoice.status).toBe('ISSUED');

    // A repeated notification changes nothing and is acknowledged.
    const again = await notify(report);
    expect(JSON.parse(again.raw)).toEqual({ code: 'SUCCESS' });
    expect((await invoiceRow(invoice.sid)).fileKey).toBe(row.fileKey);
  });

  it('refuses forged notifications and PDFs elsewhere; a failed issue stays for the operators', async () => {
    const buyer = await createCompanyBuyer(t);
    const invoice = await requestInvoice(buyer, await paidOrder(buyer));
    const pdf_url = `${provider.url}/pdf/${invoice.sid}`;

    const forged = await notify(
      { out_invoice_no: invoice.sid, status: 'ISSUED', pdf_url },
      { ...PROVIDER, secret: 'not-the-secret-000000' },
    );
    expect(forged.status).toBe(400);
    const elsewhere = await notify({
      out_invoice_no: invoice.sid,
      status: 'ISSUED',
      pdf_url: 'http://169.254.169.254/latest/meta-data',
    });
    expect(elsewhere.status).toBe(400);
    const failed = await notify({ out_invoice_no: invoice.sid, status: 'FAILED', message: '税号有误' });
    expect(JSON.parse(failed.raw)).toEqual({ code: 'SUCCESS' });
    expect((await invoiceRow(invoice.sid)).status).toBe('REQUESTED');
  });

  it('a provider that cannot be reached does not stop the request: it waits for an operator', async () => {
    const buyer = await createCompanyBuyer(t);
    provider.down = true;
    try {
      const invoice = await requestInvoice(buyer, await paidOrder(buyer));
      expect((await invoiceRow(invoice.sid)).status).toBe('REQUESTED');
    } finally {
      provider.down = false;
    }
  });
});

describe('withdrawing an invoice the provider issued (decision 0025)', () => {
  async function providerIssued(buyer: TestBuyer) {
    const order = await paidOrder(buyer);
    const invoice = await requestInvoice(buyer, order);
    const res = await notify({
      out_invoice_no: invoice.sid,
      status: 'ISSUED',
      pdf_url: `${provider.url}/pdf/${invoice.sid}`,
    });
    expect(JSON.parse(res.raw)).toEqual({ code: 'SUCCESS' });
    return { order, invoice };
  }

  it('红冲 goes to the provider as a signed red-letter request; the replacement is handed over like any request', async () => {
    const buyer = await createCompanyBuyer(t);
    const ops = await createTestOperator(t);
    const { invoice } = await providerIssued(buyer);
    const listed = await injectApi(t, ADMIN_INVOICE_API.list, {
      query: { status: 'ISSUED', page: 1, page_size: 100 },
      token: ops.token,
    });
    expect(listed.data.invoices.find((i) => i.sid === invoice.sid)?.providerIssued).toBe(true);

    const res = await injectApi(t, ADMIN_INVOICE_API.void, {
      params: { id: invoice.sid },
      body: { kind: 'REVERSED', reason: '税号有误' },
      token: ops.token,
    });
    expect(res.code).toBe(0);
    const red = provider.redLetters.at(-1)!;
    expect(red.url).toBe(`/v1/invoices/${invoice.sid}/red`);
    expect(red.validSignature).toBe(true);
    expect(JSON.parse(red.body)).toEqual({ out_invoice_no: invoice.sid, reason: '税号有误' });
    expect((await invoiceRow(invoice.sid)).status).toBe('REVERSED');
    expect(JSON.parse(provider.received.at(-1)!.body)).toMatchObject({
      out_invoice_no: res.data.replacement!.sid,
      amount: '398.00',
    });
  });

  it('作废 is refused (an e-invoice is only reversed), and a provider that refuses the red letter changes nothing', async () => {
    const buyer = await createCompanyBuyer(t);
    const ops = await createTestOperator(t);
    const { invoice } = await providerIssued(buyer);
    const redLetters = provider.redLetters.length;

    const voided = await injectApi(t, ADMIN_INVOICE_API.void, {
      params: { id: invoice.sid },
      body: { kind: 'VOIDED', reason: '税号有误' },
      token: ops.token,
    });
    expect(voided.code).toBe(4108);
    expect(voided.message).toBe('电子发票服务商开具的发票不能作废，请选择红冲');
    expect(provider.redLetters).toHaveLength(redLetters);

    provider.down = true;
    try {
      const reversed = await injectApi(t, ADMIN_INVOICE_API.void, {
        params: { id: invoice.sid },
        body: { kind: 'REVERSED', reason: '税号有误' },
        token: ops.token,
      });
      expect(reversed.code).toBe(4109);
      expect(reversed.message).toBe('电子发票服务商未受理红冲申请，发票仍为已开具，请稍后重试');
    } finally {
      provider.down = false;
    }
    const row = await invoiceRow(invoice.sid);
    expect(row).toMatchObject({ status: 'ISSUED', voidReason: null });
    const [replacements] = await t.database.db
      .select({ n: count() })
      .from(invoices)
      .where(eq(invoices.replacesSid, invoice.sid));
    expect(replacements?.n).toBe(0);
  });
});

describe('manual invoicing (the default)', () => {
  it('has no provider notification to take', async () => {
    const manual = await buildTestApp();
    try {
      const res = await manual.call({
        method: 'POST',
        url: INVOICE_PATHS.notifyHttp,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.status).toBe(404);
    } finally {
      await manual.close();
    }
  });
});

describe('INVOICE_PROVIDER configuration', () => {
  const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/gemstock-test-data' };

  it('is manual by default', () => {
    expect(loadConfig(base).invoicing).toEqual({ provider: 'manual' });
  });

  it('refuses an incomplete provider configuration at startup, naming what is missing', () => {
    expect(() =>
      loadConfig({ ...base, INVOICE_PROVIDER: 'http', INVOICE_PROVIDER_URL: 'https://fp.example.cn' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base, INVOICE_PROVIDER: 'http', INVOICE_PROVIDER_URL: 'https://fp.example.cn' }),
    ).toThrow(/INVOICE_PROVIDER=http needs INVOICE_PROVIDER_APP_KEY, INVOICE_PROVIDER_SECRET/);
    expect(() => loadConfig({ ...base, INVOICE_PROVIDER: 'nuonuo' })).toThrow(/INVOICE_PROVIDER/);
    const complete = loadConfig({
      ...base,
      INVOICE_PROVIDER: 'http',
      INVOICE_PROVIDER_URL: 'https://fp.example.cn/api/',
      INVOICE_PROVIDER_APP_KEY: 'key',
      INVOICE_PROVIDER_SECRET: 's'.repeat(20),
    });
    expect(complete.invoicing).toMatchObject({ provider: 'http', url: 'https://fp.example.cn/api' });
  });
});
