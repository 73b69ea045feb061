// Bundles the server into dist/main.js. Workspace packages (the contract) are compiled in;
// registry dependencies stay external and load from node_modules.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@gemstock/'));

await build({
  // Named outputs: the demo seed sits outside src/ and would otherwise move every output path.
  entryPoints: {
    main: 'src/main.ts',
    'cli/create-operator': 'src/cli/create-operator.ts',
    'cli/rerender-media': 'src/cli/rerender-media.ts',
    'seed-demo': 'demo/seed-demo.ts',
  },
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
