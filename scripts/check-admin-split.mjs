// Checks the built web app (apps/web/dist) keeps the operator console out of what buyers load:
// neither the entry chunk nor anything it imports statically (or index.html preloads) may hold
// console code, and the console must exist as a lazily loaded chunk.
//   node scripts/check-admin-split.mjs [dist dir]     (after `npm run build`; default apps/web/dist)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dist = process.argv[2] ?? new URL('../apps/web/dist/', import.meta.url).pathname;
// Strings only the console contains (its storage key and its login title).
const MARKERS = ['gemstock.admin-token', '宝图运营后台'];

if (!existsSync(join(dist, 'index.html'))) {
  console.error('apps/web/dist/index.html not found: run `npm run build` first');
  process.exit(2);
}
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
// Follow static imports (`from"./x.js"`, `import"./x.js"`) from every initial chunk.
const queue = [...initial];
while (queue.length > 0) {
  const file = queue.pop();
  const code = readFileSync(join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
    const next = `assets/${m[1]}`;
    if (!initial.has(next)) {
      initial.add(next);
      queue.push(next);
    }
  }
}
const leaks = [...initial].filter((file) => {
  const code = readFileSync(join(dist, file), 'utf8');
  return MARKERS.some((marker) => code.includes(marker));
});
// The console's frame and its pages are separate lazy chunks (features/admin/admin-app.tsx), so
// its markers may sit in different ones: each must be in some chunk outside the initial set.
const lazyChunks = readdirSync(join(dist, 'assets')).filter(
  (entry) => entry.endsWith('.js') && !initial.has(`assets/${entry}`),
);
const consoleChunks = MARKERS.map((marker) =>
  lazyChunks.find((entry) => readFileSync(join(dist, 'assets', entry), 'utf8').includes(marker)),
);
console.log(`initial chunks (entry + static imports): ${[...initial].join(', ')}`);
if (leaks.length > 0) {
  console.error(`FAIL: operator console code in chunks every buyer loads: ${leaks.join(', ')}`);
  process.exit(1);
}
if (consoleChunks.some((chunk) => chunk === undefined)) {
  console.error('FAIL: no lazily loaded chunk with the operator console found');
  process.exit(1);
}
console.log(
  `OK: the console is in ${[...new Set(consoleChunks)].map((c) => `assets/${c}`).join(', ')}, loaded only under /admin`,
);
