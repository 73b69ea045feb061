// Bundles the server into dist/main.js. Workspace packages (the contract) are compiled in;
// registry dependencies stay external and load from node_modules.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@gemstock/'));

await build({
  entryPoints: ['src/main.ts', 'src/cli/create-operator.ts', 'src/cli/rerender-media.ts'],
  // BUILD_OUTDIR lets a test build a copy beside the real one.
  outdir: process.env.BUILD_OUTDIR ?? 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
