import { describe, expect, it } from 'vitest';
import { mobileRedirectTarget } from '@/lib/mobile';
import { carriedSearch } from '@/lib/query-carry';
import { displayNameOf } from '@/stores/session';
import type { TUser } from '@gemstock/contract';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const here = { pathname: '/detail/abc12345', search: '?source=xhs', hash: '', origin: 'https://www.example.com' };

describe('query carrying (spec §2)', () => {
  it('carries campaign parameters but not the page-local search', () => {
    expect(carriedSearch('?source=xhs&keyword=钻戒&page=2')).toBe('?source=xhs');
    expect(carriedSearch('?keyword=钻戒')).toBe('');
    expect(carriedSearch('')).toBe('');
  });
});

describe('mobile redirect', () => {
  it('sends phones to the mobile site with the same path and query', () => {
    expect(mobileRedirectTarget(here, IPHONE, 'https://m.example.com/')).toBe(
      'https://m.example.com/detail/abc12345?source=xhs',
    );
  });

  it('does nothing on desktop or when not configured', () => {
    expect(mobileRedirectTarget(here, DESKTOP, 'https://m.example.com')).toBeNull();
    expect(mobileRedirectTarget(here, IPHONE, undefined)).toBeNull();
    expect(mobileRedirectTarget(here, IPHONE, '')).toBeNull();
  });
});

describe('displayed name (spec §2)', () => {
  const base = { email: 'buyer@example.com', mobile: '13800000000', name: '小王', username: 'wang' } as TUser;
  it('is the name for a sub-account and the email or mobile otherwise', () => {
    expect(displayNameOf({ ...base, level: 1 })).toBe('小王');
    expect(displayNameOf({ ...base, level: 0 })).toBe('buyer@example.com');
    expect(displayNameOf({ ...base, level: 0, email: null })).toBe('13800000000');
  });
});
