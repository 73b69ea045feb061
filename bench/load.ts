import autocannon from 'autocannon';

/** One request of a load: GET unless it says otherwise. */
export interface LoadRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** What a load measured: each response's latency (ms) with the request it answered. */
export interface LoadResult<T extends LoadRequest> {
  samples: { latency: number; statusCode: number; request: T | undefined }[];
  durationS: number;
  non2xx: number;
  errors: number;
}

/** autocannon keeps one context per connection; a connection has one request in flight. */
interface ClientWithContext<T> {
  requestIterator?: { context?: { request?: T } };
}

/**
 * Runs `connections` clients against `base` for `durationS` seconds, each asking `next()` for
 * its next request, and records every response with the request it answered (the benches
 * break latencies down by page, keyword length or acknowledgement).
 */
export async function runLoad<T extends LoadRequest>(
  base: string,
  options: { connections: number; durationS: number; next: () => T },
): Promise<LoadResult<T>> {
  const samples: LoadResult<T>['samples'] = [];
  let non2xx = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: options.connections,
        duration: options.durationS,
        requests: [
          {
            setupRequest: (request, context) => {
              const item = options.next();
              (context as { request?: T }).request = item;
              return {
                ...request,
                method: item.method ?? 'GET',
                path: item.path,
                headers: { ...request.headers, ...item.headers },
                ...(item.body === undefined ? {} : { body: item.body }),
              };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done)),
    );
    instance.on('response', (client, statusCode, _bytes, responseTime) => {
      const request = (client as unknown as ClientWithContext<T>).requestIterator?.context?.request;
      samples.push({ latency: responseTime, statusCode, request });
      if (statusCode < 200 || statusCode >= 300) non2xx += 1;
    });
  });
  return { samples, durationS: result.duration, non2xx, errors: result.errors + result.timeouts };
}

/** The requests of a list in turn, round and round. */
export function inTurn<T>(items: readonly T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length]!;
}
