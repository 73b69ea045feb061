import { existsSync } from 'node:fs';

/** The Chromium the browser journeys drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => existsSync(p)) ?? null;
}
