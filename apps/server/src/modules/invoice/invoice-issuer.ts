import { centsToYuanString, INVOICE_PATHS, INVOICE_PDF_MAX_BYTES } from '@gemstock/contract';
import { createHmac, randomBytes } from 'node:crypto';
import type { InvoicingConfig } from '../../config.js';
import { sameBytes } from '../../lib/constant-time.js';
import type { InvoiceRow } from './invoice.repository.js';

/**
 * Who issues a VAT invoice once a buyer asked for it (INVOICE_PROVIDER). `manual`, the default,
 * is the operators: the request waits in the console's queue until one uploads the PDF. `http`
 * is an e-invoicing provider reached over HTTP: the request is handed to it, and its signed
 * notification brings the PDF, which is attached exactly like an operator's upload
 * (`attachInvoicePdf` in invoice.service.ts). Either way an operator can still upload or reject.
 * An invoice the provider issued is withdrawn through it, by a red-letter request only: an
 * e-invoice cannot be voided (作废), only reversed (红冲); decision 0025.
 */
export interface InvoiceIssuer {
  readonly provider: InvoicingConfig['provider'];
  /** A request was recorded. Throws when the provider refused it or could not be reached. */
  submit(invoice: InvoiceRow): Promise<void>;
  /**
   * An invoice this provider issued is to be reversed by a red-letter invoice (红冲, decision
   * 0025). Resolves once the provider accepted the request; throws when it refused it or could
   * not be reached, and then nothing is recorded here.
   */
  reverse(invoice: InvoiceRow, reason: string): Promise<void>;
  /** The provider's notification, verified: the invoice and its PDF, or why it was not issued. */
  readNotification(headers: Record<string, unknown>, rawBody: Buffer, now?: Date): Promise<InvoiceNotification>;
}

export type InvoiceNotification =
  | { kind: 'issued'; invoiceSid: string; pdf: Buffer }
  | { kind: 'failed'; invoiceSid: string; message: string }
  | { kind: 'refused'; reason: string };

/** A provider's notification older or newer than this is refused (replayed or forged clock). */
const NOTIFY_MAX_SKEW_MS = 5 * 60 * 1000;
const PROVIDER_TIMEOUT_MS = 10_000;
/** The provider's own words for how a request ended, in its notification (not an InvoiceStatus). */
const PROVIDER_STATUS = { ISSUED: 'ISSUED', FAILED: 'FAILED' } as const;

class ManualIssuer implements InvoiceIssuer {
  readonly provider = 'manual' as const;

  async submit(): Promise<void> {
    // The request waits in the operators' queue.
  }

  async reverse(): Promise<void> {
    // The operator reverses it in the tax system; only the record is kept here.
  }

  async readNotification(): Promise<InvoiceNotification> {
    return { kind: 'refused', reason: 'no invoice provider is configured' };
  }
}

/**
 * The signature both directions carry: hex HMAC-SHA256 with the shared secret over
 * `appKey \n timestamp \n nonce \n body` (body = the exact bytes sent; empty for a GET).
 */
export function signInvoiceRequest(
  config: { appKey: string; secret: string },
  timestamp: string,
  nonce: string,
  body: string | Buffer,
): string {
  return createHmac('sha256', config.secret)
    .update(`${config.appKey}\n${timestamp}\n${nonce}\n`)
    .update(body)
    .digest('hex');
}

/** The headers of a signed call. */
export function signedHeaders(
  config: { appKey: string; secret: string },
  body: string | Buffer,
  now = new Date(),
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const nonce = randomBytes(12).toString('hex');
  return {
    'x-app-key': config.appKey,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-signature': signInvoiceRequest(config, timestamp, nonce, body),
  };
}

function header(headers: Record<string, unknown>, name: string): string {
  const value = headers[name];
  return typeof value === 'string' ? value : '';
}

/**
 * A generic HTTP e-invoicing provider: `POST {url}/invoices` with the request (amount in yuan,
 * our invoice sid as `out_invoice_no`, where to notify), then `POST {publicUrl}/api/invoice/notify/http`
 * from the provider with `{out_invoice_no, status: ISSUED | FAILED, pdf_url, message}`; the PDF
 * is fetched from `pdf_url`, which must be on the provider's own origin.
 */
class HttpInvoiceIssuer implements InvoiceIssuer {
  readonly provider = 'http' as const;
  private readonly origin: string;

  constructor(
    private readonly config: Extract<InvoicingConfig, { provider: 'http' }>,
    private readonly publicUrl: string,
  ) {
    this.origin = new URL(config.url).origin;
  }

  async submit(invoice: InvoiceRow): Promise<void> {
    const body = JSON.stringify({
      out_invoice_no: invoice.sid,
      type: invoice.type,
      title: invoice.title,
      taxpayer_number: invoice.taxpayerNumber,
      amount: centsToYuanString(invoice.amountCents),
      address: invoice.registeredAddress,
      phone: invoice.registeredPhone,
      bank: invoice.bankName,
      account: invoice.bankAccount,
      notify_url: `${this.publicUrl}${INVOICE_PATHS.notifyHttp}`,
    });
    const response = await fetch(`${this.config.url}/invoices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signedHeaders(this.config, body) },
      body,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`invoice provider answered HTTP ${response.status}`);
  }

  /**
   * `POST {url}/invoices/{out_invoice_no}/red` with the reason: the provider issues the
   * red-letter invoice against the one it issued under our sid. A 2xx answer is its acceptance.
   */
  async reverse(invoice: InvoiceRow, reason: string): Promise<void> {
    const body = JSON.stringify({ out_invoice_no: invoice.sid, reason });
    const response = await fetch(`${this.config.url}/invoices/${encodeURIComponent(invoice.sid)}/red`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signedHeaders(this.config, body) },
      body,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`invoice provider answered HTTP ${response.status} to the red-letter request`);
  }

  async readNotification(
    headers: Record<string, unknown>,
    rawBody: Buffer,
    now = new Date(),
  ): Promise<InvoiceNotification> {
    const timestamp = header(headers, 'x-timestamp');
    const nonce = header(headers, 'x-nonce');
    const signature = header(headers, 'x-signature');
    if (header(headers, 'x-app-key') !== this.config.appKey) return { kind: 'refused', reason: 'wrong app key' };
    const sentAt = Number(timestamp) * 1000;
    if (!Number.isFinite(sentAt) || Math.abs(now.getTime() - sentAt) > NOTIFY_MAX_SKEW_MS) {
      return { kind: 'refused', reason: 'timestamp out of range' };
    }
    const expected = signInvoiceRequest(this.config, timestamp, nonce, rawBody);
    if (!sameBytes(Buffer.from(signature), Buffer.from(expected))) return { kind: 'refused', reason: 'bad signature' };

    let message: { out_invoice_no?: unknown; status?: unknown; pdf_url?: unknown; message?: unknown };
    try {
      message = JSON.parse(rawBody.toString('utf8')) as typeof message;
    } catch {
      return { kind: 'refused', reason: 'body is not JSON' };
    }
    const invoiceSid = typeof message.out_invoice_no === 'string' ? message.out_invoice_no : '';
    if (!invoiceSid) return { kind: 'refused', reason: 'out_invoice_no missing' };
    if (message.status === PROVIDER_STATUS.FAILED) {
      return { kind: 'failed', invoiceSid, message: typeof message.message === 'string' ? message.message : '' };
    }
    if (message.status !== PROVIDER_STATUS.ISSUED || typeof message.pdf_url !== 'string') {
      return { kind: 'refused', reason: 'status or pdf_url missing' };
    }
    let pdfUrl: URL;
    try {
      pdfUrl = new URL(message.pdf_url);
    } catch {
      return { kind: 'refused', reason: 'pdf_url is not a URL' };
    }
    // Only the provider's own address: a notification never makes this server fetch elsewhere.
    if (pdfUrl.origin !== this.origin) return { kind: 'refused', reason: 'pdf_url is not on the provider' };
    const response = await fetch(pdfUrl, {
      headers: signedHeaders(this.config, ''),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`invoice provider answered HTTP ${response.status} for the PDF`);
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > INVOICE_PDF_MAX_BYTES) return { kind: 'refused', reason: 'PDF too large' };
    const pdf = Buffer.from(await response.arrayBuffer());
    if (pdf.length > INVOICE_PDF_MAX_BYTES) return { kind: 'refused', reason: 'PDF too large' };
    return { kind: 'issued', invoiceSid, pdf };
  }
}

export function createInvoiceIssuer(config: InvoicingConfig, publicUrl: string): InvoiceIssuer {
  return config.provider === 'http' ? new HttpInvoiceIssuer(config, publicUrl) : new ManualIssuer();
}
