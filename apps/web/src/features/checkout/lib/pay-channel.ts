import type { PayChannel } from '@gemstock/contract';

/**
 * A screen that is touched, never pointed at: a phone (or a tablet). It cannot scan a QR code
 * it shows itself, so it pays through the gateways' mobile pages (decision 0026).
 */
export const TOUCH_ONLY_QUERY = '(hover: none) and (pointer: coarse)';

/** The channel this device declares in the pay request: `h5` on a touch-only screen, `qr` otherwise. */
export function payChannelOfDevice(): PayChannel {
  if (typeof window === 'undefined' || !window.matchMedia) return 'qr';
  return window.matchMedia(TOUCH_ONLY_QUERY).matches ? 'h5' : 'qr';
}
