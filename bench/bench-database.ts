import pg from 'pg';

/**
 * The benches write (and the search bench truncates) tables: refuse anything but a loopback
 * database whose name says it is for benchmarks.
 */
export function assertSafeDatabase(url: string): void {
  const parsed = new URL(url);
  const loopback = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(parsed.hostname);
  if (!loopback || !parsed.pathname.includes('bench')) {
    throw new Error(
      `refusing ${parsed.hostname}${parsed.pathname}: use a loopback database whose name contains "bench"`,
    );
  }
}

/** Runs `work` on the server's `postgres` database, with the name of the database `url` names. */
async function asAdmin(url: string, work: (admin: pg.Client, name: string) => Promise<void>): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await work(admin, name);
  } finally {
    await admin.end();
  }
}

/** Creates the database named by `url` when it does not exist yet. */
export async function ensureDatabase(url: string, log: (line: string) => void = () => undefined): Promise<void> {
  await asAdmin(url, async (admin, name) => {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      log(`creating database ${name}`);
      await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
    }
  });
}

/** Drops the database named by `url`, ending its sessions (for a bench that starts afresh). */
export async function dropDatabase(url: string): Promise<void> {
  assertSafeDatabase(url);
  await asAdmin(url, async (admin, name) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name.replaceAll('"', '""')}" WITH (FORCE)`);
  });
}
