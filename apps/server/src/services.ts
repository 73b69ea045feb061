import type { FastifyBaseLogger } from 'fastify';
import { join } from 'node:path';
import type { AppDeps } from './app-deps.js';
import { BufferedWriter } from './lib/buffered-writer.js';
import { createAnalyticsService, insertAnalyticsEvents } from './modules/analytics/index.js';
import { createAuditService } from './modules/audit/index.js';
import { createBoardService } from './modules/board/index.js';
import { createCartService } from './modules/cart/index.js';
import { createContentService } from './modules/content/index.js';
import { createAdminMaterialService, createCatalogService } from './modules/catalog/index.js';
import { createAdminCouponService, createCouponService } from './modules/coupon/index.js';
import { createAdminDesignService, createDesignService, findDeliveredDesign } from './modules/design/index.js';
import { createInvoiceIssuer, createInvoiceService } from './modules/invoice/index.js';
import { createLicenceService, withOwnership } from './modules/licence/index.js';
import { createOperatorService } from './modules/operator/index.js';
import { createOverviewService } from './modules/overview/index.js';
import { createOrderService, findOrderBySid, insertQuotedOrder, reuseWindowOf } from './modules/order/index.js';
import {
  closeGatewayPaymentsBeforeCancel,
  closeGatewayPaymentsOnCancel,
  createPaymentService,
  orderRefundsOf,
  createRefundService,
  type PaymentDeps,
} from './modules/payment/index.js';
import { createAdminKeywordService, createSearchService } from './modules/search/index.js';
import { createServiceContactService } from './modules/service-contact/index.js';
import { createPrivacyService } from './modules/privacy/index.js';
import { createSurveyService, isSurveyPending } from './modules/survey/index.js';
import { createUploadService } from './modules/upload/index.js';
import { createAdminCompanyService, createSubUserService, createUserService } from './modules/user/index.js';
import { createWalletService } from './modules/wallet/index.js';

/**
 * The composition root of the services: every module's service is built here, once per
 * application, from the shared dependencies (AppDeps) and the services it calls, in the order
 * they need each other. Route plugins receive the result and only map endpoints to calls.
 *
 * One shape throughout: a module writes its operations as functions whose first parameter is
 * what they use (`listCart(deps, user)`), and its `<module>.module.ts` binds them to that once
 * (`createCartService(deps)`, lib/bind-service.ts). State a service keeps for the life of the
 * process (a page cache, the certificates rendered) is made by its factory, never at module level.
 */
export function createServices(deps: AppDeps, log: FastifyBaseLogger) {
  const { config, db, events, metrics } = deps;

  const catalog = createCatalogService({
    db,
    signer: deps.downloadUrls,
    publicUrlOf: deps.publicUrlOf,
    ownership: withOwnership,
    events,
  });
  const search = createSearchService({
    ...deps,
    materials: {
      bySeq: (seqs, now) => catalog.materialsBySeq(seqs, null, now),
      presentHeld: catalog.presentHeld,
      forBuyer: catalog.markForBuyer,
    },
    reportLogError: (error) => log.error({ err: error }, 'search log write failed'),
    onCacheLookup: (cache, hit) => metrics.searchCacheLookup(cache, hit),
    reportIndexError: (error) => log.error({ err: error }, 'search index: a load or read failed; retrying'),
    onIndexReady: (rows, ms) => log.info({ materials: rows, ms }, 'search index loaded'),
  });
  // Operator edits and finished media jobs: searches made in this process show the change at once,
  // and the other servers hear of it (ops/change-feed.ts; server.ts listens).
  events.on('catalog.changed', () => search.forgetSearches());
  events.on('catalog.changed', () => deps.changes.publish('catalog'));

  // Page views, detail views and cart additions, written in the background (docs/decisions/0041).
  const analytics = createAnalyticsService({
    db,
    recorder: new BufferedWriter(
      (rows) => insertAnalyticsEvents(db, rows),
      (error) => log.error({ err: error }, 'analytics event write failed'),
    ),
  });
  events.on('material.viewed', ({ materialSid, userSid }) =>
    analytics.recordServerEvent({ kind: 'detail_view', materialSid, userSid }),
  );
  events.on('cart.added', ({ materialSid, userSid }) =>
    analytics.recordServerEvent({ kind: 'cart_add', materialSid, userSid }),
  );

  // Payment and orders need each other: a cancel first asks the payment module to close the
  // order's gateway trades (a request it waits for), and paying presents the order.
  const paymentDeps: PaymentDeps = {
    config,
    db,
    payments: deps.payments,
    metrics,
    settlementsInFlight: new Map(),
    orderReward: deps.orderReward,
  };
  const orders = createOrderService({
    db,
    money: config.money,
    reuseWindowMs: reuseWindowOf(config.payments.unpaidTtlMinutes),
    publicUrlOf: deps.publicUrlOf,
    deadlines: config.payments,
    metrics,
    uploads: deps,
    messages: deps.messages,
    siteName: config.siteName,
    closeTrades: closeGatewayPaymentsBeforeCancel(paymentDeps, log),
    refundsOf: orderRefundsOf,
    events,
  });
  // Once cancelled, any trade opened between the close and the cancel is closed too.
  events.on('order.cancelled', closeGatewayPaymentsOnCancel(paymentDeps, log));
  const payment = createPaymentService({
    ...paymentDeps,
    money: config.money,
    orders,
    messages: deps.messages,
    siteName: config.siteName,
  });

  const designDeps = { ...deps, signer: deps.downloadUrls, orders: { ...orders, insertQuotedOrder }, log };
  const invoiceDeps = {
    ...deps,
    signer: deps.downloadUrls,
    issuer: createInvoiceIssuer(config.invoicing, config.publicUrl),
    log,
  };

  const cart = createCartService({ db, publicUrlOf: deps.publicUrlOf, events });
  const licences = createLicenceService({
    db,
    storage: deps.storage,
    signer: deps.downloadUrls,
    publicUrlOf: deps.publicUrlOf,
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    traceSecret: config.traceSecret,
    findOrder: findOrderBySid,
    findDeliveredDesign,
    video: deps.video,
    scratchDir: join(config.dataDir, 'tmp', 'cuts'),
    mediaJobs: deps.mediaJobs,
    config,
  });
  return {
    /** The same signer that signs every download link verifies them (the original-download route). */
    downloadUrls: deps.downloadUrls,
    /** A licence's marked picture or channel cut is made when its link is first fetched (docs/decisions/0049). */
    prepareFile: licences.prepareTracedFile,

    audit: createAuditService(deps),
    catalog,
    adminMaterials: createAdminMaterialService(deps),
    adminCompanies: createAdminCompanyService(deps),
    search,
    adminKeywords: createAdminKeywordService(deps),
    cart,
    boards: createBoardService({ db, publicUrlOf: deps.publicUrlOf, addToCart: cart.addManyToCart }),
    coupons: createCouponService(deps),
    adminCoupons: createAdminCouponService(deps),
    design: createDesignService(designDeps),
    adminDesign: createAdminDesignService(designDeps),
    invoices: createInvoiceService(invoiceDeps),
    licences,
    operators: createOperatorService({ ...deps, log }),
    orders,
    overview: createOverviewService(deps),
    analytics,
    payment,
    refunds: createRefundService({ ...paymentDeps, sandboxRefundTimers: new Set() }),
    serviceContact: createServiceContactService(deps),
    surveys: createSurveyService(deps),
    uploads: createUploadService(deps),
    users: createUserService({ ...deps, isSurveyPending }),
    subUsers: createSubUserService(deps),
    wallet: createWalletService(deps),
    privacy: createPrivacyService({ ...deps, signer: deps.downloadUrls, log }),
    content: createContentService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The application's services (createServices), for the background work main.ts starts. */
    services: Services;
  }
}
