/**
 * Every PGlite query runs as a named prepared statement (adapters/pglite-statements.ts). These check it
 * answers as PGlite's own `query` does (types both ways, errors with their codes, transactions and
 * their locks) and that the statements it keeps stay bounded and follow schema changes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import * as pglite from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { openPglite, type Db } from '../../adapters/db.js';
import { preparedQueries } from '../../adapters/pglite-statements.js';

let db: Db;
beforeAll(async () => {
  db = await openPglite();
  await db.exec(`create extension if not exists vector;
    create table t (id int primary key, name text not null, tags text[], doc jsonb, at timestamptz, n bigint, x numeric, ok boolean, v vector(3), unique (name))`);
});
afterAll(() => db.close());

/** The statements Postgres holds for this session. */
const held = async (q: { query: Db['query'] }) => (await q.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

describe('prepared statements on PGlite', () => {
  it('writes and reads every type the schema uses as PGlite query does, nulls included', async () => {
    const row = [1, 'a', ['x', 'y, z', 'q"uote'], { k: [1, 'two'], nested: { ok: true } }, new Date('2026-12-03T10:00:00Z'), 9007199254740993n, '12.50', true, '[1,2,3]'];
    await db.query('insert into t (id, name, tags, doc, at, n, x, ok, v) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)', row);
    await db.query('insert into t (id, name, tags, doc, at, n, x, ok, v) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)', [2, 'b', null, null, null, null, null, null, null]);
    const mine = (await db.query('select * from t order by id')).rows;
    // The same text through PGlite's own query, on a second in-memory database with the same rows.
    const other = await PGlite.create({ extensions: { vector } });
    try {
      await other.exec(`create extension vector; create table t (id int primary key, name text not null, tags text[], doc jsonb, at timestamptz, n bigint, x numeric, ok boolean, v vector(3), unique (name))`);
      await other.query('insert into t (id, name, tags, doc, at, n, x, ok, v) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)', row);
      await other.query('insert into t (id, name, tags, doc, at, n, x, ok, v) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)', [2, 'b', null, null, null, null, null, null, null]);
      expect(mine).toEqual((await other.query('select * from t order by id')).rows);
    } finally {
      await other.close();
    }
    expect(mine[0]).toMatchObject({ id: 1, tags: ['x', 'y, z', 'q"uote'], doc: { k: [1, 'two'], nested: { ok: true } }, ok: true, v: '[1,2,3]' });
    expect((mine[0] as { at: Date }).at.toISOString()).toBe('2026-12-03T10:00:00.000Z');
    expect(mine[1]).toMatchObject({ id: 2, tags: null, doc: null, at: null, v: null });
  });

  it('parses a text once: the second call finds its statement, with other values', async () => {
    const before = await held(db);
    const byName = (name: string) => db.query<{ id: number }>('select id from t where name = $1', [name]);
    expect((await byName('a')).rows).toEqual([{ id: 1 }]);
    const after = await held(db);
    expect((await byName('b')).rows).toEqual([{ id: 2 }]);
    expect((await byName('nobody')).rows).toEqual([]);
    // The text and the count query itself, once each; repeating them adds nothing.
    expect(after - before).toBeLessThanOrEqual(2);
    expect(await held(db)).toBe(after);
  });

  it("fails as PGlite's query fails: the database's error code and constraint, and the session goes on after each", async () => {
    const err = await db.query('insert into t (id, name) values ($1, $2)', [3, 'a']).catch((e) => e);
    expect(err).toMatchObject({ code: '23505', constraint: 't_name_key' });
    await expect(db.query('select nope from t')).rejects.toMatchObject({ code: '42703' });
    await expect(db.query('select * from t where id = $1', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    // The session is usable after each (nothing left half-done in the protocol).
    expect((await db.query<{ n: number }>('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
  });

  it('runs inside a transaction, and a rollback undoes what its prepared statements wrote', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t (id, name) values ($1, $2)', [10, 'in-tx']);
        expect((await tx.query('select name from t where id = $1', [10])).rows).toEqual([{ name: 'in-tx' }]);
        throw new Error('roll it back');
      }),
    ).rejects.toThrow('roll it back');
    expect((await db.query('select name from t where id = $1', [10])).rows).toEqual([]);
    await db.transaction((tx) => tx.query('insert into t (id, name) values ($1, $2)', [11, 'kept']));
    expect((await db.query('select name from t where id = $1', [11])).rows).toEqual([{ name: 'kept' }]);
  });

  it('a query from outside waits for an open transaction instead of running inside it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (t) => {
      await t.query('insert into t (id, name) values ($1, $2)', [20, 'pending']);
      await gate;
      throw new Error('abandon');
    });
    await new Promise((r) => setTimeout(r, 20));
    // Started while the transaction is open; it must not see (or join) the uncommitted row.
    const outside = db.query('select count(*)::int as n from t where id = $1', [20]);
    await new Promise((r) => setTimeout(r, 20));
    release();
    await expect(tx).rejects.toThrow('abandon');
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it('follows a schema change under a kept statement (columns added), outside a transaction', async () => {
    await db.exec('create table s (a int)');
    await db.query('insert into s values ($1)', [1]);
    expect((await db.query('select * from s')).rows).toEqual([{ a: 1 }]);
    await db.exec('alter table s add column b text');
    expect((await db.query('select * from s')).rows).toEqual([{ a: 1, b: null }]);
  });

  it('a query after the database closed fails as PGlite says it, not inside it', async () => {
    const closing = await openPglite();
    await closing.query('select 1');
    await closing.close();
    await expect(closing.query('select 1')).rejects.toThrow('PGlite is closed');
  });

  it('keeps at most its limit of texts, closing the least recently used', async () => {
    const pg = await PGlite.create();
    try {
      const prepared = preparedQueries(pg, pglite, 5);
      const run = (sql: string, params: unknown[] = []) => pg.runExclusive(() => prepared.run<{ n: number }>(sql, params, { inTransaction: false }));
      for (let i = 0; i < 12; i++) expect((await run(`select $1::int + ${i} as n`, [1])).rows).toEqual([{ n: 1 + i }]);
      expect(prepared.size()).toBe(5);
      expect((await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n).toBe(5);
    } finally {
      await pg.close();
    }
  });

  it('writes that reach the disk: a database in a folder, closed and opened again, has them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-statements-'));
    try {
      const first = await openPglite(dir);
      await first.exec('create table d (id int primary key, v text)');
      await first.query('insert into d values ($1, $2)', [1, 'outside a transaction']);
      await first.transaction((tx) => tx.query('insert into d values ($1, $2)', [2, 'in a transaction']));
      await first.close();
      const again = await openPglite(dir);
      try {
        expect((await again.query('select * from d order by id')).rows).toEqual([
          { id: 1, v: 'outside a transaction' },
          { id: 2, v: 'in a transaction' },
        ]);
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
