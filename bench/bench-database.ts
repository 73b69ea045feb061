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

/** Creates the database named by `url` when it does not exist yet. */
export async function ensureDatabase(url: string, log: (line: string) => void = () => undefined): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      log(`creating database ${name}`);
      await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
    }
  } finally {
    await admin.end();
  }
}
