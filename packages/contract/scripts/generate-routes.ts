// Writes src/routes.ts, the route table, from the endpoint objects of src/api: one entry per
// endpoint with its method, path and access and no schema. The contract test
// (test/routes.test.ts) fails when the file is not what this writes. Run: npm run contract:routes
import { readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { AnyEndpoint } from '../src/endpoint.js';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
export const ROUTES_FILE = join(SRC, 'routes.ts');

const HEADER = `// Generated from the endpoint objects by \`npm run contract:routes\` (packages/contract/scripts/generate-routes.ts);
// do not edit: test/routes.test.ts fails when this differs from what the script writes.

/*
 * The route table: every endpoint's method, path, access and roles, without its schemas. \`USER_ROUTES.me\`
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

/** The text of src/routes.ts, formatted as the repository's prettier does. */
export async function renderRoutes(): Promise<string> {
  const groups = await endpointGroups();
  const namesByModule = new Map<string, string[]>();
  for (const g of groups) namesByModule.set(g.module, [...(namesByModule.get(g.module) ?? []), g.name]);
  const imports = [...namesByModule].map(([module, names]) => `import type { ${names.join(', ')} } from '${module}';`);
  const tables = groups.map((g) => {
    const entries = g.endpoints.map(
      ([key, e]) =>
        `  ${key}: { method: ${JSON.stringify(e.method)}, path: ${JSON.stringify(e.path)}, access: ${JSON.stringify(e.access)}${
          e.roles ? `, roles: ${JSON.stringify(e.roles)}` : ''
        } },`,
    );
    const routes = g.name.replace(/_API$/, '_ROUTES');
    return `export const ${routes}: RoutesOf<typeof ${g.name}> = {\n${entries.join('\n')}\n};`;
  });
  const text = [HEADER, "import type { RoutesOf } from './endpoint.js';", ...imports, '', tables.join('\n\n'), ''].join(
    '\n',
  );
  const options = await resolveConfig(ROUTES_FILE);
  return format(text, { ...options, filepath: ROUTES_FILE });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(ROUTES_FILE, await renderRoutes());
  process.stdout.write(`wrote ${ROUTES_FILE}\n`);
}
