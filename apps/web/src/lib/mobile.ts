/**
 * Spec §2: on a mobile device the browser is sent to the mobile site with the same path.
 *
 * The mobile site is a separate deployment, so its address is build-time configuration:
 * set VITE_MOBILE_SITE_URL (e.g. `VITE_MOBILE_SITE_URL=https://m.example.com npm run build`).
 * When it is not set nothing happens and phones get this desktop site.
 */
import { logError } from '@/lib/logger';

const MOBILE_UA = /Android.+Mobile|iPhone|iPod|Windows Phone|HarmonyOS.+Mobile|MicroMessenger.+Mobile|Mobile Safari/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent);
}

/** The mobile URL to send this visitor to, or null to stay. */
export function mobileRedirectTarget(
  location: Pick<Location, 'pathname' | 'search' | 'hash' | 'origin'>,
  userAgent: string,
  mobileSiteUrl: string | undefined,
): string | null {
  if (!mobileSiteUrl || !isMobileUserAgent(userAgent)) return null;
  let base: URL;
  try {
    base = new URL(mobileSiteUrl);
  } catch {
    logError('VITE_MOBILE_SITE_URL is not a valid URL', mobileSiteUrl);
    return null;
  }
  if (base.origin === location.origin) return null; // never redirect to ourselves
  const basePath = base.pathname.replace(/\/$/, '');
  return `${base.origin}${basePath}${location.pathname}${location.search}${location.hash}`;
}
