import { Redis } from 'ioredis';

export interface RedisLog {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
}

/**
 * The Redis connection for counters every server must share (request rate limits). A command
 * fails at once while Redis is unreachable rather than queueing, and the rate limiter then lets
 * the request through (skipOnError): Redis going down slows nobody and refuses nobody, it only
 * makes each server count on its own until it is back. A failure is logged once per outage.
 */
export function connectRedis(url: string, log: RedisLog): Redis {
  const redis = new Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 200, 5000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'Redis unreachable: rate limits are counted per server until it is back');
  });
  redis.on('ready', () => {
    if (down) log.info({}, 'Redis reachable again');
    down = false;
  });
  return redis;
}
