// Generated from the endpoint objects by `npm run contract:routes` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * A route table: every endpoint's method, path, access and roles, without its schemas. `USER_ROUTES.me`
 * is `USER_API.me` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */

export * from './admin-company.js';
export * from './admin-coupon.js';
export * from './order-reward.js';
export * from './admin-material-bulk.js';
export * from './admin-audit.js';
export * from './admin-keyword.js';
export * from './admin-material.js';
export * from './admin-overview.js';
export * from './admin-review.js';
export * from './admin-upload-batch.js';
export * from './admin.js';
export * from './admin-operator.js';
export * from './admin-dashboard.js';
export * from './analytics.js';
export * from './board.js';
export * from './cart.js';
export * from './common.js';
export * from './service-qr.js';
export * from './admin-content.js';
export * from './content.js';
export * from './coupon.js';
export * from './admin-design.js';
export * from './design.js';
export * from './dev.js';
export * from './admin-invoice.js';
export * from './invoice.js';
export * from './licence.js';
export * from './material.js';
export * from './admin-order.js';
export * from './order.js';
export * from './admin-payment.js';
export * from './payment.js';
export * from './admin-privacy.js';
export * from './privacy.js';
export * from './admin-refund.js';
export * from './admin-survey.js';
export * from './survey.js';
export * from './upload.js';
export * from './user.js';
export * from './wallet.js';
