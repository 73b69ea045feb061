import { describe, expect, it } from 'vitest';
import { COMMON_API } from '../src/api/common.js';
import { SIDE_CALLS, sideCallsOfPage } from '../src/first-response.js';

describe('the side calls a landing page is sent with', () => {
  it('are the paths of the endpoints they name', () => {
    expect(SIDE_CALLS.siteConfig).toBe(COMMON_API.siteConfig.path);
    expect(SIDE_CALLS.hotKeywords).toBe(COMMON_API.hotKeywords.path);
    expect(COMMON_API.siteConfig.access).toBe('public');
    expect(COMMON_API.hotKeywords.access).toBe('public');
  });

  it('are the site configuration on every landing page, and the hot keywords on home only', () => {
    expect(sideCallsOfPage('/?keyword=戒指')).toEqual([SIDE_CALLS.siteConfig, SIDE_CALLS.hotKeywords]);
    expect(sideCallsOfPage('/detail/abc')).toEqual([SIDE_CALLS.siteConfig]);
    expect(sideCallsOfPage('/video')).toEqual([SIDE_CALLS.siteConfig]);
    expect(sideCallsOfPage('/cart')).toEqual([]);
  });
});
