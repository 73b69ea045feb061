/**
 * What the domain modules count, as a small interface in AppDeps: payments settled, payment
 * exceptions, search cache lookups. The Prometheus implementation is in metrics.routes.ts; the
 * modules never import prom-client. Without METRICS_TOKEN nothing is counted (NO_METRICS).
 */

/** The search caches (docs/decisions/0004-catalogue-search.md): built pages, match sets, ordered windows. */
export type SearchCacheName = 'page' | 'match_set' | 'window';

export interface AppMetrics {
  /** An order became PAYED now (a repeated notification or call is not counted again), by pay way. */
  paymentSettled(payWay: string): void;
  /** A delivery of money that could not settle its order (a row of the operators' exception list), by reason. */
  paymentException(reason: string): void;
  /** A search cache was consulted: a hit is answered from memory, a miss reads the database. */
  searchCacheLookup(cache: SearchCacheName, hit: boolean): void;
}

export const NO_METRICS: AppMetrics = {
  paymentSettled: () => undefined,
  paymentException: () => undefined,
  searchCacheLookup: () => undefined,
};
