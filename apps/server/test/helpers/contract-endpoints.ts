import * as contract from '@gemstock/contract';
import type { AnyEndpoint } from '@gemstock/contract';

/**
 * Every endpoint the contract declares (the values of its `*_API` groups; route tables hold no
 * schemas), in a fixed order, for the tests that check a rule on every call.
 */
export function contractEndpoints(): AnyEndpoint[] {
  const found: AnyEndpoint[] = [];
  for (const value of Object.values(contract)) {
    if (!value || typeof value !== 'object') continue;
    for (const member of Object.values(value as Record<string, unknown>)) {
      const e = member as Partial<AnyEndpoint> | null;
      if (e && typeof e === 'object' && typeof e.method === 'string' && typeof e.path === 'string' && 'response' in e) {
        found.push(e as AnyEndpoint);
      }
    }
  }
  return [...new Set(found)].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}
