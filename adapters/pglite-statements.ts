/**
 * Named prepared statements on PGlite: what `PGlite.query` does, with the statement parsed once.
 *
 * `PGlite.query(sql, params)` parses every call as the unnamed statement and talks to the database
 * in six round trips (parse, describe, bind, describe, execute, sync), so Postgres parses, analyses
 * and plans the same text on every call. For the queries a turn runs (the hybrid search's full-text
 * ranking above all), the planning is most of their time. Here a text is parsed once into a named
 * statement (its parameter types kept), and each call is one round trip: bind, describe, execute and
 * sync in one message. Postgres's plan cache then does what it does for any prepared statement (custom
 * plans first, a generic plan once it is no dearer).
 *
 * Same results as `query`: rows parsed by PGlite's own parsers from the same protocol messages, its
 * parameter serializers, and its `DatabaseError` (code, constraint, detail) on failure. The caller holds
 * PGlite's locks as `query` does: both of them outside a transaction, the query lock inside one.
 */
import type { PGlite } from '@electric-sql/pglite';

type PgModule = typeof import('@electric-sql/pglite');

/** How many distinct texts stay prepared; the least recently used is closed past it. */
export const STATEMENT_CACHE_SIZE = 200;

interface Statement {
  name: string;
  /** The parameters' type OIDs, from the statement's description. */
  paramTypes: number[];
}

export interface PreparedQueries {
  /** Runs `sql` with `params` as a prepared statement; the caller holds PGlite's locks. */
  run<T>(sql: string, params: unknown[], opts: { inTransaction: boolean }): Promise<{ rows: T[] }>;
  /** Prepared texts held (for tests). */
  size(): number;
}

export function preparedQueries(pg: PGlite, mod: Pick<PgModule, 'protocol' | 'parse'>, limit = STATEMENT_CACHE_SIZE): PreparedQueries {
  const { serialize } = mod.protocol;
  const statements = new Map<string, Statement>();
  let next = 0;
  const exec = (parts: Uint8Array[], syncToFs: boolean) => pg.execProtocol(concat(parts), { syncToFs });

  async function prepare(sql: string, inTransaction: boolean): Promise<Statement> {
    const name = `copilot_${++next}`;
    const { messages } = await exec([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()], !inTransaction);
    const statement = { name, paramTypes: mod.parse.parseDescribeStatementResults(messages) };
    statements.set(sql, statement);
    if (statements.size > limit) {
      const [oldest, evicted] = statements.entries().next().value as [string, Statement];
      await forget(oldest, evicted, inTransaction);
    }
    return statement;
  }

  /** Bind, describe, execute, sync: one round trip; rows parsed as `query` parses them. */
  async function execute<T>(statement: Statement, params: unknown[], inTransaction: boolean) {
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const serializer = pg.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(v) : String(v);
    });
    const { messages } = await exec(
      [serialize.bind({ statement: statement.name, values: values as (string | null)[] }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()],
      !inTransaction,
    );
    const [result] = mod.parse.parseResults(messages, pg.parsers);
    return { rows: (result?.rows ?? []) as T[] };
  }

  async function forget(sql: string, statement: Statement, inTransaction: boolean) {
    if (statements.get(sql) === statement) statements.delete(sql);
    await exec([serialize.close({ type: 'S', name: statement.name }), serialize.sync()], !inTransaction);
  }

  return {
    size: () => statements.size,
    async run<T>(sql: string, params: unknown[], { inTransaction }: { inTransaction: boolean }) {
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last: a Map keeps insertion order.
        statements.delete(sql);
        statements.set(sql, statement);
      } else {
        statement = await prepare(sql, inTransaction);
      }
      try {
        return await execute<T>(statement, params, inTransaction);
      } catch (e) {
        // A table the statement reads changed its columns since it was prepared (a migration, a test's
        // schema): Postgres refuses the old plan. Prepared again, the call runs once more, unless it was
        // in a transaction, which the error has aborted (the caller's retry finds the new statement).
        if (!isResultTypeChange(e)) throw e;
        await forget(sql, statement, inTransaction).catch(() => {});
        if (inTransaction) throw e;
        return execute<T>(await prepare(sql, false), params, false);
      }
    },
  };
}

/** Postgres's error for a prepared statement whose result columns changed under it (feature_not_supported). */
const isResultTypeChange = (e: unknown) => (e as { code?: string })?.code === '0A000' && /cached plan must not change result type/.test((e as Error).message ?? '');

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
