import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { JobSignal } from './jobs/job-signal.js';
import type { EventBus } from './lib/event-bus.js';
import type { TokenService } from './lib/tokens.js';
import type { Storage } from './media/storage.js';
import type { VideoProcessor } from './media/video-processor.js';
import type { MessageSender } from './notify/message-sender.js';
import type { ServiceState } from './ops/service-state.js';
import type { PaymentGateways } from './payments/create-gateways.js';

/**
 * What the composition root (app.ts) builds once and hands to every module. It lives apart from
 * app.ts so a service can name its dependencies without importing the whole application.
 */
export interface AppDeps {
  config: Config;
  db: Db;
  tokens: TokenService;
  messages: MessageSender;
  storage: Storage;
  /** ffmpeg/ffprobe, or an unavailable stand-in when they are not installed. */
  video: VideoProcessor;
  /** Wakes the in-process media worker when a job is queued. */
  mediaJobs: JobSignal;
  /** Payment gateway adapters per online pay way (real, sandbox or off). */
  payments: PaymentGateways;
  /** What one module announces and others react to (lib/event-bus.ts lists every event). */
  events: EventBus;
  /** Draining flag, database handle and cluster rule for readiness and metrics. */
  state: ServiceState;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
