import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { CONSOLE_COPY, consoleCopies, dependencyClosure, packageOf } from '../build/console-copies';

const SRC = `${join(import.meta.dirname, '../src')}/`;
const NODE_MODULES = `${join(import.meta.dirname, '../../../node_modules')}/`;
const plugin = consoleCopies(`${SRC}features/admin/`, SRC);

/** What an import of `target` (an absolute file) from `importer` resolves to under the plugin. */
async function resolved(target: string, importer: string): Promise<string> {
  const hook = plugin.resolveId as Extract<Plugin['resolveId'], (...args: never[]) => unknown>;
  const context = { resolve: async (source: string) => ({ id: source, external: false }) };
  const result = await (hook as (...args: unknown[]) => Promise<{ id: string } | null>).call(
    context,
    target,
    importer,
    { ssr: false, isEntry: false, attributes: {} },
  );
  return result?.id ?? target;
}

const fromConsole = (target: string) => resolved(target, `${SRC}features/admin/routes/orders-page.tsx`);
const isCopy = (id: string) => id.endsWith(CONSOLE_COPY);

describe("the operator console's own antd (build/console-copies.ts)", () => {
  it('copies antd, its icons, dayjs and what they depend on, never React', async () => {
    expect(isCopy(await fromConsole(`${NODE_MODULES}antd/es/index.js`))).toBe(true);
    expect(isCopy(await fromConsole(`${NODE_MODULES}@ant-design/icons/es/index.js`))).toBe(true);
    expect(isCopy(await fromConsole(`${NODE_MODULES}@rc-component/table/es/index.js`))).toBe(true);
    expect(isCopy(await fromConsole(`${NODE_MODULES}dayjs/dayjs.min.js`))).toBe(true);
    expect(isCopy(await fromConsole(`${NODE_MODULES}react/index.js`))).toBe(false);
    // a library only the console uses is its own already; zod is shared with the buyer pages
    expect(isCopy(await fromConsole(`${NODE_MODULES}echarts/core.js`))).toBe(false);
    expect(isCopy(await fromConsole(`${NODE_MODULES}zod/index.js`))).toBe(false);
  });

  it("copies the site's modules that draw with antd, and keeps one toast queue, api-client and store", async () => {
    for (const file of ['app/antd-scope.tsx', 'app/dayjs-locale.ts', 'components/scroll-table.tsx']) {
      expect(isCopy(await fromConsole(`${SRC}${file}`)), file).toBe(true);
    }
    // lib/notify imports antd's types only, lib/form its types and the api-client
    for (const file of [
      'lib/notify.ts',
      'lib/form.ts',
      'lib/api-client.ts',
      'lib/query-client.ts',
      'stores/session.ts',
    ]) {
      expect(isCopy(await fromConsole(`${SRC}${file}`)), file).toBe(false);
    }
  });

  it("leaves the buyer pages' imports alone, and copies what a copy imports in turn", async () => {
    const antd = `${NODE_MODULES}antd/es/index.js`;
    expect(isCopy(await resolved(antd, `${SRC}features/checkout/components/order-drawer.tsx`))).toBe(false);
    const table = `${NODE_MODULES}@rc-component/table/es/index.js`;
    expect(isCopy(await resolved(table, `${NODE_MODULES}antd/es/table/Table.js${CONSOLE_COPY}`))).toBe(true);
    expect(isCopy(await resolved(`${NODE_MODULES}react/index.js`, `${antd}${CONSOLE_COPY}`))).toBe(false);
  });

  it("names a module's package and antd's family from the installed packages", () => {
    expect(packageOf(`${NODE_MODULES}@rc-component/table/es/Table.js`)).toBe('@rc-component/table');
    expect(packageOf(`${NODE_MODULES}antd/es/index.js${CONSOLE_COPY}`)).toBe('antd');
    expect(packageOf(`${SRC}app/theme.ts`)).toBeNull();
    const family = dependencyClosure(['antd'], SRC);
    expect(family.has('@rc-component/util')).toBe(true);
    expect(family.has('react')).toBe(false);
  });
});
