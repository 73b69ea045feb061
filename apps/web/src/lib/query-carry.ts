import { ROUTE_LOCAL_PARAMS } from '@/config/paths';

/**
 * The part of a query string that travels on to the next route (spec §2): everything except
 * the page-local search state. Returns '' or a string starting with '?'.
 */
export function carriedSearch(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) {
    if (ROUTE_LOCAL_PARAMS.has(key)) params.delete(key);
  }
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
