/**
 * Which store the configuration picks: the schema the app database needs, the vector store (pgvector
 * or Pinecone) and the booking store (SQL in the app database, or Supabase). The runtime, the API and
 * the entry points choose through these.
 */
import { createSqlBookingStore } from './booking-store.js';
import type { Config } from './config.js';
import type { Db, MigrateResult, MigrationGroup } from './db.js';
import { withFullText } from './fulltext.js';
import { createPgvectorStore, PGVECTOR_MISSING, type KnowledgeStore } from './knowledge-store.js';
import { createPineconeStore } from './pinecone-store.js';
import { createSupabaseBookingStore } from './supabase-booking-store.js';

/** The schema the app database needs for this configuration. */
export function migrationGroups(config: Config): MigrationGroup[] {
  return [
    'app',
    ...(config.bookingStore.kind === 'supabase' ? [] : (['bookings'] as const)),
    'knowledge',
    ...(config.vectorStore.kind === 'pgvector' ? (['vectors'] as const) : []),
  ];
}

/**
 * Why the configured vector store cannot work on this database (null when it can): pgvector chosen, and
 * its migration skipped because the PostgreSQL server has no pgvector. Said once at start-up; ingestion
 * and document search then fail with the same words, where bookings work.
 */
export function vectorStoreProblem(config: Config, migrations: MigrateResult): string | null {
  return config.vectorStore.kind === 'pgvector' && migrations.skipped.some((s) => s.group === 'vectors') ? PGVECTOR_MISSING : null;
}

/**
 * The configured vector store, pgvector in the app database or Pinecone, with the chunks' text kept in
 * the app database for full-text search either way (adapters/fulltext.ts).
 */
export function createKnowledgeStore(config: Config, db: Db): KnowledgeStore {
  const vectors =
    config.vectorStore.kind === 'pinecone'
      ? createPineconeStore({ apiKey: config.vectorStore.apiKey, index: config.vectorStore.index, indexHost: config.vectorStore.indexHost })
      : createPgvectorStore(db);
  return withFullText(vectors, db);
}

/** The configured booking store: SQL functions in the app database, or the same functions on Supabase. */
export function createBookingStoreFor(config: Config, db: Db) {
  return config.bookingStore.kind === 'supabase' ? createSupabaseBookingStore(config.bookingStore.url, config.bookingStore.serviceRoleKey) : createSqlBookingStore(db);
}
