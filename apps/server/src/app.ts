import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyUnderPressure from '@fastify/under-pressure';
import { ErrorCode } from '@gemstock/contract';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { dirname, join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import type { Config } from './config.js';
import { MIGRATIONS_DIR, type Db } from './db/client.js';
import { JobSignal } from './jobs/job-signal.js';
import type { AppDeps } from './app-deps.js';
import { createDownloadUrlSigner } from './lib/download-url.js';
import { EventBus } from './lib/event-bus.js';
import { createLocalPolicySigner } from './lib/local-upload-policy.js';
import { TokenService } from './lib/tokens.js';
import { createChangeFeed } from './ops/change-feed.js';
import { createOrderRewardSource } from './modules/coupon/index.js';
import { connectRedis } from './ops/redis.js';
import { mediaRoutes } from './media/media.routes.js';
import { publicUrlOfStorage } from './media/public-url.js';
import type { Storage } from './media/storage.js';
import { createVideoProcessor, type VideoProcessor } from './media/video-processor.js';
import { adminDashboardRoutes, analyticsRoutes } from './modules/analytics/index.js';
import { adminAuditRoutes } from './modules/audit/index.js';
import { adminAuthRoutes, adminOperatorRoutes } from './modules/operator/index.js';
import { adminKeywordRoutes, searchRoutes } from './modules/search/index.js';
import { adminMaterialRoutes, catalogRoutes } from './modules/catalog/index.js';
import { adminCouponRoutes, couponRoutes } from './modules/coupon/index.js';
import { commonRoutes } from './modules/common/index.js';
import { serviceContactRoutes } from './modules/service-contact/index.js';
import { devRoutes } from './modules/dev/index.js';
import { adminRefundRoutes, paymentRoutes } from './modules/payment/index.js';
import { boardRoutes } from './modules/board/index.js';
import { cartRoutes } from './modules/cart/index.js';
import { adminTraceRoutes, licenceRoutes } from './modules/licence/index.js';
import { adminOrderRoutes, orderRoutes } from './modules/order/index.js';
import { adminOverviewRoutes } from './modules/overview/index.js';
import { adminExportRoutes } from './modules/export/index.js';
import { walletRoutes } from './modules/wallet/index.js';
import { adminDesignRoutes, designRoutes } from './modules/design/index.js';
import { adminInvoiceRoutes, invoiceRoutes } from './modules/invoice/index.js';
import { adminSurveyRoutes, surveyRoutes } from './modules/survey/index.js';
import { adminPrivacyRoutes, privacyRoutes } from './modules/privacy/index.js';
import { uploadRoutes } from './modules/upload/index.js';
import { adminCompanyRoutes, userRoutes } from './modules/user/index.js';
import { adminContentRoutes, contentRoutes } from './modules/content/index.js';
import type { MessageSender } from './notify/message-sender.js';
import { createGateways, type PaymentGateways } from './payment-gateways/create-gateways.js';
import authPlugin from './plugins/auth.js';
import envelopePlugin, { sendError } from './plugins/envelope.js';
import jsonBodyPlugin from './plugins/json-body.js';
import securityHeadersPlugin, { BEFORE_HOOKS_HEADERS } from './plugins/security-headers.js';
import { escapeHtml, RESPONSE_BROTLI_QUALITY } from './lib/html.js';
import { isPageRequest, registerWebApp, sendAppShell } from './plugins/web-app.js';
import { healthRoutes, HEALTH_PATHS } from './ops/health.routes.js';
import { openApiRoutes } from './ops/openapi.routes.js';
import { NO_METRICS } from './ops/app-metrics.js';
import { createPrometheusMetrics, metricsRoutes } from './ops/metrics.routes.js';
import { loggerOptions, REQUEST_ID_HEADER, requestIdOf } from './ops/logging.js';
import { ServiceState } from './ops/service-state.js';
import { createServices, type Services } from './services.js';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  messages: MessageSender;
  storage: Storage;
  /** Defaults to ffmpeg/ffprobe found through the configuration or PATH. */
  video?: VideoProcessor;
  /** Defaults to the gateways the configuration names (the sandbox on the embedded default). */
  payments?: PaymentGateways;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The process's service state (main.ts); a fresh one by default. */
  state?: ServiceState;
  /** Sees every route as it is registered (used to generate docs/api.md). */
  onRoute?: (route: RouteOptions) => void;
}

/** Where `vite build` puts the web app, unless WEB_DIST says otherwise. */
function defaultWebDist(): string {
  return join(dirname(MIGRATIONS_DIR), '..', 'web', 'dist');
}

/** How long a shed request is told to wait before trying again. */
const SHED_RETRY_AFTER_SECONDS = 5;

/**
 * The router's own refusals: a path whose %-escapes do not decode, a path parameter longer than
 * the router takes (no id, code or token of ours is that long, so nothing by it exists). Where the
 * web app is served, a page address a person opened gets a page that says so, with the way home;
 * a call, or any address of an API-only server, gets the envelope.
 */
function routerRefusalAnswer(siteName: string, servesPages: () => boolean) {
  const badAddressPage =
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>页面地址不正确 - ${escapeHtml(siteName)}</title></head>` +
    '<body style="font-family:sans-serif;text-align:center;padding:80px 16px;color:#1f1f1f">' +
    '<h1 style="font-size:22px;font-weight:500">页面地址不正确</h1>' +
    '<p style="color:#666">您打开的地址无法识别，请检查链接是否完整。</p>' +
    '<p><a href="/" style="color:#0f6b5c">返回首页</a></p></body></html>';
  return function answerRouterRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
    // The security headers' hook does not run for the router's refusals.
    void reply.headers(BEFORE_HOOKS_HEADERS);
    const known = error.code === 'FST_ERR_MAX_PARAM_LENGTH' || error.code === 'FST_ERR_BAD_URL';
    if (known && servesPages() && isPageRequest(request.method, request.url)) {
      void reply.code(400).type('text/html; charset=utf-8').send(badAddressPage);
    } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      void sendError(reply, ErrorCode.NOT_FOUND, ErrorCode.NOT_FOUND.message);
    } else if (error.code === 'FST_ERR_BAD_URL') {
      void sendError(reply, ErrorCode.VALIDATION, '请求地址格式不正确');
    } else {
      reply.log.error({ err: error }, 'router error');
      void sendError(reply, ErrorCode.INTERNAL, ErrorCode.INTERNAL.message);
    }
  };
}

/** Builds the whole HTTP application. It never listens: main.ts and tests decide that. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  /** Whether the web app is served here (known once it is registered, below). */
  let hasWeb = false;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config, options.logStream),
    // X-Request-Id from the caller (validated) or a random id; on every log line as requestId.
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // What the router refuses before any route or hook runs is answered in the envelope too.
    frameworkErrors: routerRefusalAnswer(config.siteName, () => hasWeb),
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) {
    const onRoute = options.onRoute;
    app.addHook('onRoute', (route) => onRoute(route as RouteOptions));
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Only when /metrics is served: the registry, and the counters the modules move through deps.
  const prometheus = config.metricsToken ? createPrometheusMetrics() : null;
  const deps: AppDeps = {
    config,
    db: options.db,
    tokens: new TokenService(config.jwtSecret, config.jwtTtlSeconds),
    messages: options.messages,
    storage: options.storage,
    publicUrlOf: publicUrlOfStorage(options.storage),
    downloadUrls: createDownloadUrlSigner(config.jwtSecret),
    uploadPolicies: createLocalPolicySigner(config.jwtSecret),
    video: options.video ?? createVideoProcessor({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath }),
    mediaJobs: new JobSignal(),
    payments: options.payments ?? createGateways(config),
    // A listener's failure is logged; it never undoes the change that was announced.
    events: new EventBus((error, event) => app.log.error({ err: error, event }, 'event listener failed')),
    changes: createChangeFeed(options.db),
    state: options.state ?? new ServiceState(),
    metrics: prometheus?.metrics ?? NO_METRICS,
    orderReward: createOrderRewardSource(options.db, config.money),
  };
  app.decorate('deps', deps);
  // Every service, once (services.ts); the route plugins below receive them and build nothing.
  const services: Services = createServices(deps, app.log);
  app.decorate('services', services);
  app.addHook('onClose', async () => services.search.flushLog());
  app.addHook('onClose', async () => services.analytics.flushEvents());
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  await app.register(securityHeadersPlugin, { config });
  // JSON above 1 KB goes out compressed; the web build is pre-compressed (plugins/web-app.ts) and
  // already-encoded or incompressible bodies (images, video) are left alone. A JSON answer up to
  // 64 KB (every list page) is compressed in one synchronous call: on two cores the plugin's
  // default (8 KB) sent a 19 KB console page through a zlib stream, which cost the server about a
  // quarter more CPU per request than the call it replaces (bench/admin.ts, same run).
  await app.register(fastifyCompress, {
    threshold: 1024,
    syncThreshold: 65536,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: RESPONSE_BROTLI_QUALITY } },
  });
  await app.register(envelopePlugin);
  // Sheds load with a coded 503 + Retry-After while the event loop lags (MAX_EVENT_LOOP_DELAY_MS,
  // generous by default); liveness still answers, so an overloaded server is not killed for it.
  if (config.maxEventLoopDelayMs > 0) {
    await app.register(fastifyUnderPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      // Well above the 10 ms histogram resolution: an interval without a sample reads as infinite lag.
      sampleInterval: Math.min(1000, Math.max(100, Math.floor(config.maxEventLoopDelayMs / 2))),
      retryAfter: SHED_RETRY_AFTER_SECONDS,
      pressureHandler: (request, reply) => {
        if (request.url === HEALTH_PATHS.live) return null as never;
        request.log.warn('event loop overloaded: request shed');
        const spec = ErrorCode.SERVER_BUSY;
        reply.status(spec.http).header('retry-after', String(SHED_RETRY_AFTER_SECONDS));
        // A returned body is sent as is (the hook chain stops); null lets the request through.
        return { code: spec.code, data: null, message: spec.message, requestId: request.id } as never;
      },
    });
  }
  await app.register(jsonBodyPlugin);
  await app.register(authPlugin);
  // Limits are declared per route (login, code sending); the store is in memory on one box.
  // With REDIS_URL every server counts against the same limits; without it, each its own.
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'gemstock-rate-limit:', skipOnError: true } : {}),
    errorResponseBuilder: (request) => ({
      statusCode: 429,
      code: ErrorCode.RATE_LIMITED.code,
      data: null,
      message: ErrorCode.RATE_LIMITED.message,
      requestId: request.id,
    }),
  });

  await app.register(healthRoutes);
  // The timing hook is added to the root context (fastify-plugin), which Fastify passes on to
  // the plugins registered before it, and each route's hooks are assembled when the app becomes
  // ready: every route is timed, /healthz and /readyz above included, wherever this line is.
  await app.register(metricsRoutes, { registry: prometheus?.registry ?? null });
  await app.register(commonRoutes);
  await app.register(serviceContactRoutes, services);
  await app.register(userRoutes, services);
  await app.register(adminAuthRoutes, services);
  await app.register(adminOperatorRoutes, services);
  await app.register(adminMaterialRoutes, services);
  await app.register(adminKeywordRoutes, services);
  await app.register(adminAuditRoutes, services);
  await app.register(adminCompanyRoutes, services);
  await app.register(mediaRoutes);
  await app.register(searchRoutes, services);
  await app.register(catalogRoutes, services);
  await app.register(paymentRoutes, services);
  await app.register(cartRoutes, services);
  await app.register(boardRoutes, services);
  await app.register(orderRoutes, services);
  await app.register(walletRoutes, services);
  await app.register(licenceRoutes, services);
  await app.register(adminTraceRoutes, services);
  await app.register(adminOrderRoutes, services);
  await app.register(adminOverviewRoutes, services);
  await app.register(adminExportRoutes, services);
  await app.register(adminRefundRoutes, services);
  await app.register(couponRoutes, services);
  await app.register(adminCouponRoutes, services);
  await app.register(invoiceRoutes, services);
  await app.register(adminInvoiceRoutes, services);
  await app.register(surveyRoutes, services);
  await app.register(adminSurveyRoutes, services);
  await app.register(privacyRoutes, services);
  await app.register(adminPrivacyRoutes, services);
  await app.register(uploadRoutes, services);
  await app.register(designRoutes, services);
  await app.register(adminDesignRoutes, services);
  await app.register(openApiRoutes, { devOutbox: config.devOutbox });
  await app.register(analyticsRoutes, services);
  await app.register(adminDashboardRoutes, services);
  await app.register(contentRoutes, services);
  await app.register(adminContentRoutes, services);
  if (config.devOutbox) await app.register(devRoutes);

  const webDist = config.webDist ?? defaultWebDist();
  hasWeb = await registerWebApp(app, webDist);

  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && isPageRequest(request.method, request.url)) {
      // Client-side routes: the SPA decides what /detail/… or /user/… shows.
      return sendAppShell(request, reply, { mobileSiteUrl: config.mobileSiteUrl, webDist });
    }
    return sendError(reply, ErrorCode.ROUTE_NOT_FOUND, ErrorCode.ROUTE_NOT_FOUND.message);
  });

  return app;
}
