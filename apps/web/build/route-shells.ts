import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { STYLESHEET } from './stylesheet-last.ts';

/**
 * Writes `shells/<name>.html` beside index.html for each page a first visit lands on: the same
 * page, with a `modulepreload` for every script that page loads beyond the entry's. The server
 * sends the shell of the page asked for (apps/server/src/plugins/web-app.ts), so the page's code
 * downloads with the entry instead of after it has run: one round trip less before the page
 * appears, which on a slow phone connection is most of a second. A shell of several modules (a
 * console page: antd's scope, the console's frame, the page) preloads all of them, in that order.
 *
 * `preloadStylesheets` names the shells that also preload their modules' own stylesheets (a
 * console page: the console's antd stylesheet, decision 0054). The scripts' loader inserts such a
 * stylesheet only when the `import()` that needs it runs, and holds the module back until it has
 * loaded: on a cold console page that was a request started at ~0.6–0.8 s, after the entry had
 * run, finishing after every script had arrived. A `preload` starts it with the scripts and
 * neither blocks the loading screen's paint nor the scripts' running; the loader's own `<link>`
 * then takes it from the cache. At low priority, after the scripts: at its default (highest) it
 * went ahead of them over the six connections and the entry ran later (/admin/orders, 2 × 5 runs
 * alternated: its list's call started ~0.2 s later).
 */
export function routeShells(
  pages: Record<string, string | readonly string[]>,
  { preloadStylesheets = () => false }: { preloadStylesheets?: (shell: string) => boolean } = {},
): Plugin {
  let outDir = 'dist';
  let root = '';
  return {
    name: 'gemstock:route-shells',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: OutputChunk): Set<string> => {
        const seen = new Set<string>();
        const queue = [start.fileName];
        while (queue.length > 0) {
          const file = queue.pop()!;
          if (seen.has(file)) continue;
          seen.add(file);
          queue.push(...(byFile.get(file)?.imports ?? []));
        }
        return seen;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('route-shells: the build has no entry chunk');
      const loadedByEntry = closure(entry);
      const html = readFileSync(join(outDir, 'index.html'), 'utf8');
      if (!html.includes('</head>')) this.error('route-shells: index.html has no </head>');
      // The server draws these pages (src/entry-server.tsx), and a drawing must not paint before
      // its styles: they are inline, so the page paints with the HTML instead of after another
      // request (a stylesheet linked in the page, even at its end, holds the first paint). The
      // links stay, disabled (never fetched, never applied): the scripts' loader finds them there
      // and does not insert them again over rules already in place.
      const inlineStyles = [...html.matchAll(STYLESHEET)]
        .map((match) => /href="\/([^"]+)"/.exec(match[0])?.[1])
        .map((file) => {
          const asset = file ? bundle[file] : undefined;
          if (!asset || asset.type !== 'asset') this.error(`route-shells: stylesheet ${file} is not in the build`);
          const css = String(asset.source);
          if (/<\/style/i.test(css)) this.error(`route-shells: ${file} cannot be inlined`);
          return `    <style>${css}</style>\n`;
        })
        .join('');
      mkdirSync(join(outDir, 'shells'), { recursive: true });
      for (const [name, modules] of Object.entries(pages)) {
        const files = new Set<string>();
        for (const module of typeof modules === 'string' ? [modules] : modules) {
          // the chunk the module starts, or the one a group put it in (the console's, vite.config.ts)
          const page =
            chunks.find((chunk) => chunk.facadeModuleId === join(root, module)) ??
            chunks.find((chunk) => chunk.moduleIds.includes(join(root, module)));
          if (!page) this.error(`route-shells: ${module} is not a chunk of the build`);
          for (const file of closure(page)) if (!loadedByEntry.has(file)) files.add(file);
        }
        // the stylesheets of these modules that the entry's do not already bring (inlined above)
        const cssOf = (file: string) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])];
        const entryCss = new Set([...loadedByEntry].flatMap(cssOf));
        const stylesheets = preloadStylesheets(name)
          ? [...new Set([...files].flatMap(cssOf))].filter((file) => !entryCss.has(file))
          : [];
        // (crossorigin as the loader's own <link> has it, or the preloaded copy would not be used)
        const preloads = [
          ...[...files].map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`),
          ...stylesheets.map(
            (file) => `    <link rel="preload" as="style" fetchpriority="low" crossorigin href="/${file}">\n`,
          ),
        ].join('');
        const shell = html
          .replace(STYLESHEET, (link) => link.replace(/>$/, ' disabled>'))
          .replace(/\n\s*<\/head>/, `\n${inlineStyles}${preloads}  </head>`);
        writeFileSync(join(outDir, 'shells', `${name}.html`), shell);
      }
    },
  };
}
