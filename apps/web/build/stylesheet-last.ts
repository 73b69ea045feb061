import type { Plugin } from 'vite';

export const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;

/**
 * Moves the app's stylesheet from `<head>` to the end of `<body>`. In `<head>` it blocks the
 * first paint until it has downloaded, beside the scripts; at the end of the body the loading
 * screen before it (whose few rules are inline in index.html) paints with the HTML. The app
 * itself waits for the stylesheet before it renders (src/main.tsx), so nothing appears unstyled.
 */
export function stylesheetLast(): Plugin {
  return {
    name: 'gemstock:stylesheet-last',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = (html.match(STYLESHEET) ?? []).map((link) => link.trim());
        if (links.length === 0) return html;
        if (!html.includes('</body>')) throw new Error('stylesheet-last: index.html has no </body>');
        return html.replace(STYLESHEET, '').replace(/\s*<\/body>/, `\n    ${links.join('\n    ')}\n  </body>`);
      },
    },
  };
}
