/**
 * Database connection: embedded PGlite (default, in-process, with pgvector and btree_gist) or a real
 * Postgres (`DATABASE_URL`). One small interface over both, and the SQL migrations runner that both use.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preparedQueries } from './pglite-statements.js';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Tx extends Queryable {
  /** Runs SQL text that may hold several statements (no parameters). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Tx {
  kind: 'pglite' | 'postgres';
  /**
   * Settings every query on this database runs with already, set once for its session (PGlite: one
   * session in this process, no pooler, so a setting stays); empty for a pooled Postgres, where a query
   * that needs one sets it for its own transaction (`set local`).
   */
  sessionSettings: Readonly<Record<string, string>>;
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

export class DbLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it. A pid
 * lock file turns that mistake into a clear error; a lock left by a killed process is taken over.
 */
function takePgliteLock(dir: string): () => void {
  const lockFile = path.join(dir, 'copilot.lock');
  fs.mkdirSync(dir, { recursive: true });
  try {
    const pid = Number(fs.readFileSync(lockFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DbLockedError(
        `the embedded database in ${dir} is open in process ${pid}; PGlite serves one process. Stop it, run the parts together with \`npm start\`, or set DATABASE_URL to a Postgres server.`,
      );
    }
  } catch (e) {
    if (e instanceof DbLockedError) throw e;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    try {
      if (Number(fs.readFileSync(lockFile, 'utf8')) === process.pid) fs.unlinkSync(lockFile);
    } catch {
      /* already gone */
    }
  };
}

/**
 * What the embedded database's session is set to as it opens: what the vector search would otherwise
 * set per query in a transaction of its own (adapters/knowledge-store.ts), four statements instead of one.
 */
const PGLITE_SESSION_SETTINGS: Readonly<Record<string, string>> = { 'hnsw.iterative_scan': 'relaxed_order' };

/** Opens PGlite in `dir` (or in memory when undefined) with the extensions the schema needs. */
export async function openPglite(dir?: string): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { vector } = await import('@electric-sql/pglite-pgvector');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const release = dir ? takePgliteLock(dir) : () => {};
  let pg;
  try {
    pg = await PGlite.create(dir, { extensions: { vector, btree_gist } });
    // Before pgvector has loaded (or been created) this sets a placeholder, which it takes as it loads.
    for (const [name, value] of Object.entries(PGLITE_SESSION_SETTINGS)) await pg.query('select set_config($1, $2, false)', [name, value]);
  } catch (e) {
    release();
    throw e;
  }
  let closed = false;
  // Every query a prepared statement, parsed once per text (adapters/pglite-statements.ts).
  const prepared = preparedQueries(pg, await import('@electric-sql/pglite'));
  return {
    kind: 'pglite',
    sessionSettings: PGLITE_SESSION_SETTINGS,
    // PGlite's two locks, as its own query takes them: no transaction open, and no other query running.
    query: async <T>(sql: string, params: unknown[] = []) => {
      // As PGlite's query: "PGlite is closed" (or closing) rather than a failure inside it.
      await pg._checkReady();
      return pg._runExclusiveTransaction(() => pg.runExclusive(() => prepared.run<T>(sql, params, { inTransaction: false })));
    },
    exec: async (sql) => {
      await pg.exec(sql);
    },
    transaction: (fn) =>
      pg.transaction((tx) =>
        fn({
          // Inside the transaction, which holds the transaction lock: the query lock only.
          query: <T>(s: string, p: unknown[] = []) => pg.runExclusive(() => prepared.run<T>(s, p, { inTransaction: true })),
          exec: async (s: string) => {
            await tx.exec(s);
          },
        }),
      ),
    close: async () => {
      if (closed) return;
      closed = true;
      await pg.close();
      release();
    },
  };
}

/** Connects to Postgres through a pool (connections reused across activities). */
export async function openPostgres(url: string): Promise<Db> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (restart, failover, pg_terminate_backend) is an 'error' event
  // on the pool; unheard, it would crash the process. The pool drops it and the next query reconnects.
  pool.on('error', () => {});
  await pool.query('select 1');
  return {
    kind: 'postgres',
    sessionSettings: {},
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await pool.query(sql, params as unknown[])).rows as T[] }),
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const out = await fn({
          query: async <T>(s: string, p?: unknown[]) => ({ rows: (await client.query(s, p as unknown[])).rows as T[] }),
          exec: async (s: string) => {
            await client.query(s);
          },
        });
        await client.query('commit');
        return out;
      } catch (e) {
        await client.query('rollback').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Schema groups: the app's own tables, the SQL booking store, knowledge-base documents, pgvector's chunk table. */
export const MIGRATION_GROUPS = ['app', 'bookings', 'knowledge', 'vectors'] as const;
export type MigrationGroup = (typeof MIGRATION_GROUPS)[number];

export interface MigrateResult {
  applied: string[];
  /** Groups left out, with why (pgvector not installed on this Postgres). */
  skipped: { group: MigrationGroup; reason: string }[];
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  groups?: readonly MigrationGroup[];
}): Promise<Db & { migrations: MigrateResult }> {
  const db = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl)
    : await openPglite(opts.inMemory ? undefined : path.join(opts.dataDir ?? '.data', 'pglite'));
  try {
    const migrations = await migrate(db, opts.groups ?? MIGRATION_GROUPS);
    return Object.assign(db, { migrations });
  } catch (e) {
    await db.close();
    throw e;
  }
}

// Postgres error codes meaning "this extension is not installed on the server".
const EXTENSION_MISSING = new Set(['0A000', '58P01']);

/**
 * Applies migrations/<group>/*.sql in name order, each once, each in a transaction. The vectors group
 * needs pgvector: on a Postgres without it, that group is skipped and reported, the rest still applies.
 * On Postgres, processes migrating at once take turns (an advisory lock).
 */
export async function migrate(db: Db, groups: readonly MigrationGroup[] = MIGRATION_GROUPS, dir = MIGRATIONS_DIR): Promise<MigrateResult> {
  if (db.kind === 'pglite') return migrateNow(db, groups, dir);
  // Replicas starting together on one Postgres (workers scaled out, the API) would race on the same DDL
  // ("duplicate key … pg_type_typname_nsp_index"): one migrates at a time, the others then find it done.
  // The lock is held by a transaction on its own connection; the migrations run on others.
  return db.transaction(async (lock) => {
    await lock.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    return migrateNow(db, groups, dir);
  });
}

/** An arbitrary constant: the advisory lock every copilot process takes to migrate. */
const MIGRATION_LOCK_KEY = 727_017_001;

async function migrateNow(db: Db, groups: readonly MigrationGroup[], dir: string): Promise<MigrateResult> {
  await db.exec('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
  const done = new Set((await db.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name));
  const result: MigrateResult = { applied: [], skipped: [] };
  for (const group of groups) {
    const files = fs.readdirSync(path.join(dir, group)).filter((f) => f.endsWith('.sql')).sort();
    for (const file of files) {
      const name = `${group}/${file}`;
      if (done.has(name)) continue;
      const sql = fs.readFileSync(path.join(dir, group, file), 'utf8');
      try {
        await db.transaction(async (tx) => {
          await tx.exec(sql);
          await tx.query('insert into schema_migrations (name) values ($1)', [name]);
        });
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (group === 'vectors' && code && EXTENSION_MISSING.has(code)) {
          result.skipped.push({ group, reason: `the pgvector extension is not installed on this database (${(e as Error).message})` });
          break;
        }
        throw new Error(`migration ${name} failed: ${(e as Error).message}`);
      }
      result.applied.push(name);
    }
  }
  return result;
}
