/** The SQL stores on real PGlite: migrations, retrieval, conversations. Bookings: booking-store.test.ts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRooms } from '../../adapters/booking-store.js';
import { createSqlConversationStore } from '../../adapters/conversation-store.js';
import { migrate, openDatabase, type Db } from '../../adapters/db.js';
import { createHashEmbedder, lexicalEmbedding } from '../../adapters/embedding.js';
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
    expect(names).toEqual(['app/001_conversations.sql', 'app/002_approvals.sql', 'bookings/001_schema.sql', 'bookings/002_functions.sql', 'bookings/003_row_level_security.sql', 'bookings/004_history.sql', 'knowledge/001_documents.sql', 'knowledge/002_ingestion.sql', 'knowledge/003_fulltext.sql', 'knowledge/004_cjk_words.sql', 'vectors/001_pgvector.sql', 'vectors/002_passages_from_chunks.sql']);
  });
});

describe('knowledge store with the local lexical embedder', () => {
  it('finds exact and near-exact wording at the top, within its namespace', async () => {
    const store = createPgvectorStore(db);
    const emb = createHashEmbedder();
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

describe('pgvector search at scale (PGlite runs no autovacuum)', () => {
  it('uses the HNSW index once statistics are refreshed, and fills top-k from a small namespace beside a large one', async () => {
    const vdb = await openDatabase({ inMemory: true });
    try {
      const store = createPgvectorStore(vdb);
      // 3,000 random unit-ish vectors in "big", 12 in "small"; generated in the database.
      await vdb.query(`insert into kb_documents (id, namespace, file_name, pages, chunks) values ('doc-big', 'big', 'big.pdf', 1, 3000), ('doc-small', 'small', 'small.pdf', 1, 12)`);
      await vdb.exec('drop index kb_chunks_embedding');
      for (const [doc, ns, n] of [['doc-big', 'big', 3000], ['doc-small', 'small', 12]] as const) {
        await vdb.query(
          `insert into kb_chunks (id, namespace, document_id, chunk_index, file_name, page, text, embedding)
           select $1 || ':' || i, $2, $1, i, 'x.pdf', 1, 'chunk ' || i, (select array_agg(random() - 0.5)::vector(1024) from generate_series(1, 1024) where i >= 0)
             from generate_series(0, $3::int - 1) as i`,
          [doc, ns, n],
        );
      }
      await vdb.exec('create index kb_chunks_embedding on kb_chunks using hnsw (embedding vector_cosine_ops)');
      const q = Array.from({ length: 1024 }, () => Math.random() - 0.5);
      const plan = async () =>
        (await vdb.query<Record<string, string>>(`explain select id from kb_chunks where namespace = 'big' order by embedding <=> $1::vector limit 5`, [`[${q.join(',')}]`])).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
      // Before: the planner still believes the table is empty and sorts every row of the namespace.
      expect(await plan()).not.toMatch(/Index Scan using kb_chunks_embedding/);
      await store.refreshStatistics!();
      expect(await plan()).toMatch(/Index Scan using kb_chunks_embedding/);

      const big = await store.search('big', q, 5);
      expect(big).toHaveLength(5);
      expect(big.every((h) => h.documentId === 'doc-big')).toBe(true);
      expect(big.map((h) => h.score)).toEqual([...big.map((h) => h.score)].sort((a, b) => b - a));
      const small = await store.search('small', q, 5);
      expect(small).toHaveLength(5);
      expect(small.every((h) => h.documentId === 'doc-small')).toBe(true);

      // The planner reads the small namespace's 12 rows without the index; made to use it, the HNSW
      // scan's first 40 candidates hold few of them, and top-k is filled only because the scan goes on
      // (pgvector's iterative scan), which PGlite's session is set to as it opens (PGLITE_SESSION_SETTINGS).
      expect(vdb.sessionSettings).toEqual({ 'hnsw.iterative_scan': 'relaxed_order' });
      expect((await vdb.query<{ v: string }>(`select current_setting('hnsw.iterative_scan') as v`)).rows[0]!.v).toBe('relaxed_order');
      await vdb.exec('drop index kb_chunks_namespace; set enable_seqscan = off');
      const smallPlan = (await vdb.query<Record<string, string>>(`explain select id from kb_chunks where namespace = 'small' order by embedding <=> $1::vector limit 5`, [`[${q.join(',')}]`])).rows.map((r) => Object.values(r)[0]).join('\n');
      expect(smallPlan).toMatch(/Index Scan using kb_chunks_embedding/);
      const viaIndex = await store.search('small', q, 5);
      expect(viaIndex).toHaveLength(5);
      expect(viaIndex.every((h) => h.documentId === 'doc-small')).toBe(true);
    } finally {
      await vdb.close();
    }
  }, 120_000);
});

/** The conversation store on PGlite and on a real PostgreSQL (a database of its own), where saves can truly run at once. */
const conversationDbs: [string, () => Promise<{ db: Db; close(): Promise<void> } | null>][] = [
  ['PGlite', async () => ({ db, close: async () => {} })],
  [
    'PostgreSQL',
    async () => {
      const { createTempDatabase, postgresAvailable } = await import('../support/postgres.js');
      if (!(await postgresAvailable())) return null;
      const tmp = await createTempDatabase();
      const pg = await openDatabase({ databaseUrl: tmp.url });
      return { db: pg, close: async () => (await pg.close(), await tmp.drop()) };
    },
  ],
];

describe.each(conversationDbs)('conversation store on %s', (_name, open) => {
  let opened: { db: Db; close(): Promise<void> } | null = null;
  let db: Db;
  beforeAll(async () => {
    opened = await open();
    if (opened) db = opened.db;
  });
  afterAll(async () => opened?.close());
  const skipped = () => !opened && (expect(process.env.ALLOW_NO_POSTGRES).toBe('1'), true);
  const emptyResult = (answer: string) => ({ decisions: [], sources: [], entities: [], receipts: [], usage: { total: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, byModel: {}, byAgent: {}, calls: 0 }, hops: 1, error: null, events: [{ offset: 0, type: 'turn.completed' as const, at: '2026-12-03T00:00:00.000Z', data: { answer } }] });

  it('holds one turn at a time and frees the conversation when the turn is saved', async () => {
    if (skipped()) return;
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

  it('with keepFinished, the first finished save wins: a later one keeps the row, gets it back and frees nothing', async () => {
    if (skipped()) return;
    const s = createSqlConversationStore(db);
    const t = { conversationId: 'c-keep', userId: 'u1', question: 'q', namespace: 'default' };
    const result = (answer: string) => ({ decisions: [], sources: [], entities: [], receipts: [], usage: { total: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, byModel: {}, byAgent: {}, calls: 0 }, hops: 1, error: null, events: [{ offset: 0, type: 'turn.completed' as const, at: '2026-12-03T00:00:00.000Z', data: { answer } }] });
    expect(await s.beginTurn({ ...t, turnId: 'k1' })).toEqual({ ok: true, seq: 1 });
    // A running turn (or one paused for approval) is written, and its conversation freed.
    expect(await s.saveTurn({ ...t, turnId: 'k1' }, 'awaiting_approval', null, result(''), { keepFinished: true })).toBeNull();
    expect(await s.saveTurn({ ...t, turnId: 'k1' }, 'completed', 'First', result('First'), { keepFinished: true })).toBeNull();
    expect(await s.beginTurn({ ...t, turnId: 'k2' })).toEqual({ ok: true, seq: 2 });
    // The same turn saved again (its steps run again after a crash, answering differently): the first stays.
    const kept = await s.saveTurn({ ...t, turnId: 'k1' }, 'completed', 'Second', result('Second'), { keepFinished: true });
    expect(kept).toMatchObject({ turnId: 'k1', status: 'completed', answer: 'First', result: { events: [{ data: { answer: 'First' } }] } });
    expect(await s.getTurn('k1')).toMatchObject({ answer: 'First' });
    // It freed nothing: turn k2 still holds the conversation.
    expect(await s.beginTurn({ ...t, turnId: 'k3' })).toEqual({ ok: false, reason: 'busy', activeTurnId: 'k2' });
    // Without it, a save writes (a regular activity's retry carries the same content as the first).
    expect(await s.saveTurn({ ...t, turnId: 'k1' }, 'completed', 'Third', result('Third'))).toBeNull();
    expect(await s.getTurn('k1')).toMatchObject({ answer: 'Third' });
  });

  it('saves a turn whose conversation and row do not exist yet (a turn started without the API), numbered after the others', async () => {
    if (skipped()) return;
    const s = createSqlConversationStore(db);
    const t = { conversationId: 'c-new', userId: 'u9', question: 'q', namespace: 'default' };
    expect(await s.saveTurn({ ...t, turnId: 'n1' }, 'completed', 'One', emptyResult('One'))).toBeNull();
    expect(await s.saveTurn({ ...t, turnId: 'n2' }, 'failed', 'Two', emptyResult('Two'), { keepFinished: true })).toBeNull();
    expect(await s.getConversation('c-new')).toMatchObject({ id: 'c-new', userId: 'u9', activeTurnId: null });
    expect(await s.getTurn('n1')).toMatchObject({ status: 'completed', answer: 'One', seq: 1 });
    expect(await s.getTurn('n2')).toMatchObject({ status: 'failed', answer: 'Two', seq: 2 });
    const finished = (await db.query<{ id: string; finished: boolean }>(`select id, finished_at is not null as finished from turns where conversation_id = 'c-new' order by id`)).rows;
    expect(finished).toEqual([{ id: 'n1', finished: true }, { id: 'n2', finished: true }]);
    // A paused save keeps the turn unfinished and its conversation held.
    expect(await s.beginTurn({ ...t, turnId: 'n3' })).toEqual({ ok: true, seq: 3 });
    expect(await s.saveTurn({ ...t, turnId: 'n3' }, 'awaiting_approval', null, emptyResult(''))).toBeNull();
    expect(await s.beginTurn({ ...t, turnId: 'n4' })).toEqual({ ok: false, reason: 'busy', activeTurnId: 'n3' });
  });

  it('with keepFinished, saves of one turn at once: exactly one answer is written, and every other save gets that one back', async () => {
    if (skipped()) return;
    const s = createSqlConversationStore(db);
    const t = { conversationId: 'c-race', userId: 'u1', question: 'q', namespace: 'default', turnId: 'r1' };
    expect(await s.beginTurn(t)).toEqual({ ok: true, seq: 1 });
    const answers = ['A', 'B', 'C', 'D', 'E', 'F'];
    const outcomes = await Promise.all(answers.map((a) => s.saveTurn(t, 'completed', a, emptyResult(a), { keepFinished: true })));
    const stored = (await s.getTurn('r1'))!;
    expect(answers).toContain(stored.answer);
    expect(outcomes.filter((o) => o === null)).toHaveLength(1);
    expect(answers[outcomes.indexOf(null)]).toBe(stored.answer);
    for (const o of outcomes) if (o) expect(o).toMatchObject({ answer: stored.answer, result: { events: [{ data: { answer: stored.answer } }] } });
    expect((await s.getConversation('c-race'))!.activeTurnId).toBeNull();
  });
});

describe('approvals in the store', () => {
  it('only move forward: a late retry of the pending save neither reopens a decided approval nor moves the turn back', async () => {
    const s = createSqlConversationStore(db);
    const t = { conversationId: 'c-appr', userId: 'alice', question: 'book', namespace: 'default', turnId: 't-appr' };
    expect(await s.beginTurn(t)).toMatchObject({ ok: true });
    const pending = {
      approvalId: 't-appr-1',
      turnId: 't-appr',
      action: 'create' as const,
      details: { action: 'create' as const, bookingId: null, roomId: 'room-3', roomName: 'Room 3', startsAt: '2030-01-15T14:00:00Z', endsAt: '2030-01-15T15:00:00Z', when: 'Tue 14:00', bookedFor: 'Sarah', title: 'Sync', current: null },
      status: 'pending' as const,
      requestedBy: 'alice',
      createdAt: '2030-01-01T00:00:00.000Z',
      expiresAt: '2030-01-02T00:00:00.000Z',
      resolvedBy: null,
      resolvedAt: null,
      comment: null,
      outcome: null,
    };
    await s.saveApproval(pending, 'c-appr', 'awaiting_approval');
    expect((await s.getTurn('t-appr'))!.status).toBe('awaiting_approval');
    const rejected = { ...pending, status: 'rejected' as const, resolvedBy: 'bob', resolvedAt: '2030-01-01T01:00:00.000Z', comment: 'no' };
    await s.saveApproval(rejected, 'c-appr', 'running');
    await s.saveApproval(pending, 'c-appr', 'awaiting_approval'); // the first save, retried late
    await s.saveApproval({ ...rejected, status: 'approved' as const }, 'c-appr', 'running'); // nor does a decision change
    expect(await s.getApproval('t-appr-1')).toMatchObject({ status: 'rejected', resolvedBy: 'bob', comment: 'no' });
    expect((await s.getTurn('t-appr'))!.status).toBe('running');
    await s.saveApproval(rejected, 'c-appr', 'running'); // the same save again: idempotent
    expect(await s.getApproval('t-appr-1')).toMatchObject({ status: 'rejected' });
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
