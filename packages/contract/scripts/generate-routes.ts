// Writes the route tables (src/routes/) from the endpoint objects of src/api: one entry per
// endpoint with its method, path, access and roles and no schema. The contract test
// (test/routes.test.ts) fails when a file is not what this writes. Run: npm run contract:routes
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { AnyEndpoint } from '../src/endpoint.js';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
/**
 * The route tables live one group to a file (src/routes/<group>.ts, with src/routes/index.ts
 * exporting them all): one module is one chunk of the web build, so a table only a lazily loaded
 * page calls through (the console's, the privacy page's) travels with that page instead of riding
 * in every buyer page's first script.
 */
export const ROUTES_DIR = join(SRC, 'routes');
const HEADER = `// Generated from the endpoint objects by \`npm run contract:routes\` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * A route table: every endpoint's method, path, access and roles, without its schemas. \`USER_ROUTES.me\`
 * is \`USER_API.me\` as a client that only calls needs it, typed by the declaration (its input and
 * answer are typed as the endpoint's), so the web app's first pages call the API without loading
 * zod. This module imports nothing at run time: its only imports are types, erased from the build.
 */
`;

interface Group {
  name: string;
  module: string;
  endpoints: [string, AnyEndpoint][];
}

function isEndpoint(value: unknown): value is AnyEndpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;
}

/** Every `X_API` group of src/api, by file then by name; a group's endpoints in declaration order. */
export async function endpointGroups(): Promise<Group[]> {
  const files = readdirSync(join(SRC, 'api'))
    .filter((file) => file.endsWith('.ts'))
    .sort();
  const groups: Group[] = [];
  for (const file of files) {
    const exports = (await import(pathToFileURL(join(SRC, 'api', file)).href)) as Record<string, unknown>;
    // by name: a module namespace lists its exports sorted, but not every loader keeps that order
    for (const [name, value] of Object.entries(exports).sort(([a], [b]) => a.localeCompare(b))) {
      if (!name.endsWith('_API') || typeof value !== 'object' || value === null) continue;
      const endpoints = Object.entries(value).filter((entry): entry is [string, AnyEndpoint] => isEndpoint(entry[1]));
      groups.push({ name, module: `./api/${basename(file, '.ts')}.js`, endpoints });
    }
  }
  return groups;
}

/** `ADMIN_ORDER_API` → `admin-order`: the file of its route table. */
export function routesFileOf(groupName: string): string {
  return groupName.replace(/_API$/, '').toLowerCase().replaceAll('_', '-');
}

async function formatted(file: string, text: string): Promise<string> {
  const options = await resolveConfig(file);
  return format(text, { ...options, filepath: file });
}

/** Every file of src/routes and its text, formatted as the repository's prettier does. */
export async function renderRoutes(): Promise<Map<string, string>> {
  const groups = await endpointGroups();
  const files = new Map<string, string>();
  for (const g of groups) {
    const entries = g.endpoints.map(
      ([key, e]) =>
        `  ${key}: { method: ${JSON.stringify(e.method)}, path: ${JSON.stringify(e.path)}, access: ${JSON.stringify(e.access)}${
          e.roles ? `, roles: ${JSON.stringify(e.roles)}` : ''
        } },`,
    );
    const routes = g.name.replace(/_API$/, '_ROUTES');
    const text = [
      HEADER,
      "import type { RoutesOf } from '../endpoint.js';",
      `import type { ${g.name} } from '.${g.module}';`,
      '',
      `export const ${routes}: RoutesOf<typeof ${g.name}> = {\n${entries.join('\n')}\n};`,
      '',
    ].join('\n');
    const file = join(ROUTES_DIR, `${routesFileOf(g.name)}.ts`);
    files.set(file, await formatted(file, text));
  }
  const index = join(ROUTES_DIR, 'index.ts');
  const exports = groups.map((g) => `export * from './${routesFileOf(g.name)}.js';`);
  files.set(index, await formatted(index, [HEADER, ...exports, ''].join('\n')));
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  rmSync(ROUTES_DIR, { recursive: true, force: true });
  mkdirSync(ROUTES_DIR);
  const files = await renderRoutes();
  for (const [file, text] of files) writeFileSync(file, text);
  process.stdout.write(`wrote ${files.size} files in ${ROUTES_DIR}\n`);
}
