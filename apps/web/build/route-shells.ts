import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * Writes `shells/<name>.html` beside index.html for each page a first visit lands on: the same
 * page, with a `modulepreload` for every script that page loads beyond the entry's. The server
 * sends the shell of the page asked for (apps/server/src/plugins/web-app.ts), so the page's code
 * downloads with the entry instead of after it has run: one round trip less before the page
 * appears, which on a slow phone connection is most of a second.
 */
export function routeShells(pages: Record<string, string>): Plugin {
  let outDir = 'dist';
  let root = '';
  return {
    name: 'gemstock:route-shells',
    apply: 'build',
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
      mkdirSync(join(outDir, 'shells'), { recursive: true });
      for (const [name, module] of Object.entries(pages)) {
        const page = chunks.find((chunk) => chunk.facadeModuleId === join(root, module));
        if (!page) this.error(`route-shells: ${module} is not a chunk of the build`);
        const files = [...closure(page)].filter((file) => !loadedByEntry.has(file));
        const links = files.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`).join('');
        writeFileSync(join(outDir, 'shells', `${name}.html`), html.replace(/\n\s*<\/head>/, `\n${links}  </head>`));
      }
    },
  };
}
