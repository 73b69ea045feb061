import type { Plugin } from 'vite';

const COPY = '?separate-copy';

/**
 * Gives the packages under `importers` their own copy of the libraries named in `shared`.
 *
 * The API reference (Scalar and the libraries it brings, src/features/api-docs) uses zod and
 * clsx, as the site does. Left to itself the bundler moves the modules both use into chunks of
 * their own, and every page that validates a form loads more (a shared chunk holds what either
 * side needs: 1.5 KB gzipped more on /pay/return). Resolved with a query, the importers' imports
 * of those libraries, and the libraries' own imports in turn, are other modules that only the
 * reference's chunks contain; the site's chunks stay as they were. Costs the reference page a
 * few kilobytes of duplicated code, loaded on that page alone.
 */
export function separateCopies(importers: RegExp, shared: readonly string[]): Plugin {
  const named = new RegExp(`^(${shared.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(/|$)`);
  return {
    name: 'gemstock:separate-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || options.ssr) return null;
      const fromCopy = importer.endsWith(COPY);
      const fromImporter = importers.test(importer) && !fromCopy;
      if (!(fromImporter && named.test(source)) && !(fromCopy && (source.startsWith('.') || named.test(source)))) {
        return null;
      }
      const resolved = await this.resolve(source, importer.slice(0, fromCopy ? -COPY.length : undefined), {
        ...options,
        skipSelf: true,
      });
      if (!resolved || resolved.external || resolved.id.includes('?')) return resolved;
      return { ...resolved, id: `${resolved.id}${COPY}` };
    },
  };
}
