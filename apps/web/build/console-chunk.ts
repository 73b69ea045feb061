import type { Plugin } from 'vite';
import { packageOf } from './console-copies.ts';

/** What the console's chunks hold: its roots, and the pages whose helpers join them. */
export interface ConsoleChunkOptions {
  /** The modules the app router imports for /admin/* (the frame and its page table). */
  roots: readonly string[];
  /** The pages a console is opened at most (its lists): what they import joins the frame's chunk. */
  firstPages: readonly string[];
  /** Modules the calls' chunk takes besides, whatever reaches them (the console's API route tables). */
  also: RegExp;
  /**
   * The root that starts the page's first calls (`console-pages.ts`): it and what it imports are a
   * chunk of their own, without antd, so the calls start as soon as it has arrived rather than
   * once antd's megabyte has been run.
   */
  calls: string;
}

/**
 * The operator console's own code in two chunks: its page table with the first calls (what
 * `console-pages.ts` imports), and its frame (what `admin-app.tsx` imports) with the helpers of
 * the pages it opens at most. Left to the bundler,
 * each helper shared by a different set of pages is a chunk of its own: a console list loaded
 * some twenty files of 65 B – 4 KB besides its page and antd, and over HTTP/1.1 (six at a time,
 * each a turn of a busy server) the last of those tiny files arrived after antd (decision 0058).
 *
 * A group of rolldown's `codeSplitting` takes what its test matches *and*, by default, all that
 * imports — the api-client, React Query, the contract — which would put the console's chunk in
 * every buyer page's imports (decision 0052). So the test is worked out from the module graph
 * once it is built: a module is the console's own when no buyer page reaches it other than
 * through the console's roots; the groups (`includeDependenciesRecursively: false`) take those
 * alone, and the site's modules they import stay in the site's chunks, which never import the
 * console's. Only static imports count: what a page opens on a click (a drawer, a dialog) stays
 * where it was, and every other page keeps its own chunk.
 */
export function consoleChunk({ roots, firstPages, also, calls }: ConsoleChunkOptions): {
  plugin: Plugin;
  /** The console's chunk: its frame and its lists' helpers. */
  test: (id: string) => boolean;
  /** The chunk of its first calls (`calls` and what it imports): a group of higher priority. */
  callsTest: (id: string) => boolean;
} {
  let captured = new Set<string>();
  let early = new Set<string>();
  const plugin: Plugin = {
    name: 'gemstock:console-chunk',
    apply: 'build',
    buildEnd() {
      captured = new Set();
      early = new Set();
      const ids = [...this.getModuleIds()];
      if (!roots.every((root) => ids.includes(root))) return; // the server's drawing: no console
      const reach = (starts: readonly string[], dynamic: boolean, stop: (id: string) => boolean) => {
        const seen = new Set<string>();
        const queue = [...starts];
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (seen.has(id) || stop(id)) continue;
          seen.add(id);
          const module = this.getModuleInfo(id);
          if (module) queue.push(...module.importedIds, ...(dynamic ? module.dynamicallyImportedIds : []));
        }
        return seen;
      };
      // what a buyer page can load without going through the console's roots
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      const site = reach(entries, true, (id) => roots.includes(id));
      const own = (id: string) => !site.has(id) && packageOf(id) === null && /\.[cm]?[jt]sx?(\?|$)/.test(id);
      // every module something loads with `import()` keeps its chunk (pages, drawers, dialogs)
      const lazy = new Set(ids.flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
      for (const root of roots) lazy.delete(root);
      const pagesImports = firstPages.flatMap((page) => this.getModuleInfo(page)?.importedIds ?? []);
      for (const id of reach([...roots, ...pagesImports], false, (next) => !own(next) || lazy.has(next))) {
        captured.add(id);
      }
      early = reach([calls], false, (next) => !own(next) || lazy.has(next));
      // (with the calls, which name them: the frame's chunk imports the calls' chunk, not back)
      for (const id of ids) if (also.test(id)) early.add(id);
      const missing = firstPages.filter((page) => !ids.includes(page));
      if (missing.length > 0) this.error(`console-chunk: ${missing.join(', ')} not in the build`);
    },
  };
  return { plugin, test: (id) => captured.has(id), callsTest: (id) => early.has(id) };
}
