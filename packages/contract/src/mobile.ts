/**
 * Spec §2: on a mobile device the browser is sent to the mobile site with the same path. The
 * server does it for page requests when MOBILE_SITE_URL is set (apps/server/src/plugins/web-app.ts);
 * otherwise the responsive site is the mobile site.
 */
const MOBILE_UA = /Android.+Mobile|iPhone|iPod|Windows Phone|HarmonyOS.+Mobile|MicroMessenger.+Mobile|Mobile Safari/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent);
}

/**
 * The mobile-site address for a page (`/detail/abc?source=xhs`), or null when the visitor stays:
 * not a phone, or the mobile site is this very origin.
 */
export function mobileSiteTarget(
  pathAndQuery: string,
  userAgent: string,
  mobileSiteUrl: string,
  selfOrigin?: string,
): string | null {
  if (!isMobileUserAgent(userAgent)) return null;
  const base = new URL(mobileSiteUrl);
  if (selfOrigin && base.origin === new URL(selfOrigin).origin) return null; // never redirect to ourselves
  return `${base.origin}${base.pathname.replace(/\/$/, '')}${pathAndQuery}`;
}
