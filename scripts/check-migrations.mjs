// Fails when the Drizzle schema has changes that no committed migration contains.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, cpSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const server = 'apps/server';
const before = readdirSync(join(server, 'drizzle')).sort();
const scratch = mkdtempSync(join(tmpdir(), 'gemstock-drift-'));
cpSync(join(server, 'drizzle'), join(scratch, 'drizzle'), { recursive: true });
const result = spawnSync('npx', ['drizzle-kit', 'generate', '--name=drift-check'], {
  cwd: server,
  encoding: 'utf8',
});
const after = readdirSync(join(server, 'drizzle')).sort();
const added = after.filter((f) => !before.includes(f));
// Leave the working tree exactly as it was.
rmSync(join(server, 'drizzle'), { recursive: true, force: true });
cpSync(join(scratch, 'drizzle'), join(server, 'drizzle'), { recursive: true });
rmSync(scratch, { recursive: true, force: true });

if (result.status !== 0) {
  process.stderr.write(result.stdout + result.stderr);
  process.exit(1);
}
if (added.length > 0) {
  process.stderr.write(
    `Schema and migrations drift: drizzle-kit would generate ${added.join(', ')}.\nRun \`npm run db:generate\` and commit the migration.\n`,
  );
  process.exit(1);
}
process.stdout.write('Migrations match the schema.\n');
