/**
 * The viewport width a first render assumes before anything can be measured. The server draws a
 * landing page for the width its User-Agent suggests (apps/server src/plugins/web-app.ts) and the
 * browser's hydrating render must assume the same width, or React would keep the server's
 * markup for a layout the client no longer describes. Measured sizes take over right after.
 */
let assumedWidth: number | null = null;

/** Set by the server for the page it renders, and by the browser from the page it hydrates. */
export function assumeViewportWidth(width: number | null): void {
  assumedWidth = width;
}

/** The assumed width, else the window's, else a desktop's. */
export function estimatedViewportWidth(): number {
  if (assumedWidth !== null) return assumedWidth;
  return typeof window === 'undefined' ? 1440 : window.innerWidth;
}
