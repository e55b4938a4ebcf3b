/** The SQL stores on real PGlite: migrations, retrieval, conversations. Bookings: booking-store.test.ts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRooms } from '../../adapters/booking-store.js';
import { createSqlConversationStore } from '../../adapters/conversation-store.js';
import { migrate, openDatabase, type Db } from '../../adapters/db.js';
import { createLocalEmbedder, lexicalEmbedding } from '../../adapters/embedding.js';
import { createPgvectorStore, putDocument } from '../../adapters/knowledge-store.js';

let db: Db;
beforeAll(async () => {
  db = await openDatabase({ inMemory: true });
  await seedRooms(db);
});
afterAll(async () => db?.close());

describe('migrations', () => {
  it('are applied once and are idempotent', async () => {
    expect(await migrate(db)).toEqual({ applied: [], skipped: [] });
    const names = (await db.query<{ name: string }>('select name from schema_migrations order by name')).rows.map((r) => r.name);
    expect(names).toEqual(['app/001_conversations.sql', 'app/002_approvals.sql', 'bookings/001_schema.sql', 'bookings/002_functions.sql', 'bookings/003_row_level_security.sql', 'knowledge/001_documents.sql', 'knowledge/002_ingestion.sql', 'vectors/001_pgvector.sql']);
  });
});

describe('knowledge store with the local lexical embedder', () => {
  it('finds exact and near-exact wording at the top, within its namespace', async () => {
    const store = createPgvectorStore(db);
    const emb = createLocalEmbedder();
    const texts = [
      'Client meals are reimbursed up to 60 EUR per person.',
      'Hotel nights are capped at 150 EUR.',
      'Laptops must use full-disk encryption.',
      'Parking spaces are assigned by the facilities team.',
    ];
    const vectors = await emb.embed(texts);
    await putDocument(db, store, { id: 'd1', namespace: 'hr', fileName: 'h.pdf', pages: 4 }, texts.map((t, i) => ({ chunkIndex: i, page: i + 1, text: t, embedding: vectors[i]! })));
    const [q] = await emb.embed(['how much for client meal reimbursement?']);
    const hits = await store.search('hr', q!, 2);
    expect(hits[0]).toMatchObject({ documentId: 'd1', page: 1, chunkIndex: 0 });
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    const [typo] = await emb.embed(['laptop encryptoin']);
    expect((await store.search('hr', typo!, 1))[0]!.page).toBe(3);
    expect(await store.search('other-namespace', q!, 5)).toEqual([]);
    // Re-putting replaces chunks instead of duplicating them.
    await putDocument(db, store, { id: 'd1', namespace: 'hr', fileName: 'h.pdf', pages: 4 }, [{ chunkIndex: 0, page: 1, text: texts[0]!, embedding: vectors[0]! }]);
    expect((await db.query<{ n: number }>(`select count(*)::int as n from kb_chunks where document_id = 'd1'`)).rows[0]!.n).toBe(1);
  });

  it('embeddings are 1,024-dimensional unit vectors', () => {
    const v = lexicalEmbedding('Expense policy for client meals');
    expect(v).toHaveLength(1024);
    expect(Math.sqrt(v.reduce((a, x) => a + x * x, 0))).toBeCloseTo(1, 6);
    expect(lexicalEmbedding('')).toEqual(new Array(1024).fill(0));
  });
});

describe('conversation store', () => {
  it('holds one turn at a time and frees the conversation when the turn is saved', async () => {
    const s = createSqlConversationStore(db);
    const t = { conversationId: 'c1', userId: 'u1', question: 'q', namespace: 'default' };
    expect(await s.beginTurn({ ...t, turnId: 't1' })).toEqual({ ok: true, seq: 1 });
    expect(await s.beginTurn({ ...t, turnId: 't2' })).toEqual({ ok: false, reason: 'busy', activeTurnId: 't1' });
    expect(await s.beginTurn({ ...t, turnId: 't2', userId: 'intruder' })).toEqual({ ok: false, reason: 'not_found' });
    const result = { decisions: [], sources: [], entities: [{ kind: 'room' as const, id: 'room-3', label: 'Room 3' }], receipts: [], usage: { total: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, byModel: {}, byAgent: {}, calls: 0 }, hops: 1, error: null, events: [] };
    await s.saveTurn({ ...t, turnId: 't1' }, 'completed', 'Yes', result);
    await s.saveTurn({ ...t, turnId: 't1' }, 'completed', 'Yes', result); // idempotent
    expect(await s.beginTurn({ ...t, turnId: 't2' })).toEqual({ ok: true, seq: 2 });
    const ctx = await s.loadContext('c1', 't2');
    expect(ctx.turns).toHaveLength(1);
    expect(ctx.turns[0]).toMatchObject({ turnId: 't1', answer: 'Yes', entities: [{ id: 'room-3' }] });
  });
});

describe('on a PostgreSQL without pgvector', () => {
  it('applies everything but the vectors group, and says why it skipped that', async () => {
    const { createTempDatabase, postgresAvailable } = await import('../support/postgres.js');
    if (!(await postgresAvailable())) return expect(process.env.ALLOW_NO_POSTGRES).toBe('1');
    const tmp = await createTempDatabase();
    const pg = await openDatabase({ databaseUrl: tmp.url });
    try {
      expect(pg.migrations.skipped).toEqual([{ group: 'vectors', reason: expect.stringMatching(/pgvector extension is not installed/) }]);
      expect(pg.migrations.applied).toContain('knowledge/002_ingestion.sql');
      const tables = (await pg.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public' order by 1`)).rows.map((r) => r.t);
      expect(tables).toEqual(expect.arrayContaining(['kb_documents', 'kb_namespaces', 'uploads', 'ingestions', 'bookings', 'turns', 'approvals']));
      expect(tables).not.toContain('kb_chunks');
    } finally {
      await pg.close();
      await tmp.drop();
    }
  });
});
