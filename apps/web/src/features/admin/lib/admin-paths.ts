/** Routes of the operator console (all under /admin, a chunk of its own). */
export const adminPaths = {
  root: '/admin',
  login: '/admin/login',
  overview: '/admin/overview',
  dashboard: '/admin/dashboard',
  materials: '/admin/materials',
  upload: '/admin/upload',
  review: '/admin/review',
  keywords: '/admin/keywords',
  audit: '/admin/audit',
  coupons: '/admin/coupons',
  orders: '/admin/orders',
  companies: '/admin/companies',
  transfers: '/admin/transfers',
  invoices: '/admin/invoices',
  demands: '/admin/demands',
  surveys: '/admin/surveys',
  privacy: '/admin/privacy',
  trace: '/admin/trace',
  paymentExceptions: '/admin/payment-exceptions',
  serviceSettings: '/admin/service',
  operators: '/admin/operators',
  account: '/admin/account',
  content: '/admin/content',
} as const;

/** React Query keys of the console all start with this, so signing out drops them at once. */
export const ADMIN_SCOPE = 'admin';
