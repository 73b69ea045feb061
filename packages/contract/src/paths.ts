/**
 * The paths the server answers outside the endpoint objects (see endpoint.ts): file uploads,
 * downloads and streams, HTML pages, images, the ALTCHA challenge and the notifications that
 * gateways and the e-invoicing provider send in their own formats. Each keeps a hand-written
 * route on the server. Plain strings, apart from the schemas, so a first page may import one
 * without loading zod; fill a `:name` with `fillPath`.
 */

/** Every path the API answers starts with this; the server's own prefix checks name it rather than retype it. */
export const API_PREFIX = '/api';

/** The operator console's calls: each needs a role guard (the server refuses to start without one). */
export const ADMIN_API_PREFIX = `${API_PREFIX}/admin/`;

/** The licence certificate is a PDF; its verification page (the QR code's target) is server-rendered HTML. */
export const ORDER_PATHS = {
  certificate: '/api/order/:id/certificate/:materialSid',
  /** Public page a certificate's QR code points to (server-rendered HTML). */
  verifyCertificate: '/verify/certificate/:certNo',
} as const;

/** A file stream, not the envelope. */
export const MATERIAL_PATHS = {
  /** Short-lived signed link to an original file; issued by free and purchased downloads. */
  original: '/api/media/original',
} as const;

export const ADMIN_MATERIAL_PATHS = {
  /**
   * POST multipart/form-data: one `file` and optional `keywords` text → {material}. A file
   * upload, so not an endpoint declaration (see ADMIN_MATERIAL_API for the others).
   */
  upload: '/api/admin/materials/upload',
} as const;

/**
 * PUT with the file itself as the body (`Content-Type` image/jpeg, image/png, image/webp or
 * video/mp4), `?kind=draft|final&name=…`: a draft for the buyer's feedback or the final delivery.
 * Answers ZAdminDemandDetails.
 */
export const ADMIN_DESIGN_FILE_PATH = '/api/admin/demands/:id/files';

/**
 * PUT with the PDF itself as the body (`Content-Type: application/pdf`): issues a waiting
 * request. Answers ZAdminInvoice.
 */
export const ADMIN_INVOICE_FILE_PATH = '/api/admin/invoices/:id/file';

/**
 * 溯源: POST with the copy itself as the body (`Content-Type` image/jpeg, image/png, image/webp,
 * or a short video: video/mp4, video/quicktime, video/webm), `?material=…` optional. Answers ZTraceResponse (api/admin-trace.ts).
 */
export const ADMIN_TRACE_PATH = '/api/admin/trace';

/**
 * Where an e-invoicing provider reports an invoice it issued (INVOICE_PROVIDER=http): answered
 * in the provider's own format, signed like our requests to it.
 */
export const INVOICE_PATHS = { notifyHttp: '/api/invoice/notify/http' } as const;

/** The embedded default's upload target takes multipart form-data and answers 204. */
export const UPLOAD_PATHS = {
  /** The local storage's stand-in for a presigned POST (a signed policy in the form fields). */
  local: '/api/common/upload/local',
} as const;

/** An image, not the envelope. */
export const SERVICE_QR_PATHS = {
  /** The local demo's sample QR (not a real contact). */
  demoQr: '/api/common/service/qr.svg',
} as const;

/** An answer outside the envelope. */
export const USER_PATHS = {
  /** A proof-of-work challenge in the ALTCHA widget's own format (not the envelope). */
  codeChallenge: '/api/user/code_challenge',
} as const;

/**
 * Notifications answer each gateway in its own format; the sandbox pay page of the embedded
 * default is HTML.
 */
export const PAYMENT_PATHS = {
  notifyWechat: '/api/payment/notify/wechat',
  notifyAlipay: '/api/payment/notify/alipay',
  notifySandbox: '/api/payment/notify/sandbox',
  /** A refund's result: WeChat posts REFUND.* to the notify_url of the refund request; the sandbox likewise. */
  refundNotifyWechat: '/api/payment/refund_notify/wechat',
  refundNotifySandbox: '/api/payment/refund_notify/sandbox',
  /** Sandbox only: the page the QR code / go-to-pay link opens (server-rendered HTML; POST = pay). */
  sandboxPage: '/sandbox/pay/:id',
} as const;

/** The API's own description (decision 0044): an OpenAPI 3.1 document, not the envelope. */
export const API_DOC_PATHS = {
  openapi: '/api/openapi.json',
} as const;
