import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { JobSignal } from './jobs/job-signal.js';
import type { DownloadUrlSigner } from './lib/download-url.js';
import type { EventBus } from './lib/event-bus.js';
import type { LocalPolicySigner } from './lib/local-upload-policy.js';
import type { TokenService } from './lib/tokens.js';
import type { PublicUrlOf } from './media/public-url.js';
import type { Storage } from './media/storage.js';
import type { VideoProcessor } from './media/video-processor.js';
import type { MessageSender } from './notify/message-sender.js';
import type { AppMetrics } from './ops/app-metrics.js';
import type { ChangeFeed } from './ops/change-feed.js';
import type { ServiceState } from './ops/service-state.js';
import type { PaymentGateways } from './payment-gateways/create-gateways.js';

/**
 * What buildApp (app.ts) builds once from the configuration and the adapters, and createServices
 * (services.ts) hands to every module's service. It lives apart from both so a service can name
 * its dependencies without importing the whole application.
 */
export interface AppDeps {
  config: Config;
  db: Db;
  tokens: TokenService;
  messages: MessageSender;
  storage: Storage;
  /** A public storage key's browser URL (media/public-url.ts); one cache of them per process. */
  publicUrlOf: PublicUrlOf;
  /** Signs the short-lived links to private files that the original-download route verifies. */
  downloadUrls: DownloadUrlSigner;
  /** Signs and checks the embedded default's direct-upload policies (modules/upload). */
  uploadPolicies: LocalPolicySigner;
  /** ffmpeg/ffprobe, or an unavailable stand-in when they are not installed. */
  video: VideoProcessor;
  /** Wakes the in-process media worker when a job is queued. */
  mediaJobs: JobSignal;
  /** Payment gateway adapters per online pay way (real, sandbox or off). */
  payments: PaymentGateways;
  /** What one module announces and others react to (lib/event-bus.ts lists every event). */
  events: EventBus;
  /** Announces a committed change to the other servers, whose caches of it must follow. */
  changes: ChangeFeed;
  /** Draining flag, database handle and cluster rule for readiness and metrics. */
  state: ServiceState;
  /** Counters the modules move (payments, search caches); no-ops when metrics are not served. */
  metrics: AppMetrics;
  /** The order-reward policy every settlement applies (modules/coupon), kept between saves. */
  orderReward: OrderRewardSource;
}

/**
 * The order-reward policy in force: the console's setting once an operator saved one, else the
 * environment's (ORDER_REWARD_COUPON_*). Each server keeps what it read until a save, on it or on
 * another server (change feed, channel 'settings'), makes it forget.
 */
export interface OrderRewardSource {
  current(): Promise<Config['money']['orderReward']>;
  forget(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
