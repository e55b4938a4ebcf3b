/**
 * The system packages some tests need and no npm package brings: Chromium (the browser tests of the
 * web client and the eval page) and a PostgreSQL server (the adapter tests against a real server and
 * the deployment topology). Each test file checks for its own and skips without it; this lists what is
 * missing, with the command that installs it, for the run's report.
 */
import fs from 'node:fs';
import { CHROMIUM_PATH } from './browser.js';
import { POSTGRES_ADMIN_URL, postgresAvailable } from './postgres.js';

export async function missingSystemPackages(): Promise<string[]> {
  const out: string[] = [];
  if (!fs.existsSync(CHROMIUM_PATH)) {
    out.push(`Chromium (${CHROMIUM_PATH}): the browser tests of the web client and the eval page; install: apt-get install -y --no-install-recommends chromium`);
  }
  if (!(await postgresAvailable({ quiet: true }))) {
    out.push(
      `a PostgreSQL server at ${POSTGRES_ADMIN_URL}: the Postgres adapter, migration and deployment tests; install: apt-get install -y postgresql && pg_ctlcluster --skip-systemctl-redirect 15 main start (trust auth for 127.0.0.1), or set POSTGRES_TEST_URL`,
    );
  }
  return out;
}
