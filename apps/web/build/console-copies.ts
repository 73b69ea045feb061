import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** The query that marks a module as the console's own copy. */
export const CONSOLE_COPY = '?console-copy';

/** The libraries the console gets its own copy of, with everything they depend on. */
const ROOTS = ['antd', '@ant-design/icons', 'dayjs'];

/** The package a module of node_modules belongs to (`@scope/name` or `name`), or null. */
export function packageOf(id: string): string | null {
  const at = id.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const [first, second] = id.slice(at + '/node_modules/'.length).split('/');
  if (!first) return null;
  return first.startsWith('@') && second ? `${first}/${second}` : first;
}

/**
 * `roots` and every package they depend on (package.json `dependencies`, recursively): antd's
 * family. Its peers (React) are not dependencies and stay the site's.
 */
export function dependencyClosure(roots: readonly string[], fromDir: string): Set<string> {
  const found = new Set<string>();
  const queue = roots.map((name) => ({ name, dir: fromDir }));
  while (queue.length > 0) {
    const { name, dir } = queue.pop()!;
    if (found.has(name)) continue;
    let manifest: string;
    try {
      manifest = createRequire(join(dir, 'noop.js')).resolve(`${name}/package.json`);
    } catch {
      continue; // a package that hides its package.json: its own imports are copied all the same
    }
    found.add(name);
    const deps = (JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> }).dependencies;
    for (const dep of Object.keys(deps ?? {})) queue.push({ name: dep, dir: dirname(manifest) });
  }
  return found;
}

/** Runtime imports of a source file (`import type` and `export type` are erased and do not count). */
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[\w*${},\s]*?\s*from\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * Gives the operator console (the modules under `consoleDir`) its own copy of antd, its icons and
 * dayjs, with everything they import, so that one chunk can hold them all (see vite.config.ts).
 *
 * Left to itself the bundler splits antd along the lines of who uses what, across the console
 * and the buyer pages' dialogs together: a console list page loaded some 100 small files, and a
 * cold first render waited on the requests more than on the bytes (decision 0052). A group of
 * the shared modules would make every buyer dialog load the console's antd. Resolved with a
 * query, the console's imports are other modules that only the console's chunks contain; the
 * buyer pages' chunks stay as they were.
 *
 * The site's modules the console imports are copied too when they reach antd (antd's scope with
 * its theme and locale, the scrolling table): a shared one would render the site's antd inside
 * the console's, outside the console's theme and locale. The others (the api-client, the toast
 * queue, the query cache, the stores) stay one module for the whole app.
 */
export function consoleCopies(consoleDir: string, srcDir: string): Plugin {
  const family = dependencyClosure(ROOTS, srcDir);
  const usesFamily = new Map<string, boolean>();

  /** The file an import of a source file names, or null for a package or a non-source file. */
  const sourceFile = (specifier: string, from: string): string | null => {
    const base = specifier.startsWith('@/')
      ? join(srcDir, specifier.slice(2))
      : specifier.startsWith('.')
        ? join(dirname(from), specifier)
        : null;
    if (base === null) return null;
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
      if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
    }
    return null;
  };

  /** Whether a source file imports antd's family at run time, itself or through another. */
  const reachesFamily = (file: string): boolean => {
    const known = usesFamily.get(file);
    if (known !== undefined) return known;
    usesFamily.set(file, false); // an import cycle is answered by the files around it
    let uses = false;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (match[1]) continue;
      const specifier = (match[2] ?? match[3])!;
      const source = sourceFile(specifier, file);
      const pkg = source === null && !specifier.startsWith('.') && !specifier.startsWith('@/') ? specifier : null;
      const name = pkg?.startsWith('@') ? pkg.split('/').slice(0, 2).join('/') : pkg?.split('/')[0];
      if ((name && family.has(name)) || (source !== null && reachesFamily(source))) {
        uses = true;
        break;
      }
    }
    usesFamily.set(file, uses);
    return uses;
  };

  return {
    name: 'gemstock:console-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || options.ssr) return null;
      const fromCopy = importer.endsWith(CONSOLE_COPY);
      const original = fromCopy ? importer.slice(0, -CONSOLE_COPY.length) : importer;
      if (!fromCopy && !original.startsWith(consoleDir)) return null;
      const resolved = await this.resolve(source, original, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes('?') || resolved.id.startsWith('\0')) {
        return resolved;
      }
      const pkg = packageOf(resolved.id);
      const copy =
        pkg !== null
          ? // a copied library's own imports are copied whatever they are, its peers (React) aside
            family.has(pkg) || (fromCopy && packageOf(original) !== null && !['react', 'react-dom'].includes(pkg))
          : resolved.id.startsWith(srcDir) && !resolved.id.startsWith(consoleDir) && reachesFamily(resolved.id);
      return copy ? { ...resolved, id: `${resolved.id}${CONSOLE_COPY}` } : resolved;
    },
  };
}
