import { useSearchParams } from 'react-router';
import { SOURCE_PARAM } from '@/config/paths';

/** Query parameter naming a referrer for an order (spec §4 previews re-price with a referer). */
export const REFERER_PARAM = 'referer';

function paramOf(params: URLSearchParams, name: string, max: number): string | null {
  const value = params.get(name)?.trim();
  return value ? value.slice(0, max) : null;
}

/**
 * The campaign `source` the visitor arrived with (carried from route to route, spec §2); orders
 * and recharges record it as the register form does.
 */
export function useTrafficSource(): string | null {
  const [params] = useSearchParams();
  return paramOf(params, SOURCE_PARAM, 64);
}

/** A referrer named in the address (`?referer=…`), sent with previews and payments. */
export function useRefererParam(): string | null {
  const [params] = useSearchParams();
  return paramOf(params, REFERER_PARAM, 64);
}
