/**
 * Several processes starting at once on one Postgres (worker replicas scaled out, and the API) all
 * migrate: exactly one applies each migration and none fails.
 */
import { describe, expect, it } from 'vitest';
import { migrate, openPostgres, type Db } from '../../adapters/db.js';
import { createTempDatabase, postgresAvailable } from '../support/postgres.js';

const hasPostgres = await postgresAvailable();

describe('migrations under concurrency', () => {
  it.skipIf(!hasPostgres)('four processes migrating one empty database at once all succeed, each migration applied once', async () => {
    const tmp = await createTempDatabase();
    const dbs: Db[] = [];
    try {
      for (let i = 0; i < 4; i++) dbs.push(await openPostgres(tmp.url));
      const results = await Promise.allSettled(dbs.map((db) => migrate(db, ['app', 'bookings', 'knowledge'])));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
      const applied = results.flatMap((r) => (r.status === 'fulfilled' ? r.value.applied : []));
      const { rows } = await dbs[0]!.query<{ name: string }>('select name from schema_migrations order by name');
      expect(applied.sort()).toEqual(rows.map((r) => r.name));
      expect(rows.length).toBeGreaterThan(5);
    } finally {
      for (const db of dbs) await db.close();
      await tmp.drop();
    }
  });
});
