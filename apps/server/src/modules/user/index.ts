/**
 * The user module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. Accounts: sign-up and sign-in, codes, the account and its company, sub-accounts.
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { findAccountsByMobilesOrSids } from './accounts.service.js';
export { signedInUser } from './request-user.js';
export { assertNotLocked, failedSignIn, succeededSignIn } from './sign-in-guard.js';
export { reserveMonthlyBudget } from './sub-account-budget.js';
export { adminCompanyRoutes } from './admin-company.routes.js';
export { createAdminCompanyService } from './admin-company.module.js';
export { createSubUserService, createUserService } from './user.module.js';
export { ERASED_PASSWORD_HASH, findUserBySid, setPendingCoupons } from './user.repository.js';
export { userRoutes } from './user.routes.js';
export { noticeAddressOf } from './user.service.js';
export { presentCoupon } from './user.view.js';
