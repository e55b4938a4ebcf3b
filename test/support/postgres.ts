/**
 * A throwaway database on the real PostgreSQL server of these machines (127.0.0.1:5432, trust auth),
 * for adapter tests. POSTGRES_TEST_URL overrides the server; tests are skipped (loudly) only when no
 * server answers.
 */
import crypto from 'node:crypto';
import pg from 'pg';

export const POSTGRES_ADMIN_URL = process.env.POSTGRES_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresAvailable(opts: { quiet?: boolean } = {}): Promise<boolean> {
  const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    if (!opts.quiet) console.warn(`no PostgreSQL at ${POSTGRES_ADMIN_URL}: Postgres adapter tests are skipped`);
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

/** Creates an empty database; returns its URL and a function that drops it. */
export async function createTempDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `copilot_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
