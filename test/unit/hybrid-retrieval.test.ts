/**
 * Hybrid retrieval (issue 20, parts 1 and 2): the database's full-text search beside the vectors, fused,
 * on both databases: PGlite with pgvector, and the real PostgreSQL server with Pinecone (its documented
 * wire format, served by a fake) holding the vectors while the text stays in PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from '../../adapters/db.js';
import { createHashEmbedder, createWordVectorEmbedder, type Embedder } from '../../adapters/embedding.js';
import { createFullTextIndex, withFullText } from '../../adapters/fulltext.js';
import { createPgvectorStore, deleteDocument, ensureNamespace, putDocument, reembedLocalNamespaces, type KnowledgeStore } from '../../adapters/knowledge-store.js';
import { createPineconeStore } from '../../adapters/pinecone-store.js';
import { retrievePassages } from '../../activities/search.js';
import { startFakePinecone } from '../support/fake-pinecone.js';
import { createTempDatabase, postgresAvailable } from '../support/postgres.js';

const POLICY = [
  'Client meals are reimbursed up to 60 EUR per person when a client attends. Alcohol is not reimbursed.',
  'Book economy class for flights shorter than six hours. Hotel nights are capped at 150 EUR.',
  'Laptops must use full-disk encryption. Report a lost or stolen device to IT within 24 hours.',
  'The XDG_DATA_DIRS variable lists the directories searched for shared data, in order of preference.',
  'Parking spaces in the garage are assigned by the facilities team each quarter.',
];

const hasPostgres = await postgresAvailable();
const KEY = 'pc-hybrid-key';

interface Backend {
  db: Db;
  store: KnowledgeStore;
  close(): Promise<void>;
}

const backends: [string, () => Promise<Backend>][] = [
  [
    'PGlite with pgvector',
    async () => {
      const db = await openDatabase({ inMemory: true });
      return { db, store: withFullText(createPgvectorStore(db), db), close: () => db.close() };
    },
  ],
];
if (hasPostgres) {
  backends.push([
    'PostgreSQL, vectors in Pinecone',
    async () => {
      const temp = await createTempDatabase();
      const pc = await startFakePinecone(KEY);
      const db = await openDatabase({ databaseUrl: temp.url, groups: ['app', 'knowledge'] });
      return {
        db,
        store: withFullText(createPineconeStore({ apiKey: KEY, indexHost: pc.url }), db),
        async close() {
          await db.close();
          await pc.close();
          await temp.drop();
        },
      };
    },
  ]);
}

describe.each(backends)('hybrid retrieval on %s', (_name, open) => {
  let b: Backend;
  const emb: Embedder = createWordVectorEmbedder();
  const deps = () => ({ embedder: emb, knowledge: b.store, minScore: 0.56, textWeight: 0.5 });
  beforeAll(async () => {
    b = await open();
    await ensureNamespace(b.db, 'acme', emb.id, emb.dimensions);
    const vectors = await emb.embed(POLICY);
    await putDocument(b.db, b.store, { id: 'policy', namespace: 'acme', fileName: 'policy.pdf', pages: POLICY.length }, POLICY.map((text, i) => ({ chunkIndex: i, page: i + 1, text, embedding: vectors[i]! })));
  }, 60_000);
  afterAll(async () => b?.close());

  it('keeps every chunk\'s text beside its vector, with a tsvector in the namespace\'s language', async () => {
    const { rows } = await b.db.query<{ n: number; config: string }>(`select count(*)::int as n, min(config::text) as config from kb_passages where namespace = 'acme'`);
    expect(rows[0]).toEqual({ n: POLICY.length, config: 'english' });
    const stemmed = await b.db.query<{ tsv: string }>(`select tsv::text from kb_passages where id = 'policy:0'`);
    expect(stemmed.rows[0]!.tsv).toContain("'reimburs'");
  });

  it('full text scores a passage by the share of the question\'s weight it covers; a rare word weighs more than a common one', async () => {
    const index = createFullTextIndex(b.db);
    const hits = await index.search('acme', 'hotel nights economy flights', 5);
    expect(hits[0]).toMatchObject({ documentId: 'policy', page: 2, score: 1 });
    // Only "reimbursed" (in one passage) of two words: covers part of the question.
    const partial = await index.search('acme', 'reimbursed gym', 5);
    expect(partial.map((h) => h.page)).toEqual([1]);
    expect(partial[0]!.score).toBeGreaterThan(0.2);
    expect(partial[0]!.score).toBeLessThan(0.8);
    expect(await index.search('other-namespace', 'hotel nights', 5)).toEqual([]);
  });

  it('takes any text as a query: operators, quotes and stop words never fail and never match everything', async () => {
    const index = createFullTextIndex(b.db);
    for (const q of ["'; drop table kb_passages; --", 'hotel & | ! <-> :* ( )', '"the of and"', '', '   ', 'the and of', '\u0000', 'x'.repeat(5000)]) {
      const hits = await index.search('acme', q, 5);
      expect(hits.length, q).toBeLessThan(POLICY.length);
    }
    expect((await b.db.query(`select count(*)::int as n from kb_passages`)).rows[0]).toEqual({ n: POLICY.length });
  });

  it('finds a passage by meaning and one by an exact term the word vectors do not know; a paraphrase sharing no word needs the agent\'s alternates', async () => {
    // "dinner" and "expense" are not in the passage ("meals", "reimbursed"): the vectors carry it, "client" helps.
    const byMeaning = await retrievePassages(deps(), 'acme', ['Can I expense a client dinner?'], 5);
    expect(byMeaning[0]).toMatchObject({ page: 1 });
    // No word in common at all: a cosine of 0.71 alone is under the bar (unanswerable questions reach 0.8),
    // so the question alone finds nothing; with the document's words as an alternate (query expansion,
    // as the agent is prompted to give them) it is found.
    expect(await retrievePassages(deps(), 'acme', ['Can I expense a dinner with a customer?'], 5)).toEqual([]);
    const expanded = await retrievePassages(deps(), 'acme', ['Can I expense a dinner with a customer?', 'client meals reimbursed'], 5);
    expect(expanded[0]).toMatchObject({ page: 1 });
    const byTerm = await retrievePassages(deps(), 'acme', ['what is XDG_DATA_DIRS for'], 5);
    expect(byTerm[0]).toMatchObject({ page: 4 });
    // Fused: each page once, scores in 0–1.
    for (const hits of [byMeaning, byTerm]) {
      expect(new Set(hits.map((h) => h.chunkIndex)).size).toBe(hits.length);
      for (const h of hits) expect(h.score).toBeGreaterThan(0), expect(h.score).toBeLessThanOrEqual(1);
    }
  });

  it('says "not found" (no passage) for a question the documents do not answer', async () => {
    expect(await retrievePassages(deps(), 'acme', ['How many days of paternity leave do I get?'], 5)).toEqual([]);
    expect(await retrievePassages(deps(), 'acme', ['Who is the fire warden on the third floor?'], 5)).toEqual([]);
  });

  it('finds a page in Chinese, Japanese or Korean by the question\'s characters, which the word vectors do not know; one no page answers finds nothing', async () => {
    const pages = ['费用政策。客户餐费每人最高报销60欧元。酒精饮料不予报销。', '経費規程。アルコール飲料は精算されません。出張の宿泊費は一泊150ユーロまでです。', '경비 규정. 주류는 환급되지 않습니다. 노트북은 전체 디스크 암호화를 사용해야 합니다.'];
    const vectors = await emb.embed(pages);
    // The word vectors know none of their words: a zero vector.
    expect(vectors.every((v) => v.every((x) => x === 0))).toBe(true);
    await ensureNamespace(b.db, 'cjk', emb.id, emb.dimensions);
    await putDocument(b.db, b.store, { id: 'cjk', namespace: 'cjk', fileName: 'rules.pdf', pages: pages.length }, pages.map((text, i) => ({ chunkIndex: i, page: i + 1, text, embedding: vectors[i]! })));
    const found = async (q: string) => (await retrievePassages(deps(), 'cjk', [q], 5)).map((h) => h.page);
    expect(await found('酒精饮料可以报销吗？')).toEqual([1]);
    expect(await found('アルコール飲料は精算できますか？')).toEqual([2]);
    expect(await found('주류는 환급되나요?')).toEqual([3]);
    expect(await found('育儿假有几天？')).toEqual([]);
    expect(await found('有多少天的陪产假？')).toEqual([]);
    // Text in other scripts is read as before: the English pages' words, one lexeme each.
    const { rows } = await b.db.query<{ tsv: string }>(`select tsv::text from kb_passages where id = 'cjk:0'`);
    expect(rows[0]!.tsv).toContain("'酒'");
  });

  it('removes a document\'s text with its vectors', async () => {
    const vectors = await emb.embed(['Temporary memo about the canteen menu.']);
    await putDocument(b.db, b.store, { id: 'memo', namespace: 'acme', fileName: 'memo.pdf', pages: 1 }, [{ chunkIndex: 0, page: 1, text: 'Temporary memo about the canteen menu.', embedding: vectors[0]! }]);
    expect((await createFullTextIndex(b.db).search('acme', 'canteen menu', 5)).map((h) => h.documentId)).toEqual(['memo']);
    await deleteDocument(b.db, b.store, { id: 'memo', namespace: 'acme' });
    expect(await createFullTextIndex(b.db).search('acme', 'canteen menu', 5)).toEqual([]);
  });
});

describe('the namespace\'s language', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({ inMemory: true });
  }, 60_000);
  afterAll(async () => db?.close());

  it('stems with the configuration recorded for the namespace (German here), and English elsewhere', async () => {
    const store = withFullText(createPgvectorStore(db), db);
    const emb = createHashEmbedder();
    await ensureNamespace(db, 'de', emb.id, emb.dimensions, 'german');
    const texts = ['Übernachtungen im Hotel werden bis 150 EUR erstattet.', 'Bewirtung von Kunden bis 60 EUR pro Person.'];
    const vectors = await emb.embed(texts);
    await putDocument(db, store, { id: 'de-doc', namespace: 'de', fileName: 'richtlinie.pdf', pages: 2 }, texts.map((text, i) => ({ chunkIndex: i, page: i + 1, text, embedding: vectors[i]! })));
    const { rows } = await db.query<{ config: string }>(`select distinct config::text as config from kb_passages where namespace = 'de'`);
    expect(rows).toEqual([{ config: 'german' }]);
    // "Übernachtung" (singular) finds "Übernachtungen" only through German stemming.
    const hits = await store.searchText!('de', 'Übernachtung', 5);
    expect(hits.map((h) => h.page)).toEqual([1]);
  });
});

describe('an upgrade from the lexical hash', () => {
  it('backfills the full-text table from stored chunks and re-embeds hash-built namespaces from their text, losing nothing', async () => {
    const db = await openDatabase({ inMemory: true });
    try {
      // A database as the hash left it: chunks in pgvector, no full-text rows (as before this change).
      const hash = createHashEmbedder();
      await ensureNamespace(db, 'old', hash.id, hash.dimensions);
      const vectors = await hash.embed(POLICY);
      await putDocument(db, createPgvectorStore(db), { id: 'old-doc', namespace: 'old', fileName: 'policy.pdf', pages: 5 }, POLICY.map((text, i) => ({ chunkIndex: i, page: i + 1, text, embedding: vectors[i]! })));
      await db.exec(`delete from kb_passages; delete from schema_migrations where name = 'vectors/002_passages_from_chunks.sql'`);
      await migrate(db);
      expect((await db.query(`select count(*)::int as n from kb_passages where namespace = 'old'`)).rows[0]).toEqual({ n: POLICY.length });

      const glove = createWordVectorEmbedder();
      expect(await reembedLocalNamespaces(db, glove, [hash.id])).toEqual([{ namespace: 'old', chunks: POLICY.length }]);
      expect((await db.query(`select embedder from kb_namespaces where namespace = 'old'`)).rows[0]).toEqual({ embedder: glove.id });
      const hits = await retrievePassages({ embedder: glove, knowledge: withFullText(createPgvectorStore(db), db), minScore: 0.56, textWeight: 0.5 }, 'old', ['Can I expense a client dinner?'], 5);
      expect(hits[0]).toMatchObject({ documentId: 'old-doc', page: 1 });
      // Done once: nothing left to upgrade.
      expect(await reembedLocalNamespaces(db, glove, [hash.id])).toEqual([]);
    } finally {
      await db.close();
    }
  }, 60_000);
});
