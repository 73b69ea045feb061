import { describe, expect, it } from 'vitest';
import { carriedSearch } from '@/lib/query-carry';
import { displayNameOf } from '@/stores/session';
import type { TUser } from '@gemstock/contract';

describe('query carrying (spec §2)', () => {
  it('carries campaign parameters but not the page-local search', () => {
    expect(carriedSearch('?source=xhs&keyword=钻戒&page=2')).toBe('?source=xhs');
    expect(carriedSearch('?keyword=钻戒')).toBe('');
    expect(carriedSearch('')).toBe('');
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
