import type { Plugin } from 'vite';
import { EARLY_CLICK_SCRIPT } from '../../../packages/contract/src/early-clicks.ts';

const CHARSET = /<meta charset="UTF-8" \/>/;

/**
 * Puts the contract's EARLY_CLICK_SCRIPT at the top of `<head>`, just after the charset, so
 * clicks on what the page shows before the app has run are held for it from the first paint
 * (src/lib/early-clicks.ts replays them). No stylesheet precedes it, so nothing delays it. The
 * text is written unchanged: the server's Content-Security-Policy allows it by its hash.
 */
export function earlyClicks(): Plugin {
  return {
    name: 'gemstock:early-clicks',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!CHARSET.test(html)) throw new Error('early-clicks: index.html has no <meta charset="UTF-8" />');
        return html.replace(CHARSET, (charset) => `${charset}\n    <script>${EARLY_CLICK_SCRIPT}</script>`);
      },
    },
  };
}
