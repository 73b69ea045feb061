// Generated from the endpoint objects by `npm run contract:routes` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * The route table: every endpoint's method, path, access and roles, without its schemas. `USER_ROUTES.me`
 * is `USER_API.me` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */

import type { RoutesOf } from './endpoint.js';
import type { ADMIN_COMPANY_API } from './api/admin-company.js';
import type { ADMIN_COUPON_API, ORDER_REWARD_API } from './api/admin-coupon.js';
import type { ADMIN_MATERIAL_BULK_API } from './api/admin-material-bulk.js';
import type { ADMIN_AUDIT_API, ADMIN_KEYWORD_API, ADMIN_MATERIAL_API } from './api/admin-material.js';
import type { ADMIN_OVERVIEW_API } from './api/admin-overview.js';
import type { ADMIN_REVIEW_API, ADMIN_UPLOAD_BATCH_API } from './api/admin-review.js';
import type { ADMIN_API, ADMIN_OPERATOR_API } from './api/admin.js';
import type { ADMIN_DASHBOARD_API, ANALYTICS_API } from './api/analytics.js';
import type { CART_API } from './api/cart.js';
import type { COMMON_API, SERVICE_QR_API } from './api/common.js';
import type { ADMIN_CONTENT_API, CONTENT_API } from './api/content.js';
import type { COUPON_API } from './api/coupon.js';
import type { ADMIN_DESIGN_API, DESIGN_API } from './api/design.js';
import type { DEV_API } from './api/dev.js';
import type { ADMIN_INVOICE_API, INVOICE_API } from './api/invoice.js';
import type { LICENCE_API } from './api/licence.js';
import type { MATERIAL_API } from './api/material.js';
import type { ADMIN_ORDER_API, ORDER_API } from './api/order.js';
import type { ADMIN_PAYMENT_API, PAYMENT_API } from './api/payment.js';
import type { ADMIN_PRIVACY_API, PRIVACY_API } from './api/privacy.js';
import type { ADMIN_REFUND_API } from './api/refund.js';
import type { ADMIN_SURVEY_API, SURVEY_API } from './api/survey.js';
import type { UPLOAD_API } from './api/upload.js';
import type { USER_API } from './api/user.js';
import type { WALLET_API } from './api/wallet.js';

export const ADMIN_COMPANY_ROUTES: RoutesOf<typeof ADMIN_COMPANY_API> = {
  list: { method: 'GET', path: '/api/admin/companies', access: 'operator', roles: ['service'] },
  detail: { method: 'GET', path: '/api/admin/companies/:id', access: 'operator', roles: ['service'] },
  accounts: { method: 'GET', path: '/api/admin/companies/:id/accounts', access: 'operator', roles: ['service'] },
  orders: { method: 'GET', path: '/api/admin/companies/:id/orders', access: 'operator', roles: ['service'] },
  invoices: { method: 'GET', path: '/api/admin/companies/:id/invoices', access: 'operator', roles: ['service'] },
  ledger: { method: 'GET', path: '/api/admin/companies/:id/ledger', access: 'operator', roles: ['service'] },
  licences: { method: 'GET', path: '/api/admin/companies/:id/licences', access: 'operator', roles: ['service'] },
  demands: { method: 'GET', path: '/api/admin/companies/:id/demands', access: 'operator', roles: ['service'] },
  disableAccount: { method: 'POST', path: '/api/admin/accounts/:id/disable', access: 'operator', roles: ['service'] },
  enableAccount: { method: 'POST', path: '/api/admin/accounts/:id/enable', access: 'operator', roles: ['service'] },
};

export const ADMIN_COUPON_ROUTES: RoutesOf<typeof ADMIN_COUPON_API> = {
  list: { method: 'GET', path: '/api/admin/coupons', access: 'operator', roles: ['finance', 'service'] },
  create: { method: 'POST', path: '/api/admin/coupons', access: 'operator', roles: ['finance'] },
  detail: { method: 'GET', path: '/api/admin/coupons/:sid', access: 'operator', roles: ['finance', 'service'] },
  update: { method: 'PATCH', path: '/api/admin/coupons/:sid', access: 'operator', roles: ['finance'] },
  grant: { method: 'POST', path: '/api/admin/coupons/:sid/grant', access: 'operator', roles: ['finance'] },
};

export const ORDER_REWARD_ROUTES: RoutesOf<typeof ORDER_REWARD_API> = {
  setting: { method: 'GET', path: '/api/admin/settings/order-reward', access: 'operator', roles: ['finance'] },
  save: { method: 'PUT', path: '/api/admin/settings/order-reward', access: 'operator', roles: ['finance'] },
};

export const ADMIN_MATERIAL_BULK_ROUTES: RoutesOf<typeof ADMIN_MATERIAL_BULK_API> = {
  start: { method: 'POST', path: '/api/admin/materials/bulk', access: 'operator', roles: ['content'] },
  job: { method: 'GET', path: '/api/admin/materials/bulk/:id', access: 'operator', roles: ['content'] },
};

export const ADMIN_AUDIT_ROUTES: RoutesOf<typeof ADMIN_AUDIT_API> = {
  list: { method: 'GET', path: '/api/admin/audit', access: 'operator', roles: ['admin'] },
};

export const ADMIN_KEYWORD_ROUTES: RoutesOf<typeof ADMIN_KEYWORD_API> = {
  lists: { method: 'GET', path: '/api/admin/keywords', access: 'operator', roles: ['content'] },
  pinned: { method: 'PUT', path: '/api/admin/keywords/pinned', access: 'operator', roles: ['content'] },
  curated: { method: 'PUT', path: '/api/admin/keywords/curated', access: 'operator', roles: ['content'] },
  blocked: { method: 'PUT', path: '/api/admin/keywords/blocked', access: 'operator', roles: ['content'] },
};

export const ADMIN_MATERIAL_ROUTES: RoutesOf<typeof ADMIN_MATERIAL_API> = {
  list: { method: 'GET', path: '/api/admin/materials', access: 'operator', roles: ['content'] },
  uploadConfig: { method: 'GET', path: '/api/admin/materials/upload_config', access: 'operator', roles: ['content'] },
  detail: { method: 'GET', path: '/api/admin/materials/:id', access: 'operator', roles: ['content'] },
  update: { method: 'PATCH', path: '/api/admin/materials/:id', access: 'operator', roles: ['content'] },
  reprocess: { method: 'POST', path: '/api/admin/materials/:id/reprocess', access: 'operator', roles: ['content'] },
};

export const ADMIN_OVERVIEW_ROUTES: RoutesOf<typeof ADMIN_OVERVIEW_API> = {
  overview: {
    method: 'GET',
    path: '/api/admin/overview',
    access: 'operator',
    roles: ['content', 'finance', 'service'],
  },
};

export const ADMIN_REVIEW_ROUTES: RoutesOf<typeof ADMIN_REVIEW_API> = {
  queue: { method: 'GET', path: '/api/admin/review', access: 'operator', roles: ['content'] },
  list: { method: 'POST', path: '/api/admin/review/list', access: 'operator', roles: ['content'] },
  reject: { method: 'POST', path: '/api/admin/review/reject', access: 'operator', roles: ['content'] },
};

export const ADMIN_UPLOAD_BATCH_ROUTES: RoutesOf<typeof ADMIN_UPLOAD_BATCH_API> = {
  create: { method: 'POST', path: '/api/admin/upload_batches', access: 'operator', roles: ['content'] },
  list: { method: 'GET', path: '/api/admin/upload_batches', access: 'operator', roles: ['content'] },
  detail: { method: 'GET', path: '/api/admin/upload_batches/:id', access: 'operator', roles: ['content'] },
  cancelFile: {
    method: 'POST',
    path: '/api/admin/upload_batches/:id/files/:fileId/cancel',
    access: 'operator',
    roles: ['content'],
  },
};

export const ADMIN_ROUTES: RoutesOf<typeof ADMIN_API> = {
  login: { method: 'POST', path: '/api/admin/login', access: 'public' },
  logout: {
    method: 'POST',
    path: '/api/admin/logout',
    access: 'operator',
    roles: ['admin', 'content', 'finance', 'service'],
  },
  me: { method: 'GET', path: '/api/admin/me', access: 'operator', roles: ['admin', 'content', 'finance', 'service'] },
  changePassword: {
    method: 'PUT',
    path: '/api/admin/account/password',
    access: 'operator',
    roles: ['admin', 'content', 'finance', 'service'],
  },
  totpSetup: {
    method: 'POST',
    path: '/api/admin/account/totp/setup',
    access: 'operator',
    roles: ['admin', 'content', 'finance', 'service'],
  },
  totpEnable: {
    method: 'POST',
    path: '/api/admin/account/totp/enable',
    access: 'operator',
    roles: ['admin', 'content', 'finance', 'service'],
  },
  totpDisable: {
    method: 'POST',
    path: '/api/admin/account/totp/disable',
    access: 'operator',
    roles: ['admin', 'content', 'finance', 'service'],
  },
};

export const ADMIN_OPERATOR_ROUTES: RoutesOf<typeof ADMIN_OPERATOR_API> = {
  list: { method: 'GET', path: '/api/admin/operators', access: 'operator', roles: ['admin'] },
  create: { method: 'POST', path: '/api/admin/operators', access: 'operator', roles: ['admin'] },
  update: { method: 'PATCH', path: '/api/admin/operators/:id', access: 'operator', roles: ['admin'] },
  resetPassword: {
    method: 'POST',
    path: '/api/admin/operators/:id/reset_password',
    access: 'operator',
    roles: ['admin'],
  },
};

export const ADMIN_DASHBOARD_ROUTES: RoutesOf<typeof ADMIN_DASHBOARD_API> = {
  dashboard: {
    method: 'GET',
    path: '/api/admin/dashboard',
    access: 'operator',
    roles: ['content', 'finance', 'service'],
  },
};

export const ANALYTICS_ROUTES: RoutesOf<typeof ANALYTICS_API> = {
  beacon: { method: 'POST', path: '/api/analytics/beacon', access: 'optionalUser' },
};

export const CART_ROUTES: RoutesOf<typeof CART_API> = {
  list: { method: 'GET', path: '/api/cart', access: 'user' },
  add: { method: 'POST', path: '/api/cart/add', access: 'user' },
  remove: { method: 'POST', path: '/api/cart/remove', access: 'user' },
  choose: { method: 'POST', path: '/api/cart/choose', access: 'user' },
};

export const COMMON_ROUTES: RoutesOf<typeof COMMON_API> = {
  health: { method: 'GET', path: '/api/health', access: 'public' },
  siteConfig: { method: 'GET', path: '/api/common/site', access: 'public' },
  keywords: { method: 'GET', path: '/api/common/keywords', access: 'public' },
  hotKeywords: { method: 'GET', path: '/api/index/keywords', access: 'public' },
  service: { method: 'GET', path: '/api/common/service', access: 'public' },
};

export const SERVICE_QR_ROUTES: RoutesOf<typeof SERVICE_QR_API> = {
  setting: { method: 'GET', path: '/api/admin/settings/service-qr', access: 'operator', roles: ['service'] },
  upload: { method: 'PUT', path: '/api/admin/settings/service-qr', access: 'operator', roles: ['service'] },
  clear: { method: 'DELETE', path: '/api/admin/settings/service-qr', access: 'operator', roles: ['service'] },
};

export const ADMIN_CONTENT_ROUTES: RoutesOf<typeof ADMIN_CONTENT_API> = {
  documents: { method: 'GET', path: '/api/admin/content', access: 'operator', roles: ['content'] },
  versions: { method: 'GET', path: '/api/admin/content/:key/versions', access: 'operator', roles: ['content'] },
  version: {
    method: 'GET',
    path: '/api/admin/content/:key/versions/:version',
    access: 'operator',
    roles: ['content', 'service', 'finance'],
  },
  saveDraft: { method: 'PUT', path: '/api/admin/content/:key/draft', access: 'operator', roles: ['content'] },
  publish: { method: 'POST', path: '/api/admin/content/:key/publish', access: 'operator', roles: ['content'] },
  rollback: { method: 'POST', path: '/api/admin/content/:key/rollback', access: 'operator', roles: ['content'] },
  preview: { method: 'POST', path: '/api/admin/content/preview', access: 'operator', roles: ['content'] },
  consents: { method: 'GET', path: '/api/admin/consents', access: 'operator', roles: ['service', 'finance'] },
};

export const CONTENT_ROUTES: RoutesOf<typeof CONTENT_API> = {
  published: { method: 'GET', path: '/api/content/:key', access: 'public' },
};

export const COUPON_ROUTES: RoutesOf<typeof COUPON_API> = {
  usable: { method: 'GET', path: '/api/user/code', access: 'user' },
};

export const ADMIN_DESIGN_ROUTES: RoutesOf<typeof ADMIN_DESIGN_API> = {
  list: { method: 'GET', path: '/api/admin/demands', access: 'operator', roles: ['service'] },
  details: { method: 'GET', path: '/api/admin/demands/:id', access: 'operator', roles: ['service'] },
  designers: { method: 'GET', path: '/api/admin/designers', access: 'operator', roles: ['service'] },
  assign: { method: 'POST', path: '/api/admin/demands/:id/assign', access: 'operator', roles: ['service'] },
  answer: { method: 'POST', path: '/api/admin/demands/:id/answer', access: 'operator', roles: ['service'] },
  price: { method: 'POST', path: '/api/admin/demands/:id/quote', access: 'operator', roles: ['service'] },
  cancel: { method: 'POST', path: '/api/admin/demands/:id/cancel', access: 'operator', roles: ['service'] },
};

export const DESIGN_ROUTES: RoutesOf<typeof DESIGN_API> = {
  list: { method: 'GET', path: '/api/user/demand', access: 'user' },
  details: { method: 'GET', path: '/api/user/demand/:id', access: 'user' },
  comment: { method: 'POST', path: '/api/user/demand/:id/comments', access: 'user' },
  feedback: { method: 'POST', path: '/api/user/demand/:id/feedback', access: 'user' },
  accept: { method: 'POST', path: '/api/user/demand/:id/accept', access: 'user' },
  delivery: { method: 'GET', path: '/api/user/demand/:id/delivery', access: 'user' },
  requestQuote: { method: 'POST', path: '/api/user/demand/quote', access: 'user' },
  withdraw: { method: 'POST', path: '/api/user/demand/:id/withdraw', access: 'user' },
};

export const DEV_ROUTES: RoutesOf<typeof DEV_API> = {
  outbox: { method: 'GET', path: '/api/dev/outbox', access: 'public' },
};

export const ADMIN_INVOICE_ROUTES: RoutesOf<typeof ADMIN_INVOICE_API> = {
  list: { method: 'GET', path: '/api/admin/invoices', access: 'operator', roles: ['finance'] },
  reject: { method: 'POST', path: '/api/admin/invoices/:id/reject', access: 'operator', roles: ['finance'] },
  void: { method: 'POST', path: '/api/admin/invoices/:id/void', access: 'operator', roles: ['finance'] },
};

export const INVOICE_ROUTES: RoutesOf<typeof INVOICE_API> = {
  request: { method: 'POST', path: '/api/order/:id/invoice', access: 'user' },
  download: { method: 'GET', path: '/api/order/:id/invoice', access: 'user' },
};

export const LICENCE_ROUTES: RoutesOf<typeof LICENCE_API> = {
  materialDownload: { method: 'GET', path: '/api/material/:id/download', access: 'user' },
  orderDownload: { method: 'GET', path: '/api/order/:id/download', access: 'user' },
  purchased: { method: 'GET', path: '/api/user/material', access: 'user' },
};

export const MATERIAL_ROUTES: RoutesOf<typeof MATERIAL_API> = {
  search: { method: 'GET', path: '/api/material', access: 'optionalUser' },
  free: { method: 'GET', path: '/api/material/free', access: 'optionalUser' },
  featuredVideo: { method: 'GET', path: '/api/material/featured_video', access: 'optionalUser' },
  detail: { method: 'GET', path: '/api/material/:id', access: 'optionalUser' },
  related: { method: 'GET', path: '/api/material/:id/related', access: 'optionalUser' },
  like: { method: 'POST', path: '/api/material/:id/like', access: 'user' },
  unlike: { method: 'DELETE', path: '/api/material/:id/like', access: 'user' },
  userLikes: { method: 'GET', path: '/api/user/like', access: 'user' },
  freeDownload: { method: 'GET', path: '/api/material/:id/free_download', access: 'user' },
};

export const ADMIN_ORDER_ROUTES: RoutesOf<typeof ADMIN_ORDER_API> = {
  list: { method: 'GET', path: '/api/admin/orders', access: 'operator', roles: ['finance', 'service'] },
  detail: { method: 'GET', path: '/api/admin/orders/:id', access: 'operator', roles: ['finance', 'service'] },
  confirmTransfer: {
    method: 'POST',
    path: '/api/admin/orders/:id/confirm_transfer',
    access: 'operator',
    roles: ['finance'],
  },
  rejectTransfer: {
    method: 'POST',
    path: '/api/admin/orders/:id/reject_transfer',
    access: 'operator',
    roles: ['finance'],
  },
};

export const ORDER_ROUTES: RoutesOf<typeof ORDER_API> = {
  placeMaterial: { method: 'POST', path: '/api/order/place/material', access: 'user' },
  placeMaterialPreview: { method: 'POST', path: '/api/order/place/material/preview', access: 'user' },
  placeUpgrade: { method: 'POST', path: '/api/order/place/upgrade', access: 'user' },
  placeUpgradePreview: { method: 'POST', path: '/api/order/place/upgrade/preview', access: 'user' },
  placeWallet: { method: 'POST', path: '/api/order/place/wallet', access: 'mainAccount' },
  placeCustom: { method: 'POST', path: '/api/order/place/custom', access: 'user' },
  placeCustomPreview: { method: 'POST', path: '/api/order/place/custom/preview', access: 'user' },
  list: { method: 'GET', path: '/api/order/list', access: 'user' },
  detail: { method: 'GET', path: '/api/order/:id', access: 'user' },
  payPreview: { method: 'POST', path: '/api/order/:id/pay_preview', access: 'user' },
  cancel: { method: 'POST', path: '/api/order/:id/cancel', access: 'user' },
  audit: { method: 'POST', path: '/api/order/:id/audit', access: 'mainAccount' },
  payByWallet: { method: 'POST', path: '/api/order/:id/wallet', access: 'user' },
  startTransfer: { method: 'POST', path: '/api/order/:id/transfer', access: 'user' },
  transferInfo: { method: 'GET', path: '/api/order/:id/transfer', access: 'user' },
};

export const ADMIN_PAYMENT_ROUTES: RoutesOf<typeof ADMIN_PAYMENT_API> = {
  exceptions: { method: 'GET', path: '/api/admin/payments/exceptions', access: 'operator', roles: ['finance'] },
  orderEvents: {
    method: 'GET',
    path: '/api/admin/payments/orders/:id/events',
    access: 'operator',
    roles: ['finance', 'service'],
  },
};

export const PAYMENT_ROUTES: RoutesOf<typeof PAYMENT_API> = {
  wechat: { method: 'POST', path: '/api/order/:id/wechat', access: 'user' },
  alipay: { method: 'POST', path: '/api/order/:id/alipay', access: 'user' },
  status: { method: 'GET', path: '/api/order/:id/pay', access: 'user' },
};

export const ADMIN_PRIVACY_ROUTES: RoutesOf<typeof ADMIN_PRIVACY_API> = {
  list: { method: 'GET', path: '/api/admin/privacy_requests', access: 'operator', roles: ['service'] },
  deletionPreview: {
    method: 'GET',
    path: '/api/admin/privacy_requests/:id/deletion_preview',
    access: 'operator',
    roles: ['service'],
  },
  correct: { method: 'POST', path: '/api/admin/privacy_requests/:id/correct', access: 'operator', roles: ['service'] },
  produce: { method: 'POST', path: '/api/admin/privacy_requests/:id/produce', access: 'operator', roles: ['service'] },
  erase: { method: 'POST', path: '/api/admin/privacy_requests/:id/erase', access: 'operator', roles: ['service'] },
  refuse: { method: 'POST', path: '/api/admin/privacy_requests/:id/refuse', access: 'operator', roles: ['service'] },
  archive: { method: 'GET', path: '/api/admin/privacy_requests/:id/archive', access: 'operator', roles: ['service'] },
};

export const PRIVACY_ROUTES: RoutesOf<typeof PRIVACY_API> = {
  list: { method: 'GET', path: '/api/user/privacy_requests', access: 'user' },
  deletionCheck: { method: 'GET', path: '/api/user/privacy_requests/deletion_check', access: 'user' },
  create: { method: 'POST', path: '/api/user/privacy_requests', access: 'user' },
  archive: { method: 'GET', path: '/api/user/privacy_requests/:id/archive', access: 'user' },
};

export const ADMIN_REFUND_ROUTES: RoutesOf<typeof ADMIN_REFUND_API> = {
  orderPreview: { method: 'GET', path: '/api/admin/orders/:id/refund', access: 'operator', roles: ['finance'] },
  refundOrder: { method: 'POST', path: '/api/admin/orders/:id/refund', access: 'operator', roles: ['finance'] },
  orderMoney: { method: 'GET', path: '/api/admin/orders/:id/money', access: 'operator', roles: ['finance', 'service'] },
  sync: { method: 'POST', path: '/api/admin/refunds/:id/sync', access: 'operator', roles: ['finance'] },
  retry: { method: 'POST', path: '/api/admin/refunds/:id/retry', access: 'operator', roles: ['finance'] },
  paidOut: { method: 'POST', path: '/api/admin/refunds/:id/paid_out', access: 'operator', roles: ['finance'] },
  handleException: {
    method: 'POST',
    path: '/api/admin/payments/exceptions/:id/handle',
    access: 'operator',
    roles: ['finance'],
  },
  refundException: {
    method: 'POST',
    path: '/api/admin/payments/exceptions/:id/refund',
    access: 'operator',
    roles: ['finance'],
  },
};

export const ADMIN_SURVEY_ROUTES: RoutesOf<typeof ADMIN_SURVEY_API> = {
  list: { method: 'GET', path: '/api/admin/surveys', access: 'operator', roles: ['service'] },
};

export const SURVEY_ROUTES: RoutesOf<typeof SURVEY_API> = {
  submit: { method: 'POST', path: '/api/user/survey', access: 'user' },
};

export const UPLOAD_ROUTES: RoutesOf<typeof UPLOAD_API> = {
  token: { method: 'GET', path: '/api/common/oss_sts_token', access: 'user' },
  check: { method: 'POST', path: '/api/common/upload/check', access: 'user' },
};

export const USER_ROUTES: RoutesOf<typeof USER_API> = {
  me: { method: 'GET', path: '/api/user', access: 'user' },
  register: { method: 'POST', path: '/api/user', access: 'public' },
  login: { method: 'POST', path: '/api/user/login', access: 'public' },
  logout: { method: 'POST', path: '/api/user/logout', access: 'user' },
  forgetPassword: { method: 'POST', path: '/api/user/forget_password', access: 'public' },
  sendEmailCode: { method: 'POST', path: '/api/user/send_email_code', access: 'public' },
  sendMobileCode: { method: 'POST', path: '/api/user/send_mobile_code', access: 'public' },
  company: { method: 'POST', path: '/api/user/company', access: 'mainAccount' },
  resetEmail: { method: 'POST', path: '/api/user/reset_email', access: 'mainAccount' },
  bindEmail: { method: 'POST', path: '/api/user/bind_email', access: 'mainAccount' },
  resetMobile: { method: 'POST', path: '/api/user/reset_mobile', access: 'mainAccount' },
  bindMobile: { method: 'POST', path: '/api/user/bind_mobile', access: 'mainAccount' },
  resetPassword: { method: 'POST', path: '/api/user/reset_password', access: 'user' },
  resetEmailForSub: { method: 'POST', path: '/api/user/reset_email_for_sub', access: 'mainAccount' },
  subUsers: { method: 'GET', path: '/api/user/sub_user', access: 'mainAccount' },
  createSubUser: { method: 'POST', path: '/api/user/sub_user', access: 'mainAccount' },
  updateSubUser: { method: 'PUT', path: '/api/user/sub_user/:id', access: 'mainAccount' },
  setSubUserPassword: { method: 'PUT', path: '/api/user/sub_user/:id/password', access: 'mainAccount' },
  setSubUserEnabled: { method: 'PUT', path: '/api/user/sub_user/:id/enabled', access: 'mainAccount' },
};

export const WALLET_ROUTES: RoutesOf<typeof WALLET_API> = {
  list: { method: 'GET', path: '/api/user/wallet', access: 'user' },
};
