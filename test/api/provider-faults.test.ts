/**
 * Provider faults below the model: the embedding endpoint failing mid-ingestion (transiently, then
 * for good) and Pinecone answering 5xx during a turn's search (once, then for good). Each is retried
 * within its bounds or ends in an honest, specific failure, with nothing indexed twice or half.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { startFakePinecone } from '../support/fake-pinecone.js';
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.js';
import { world } from '../support/world.js';

const MANUAL = '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf';
const vector = (seed: number) => Array.from({ length: 1024 }, (_, j) => (j === seed % 1024 ? 1 : 0.001));

const upload = (h: Harness, file: string, namespace: string, name?: string) => h.upload(file, namespace, { name });
const count = async (h: Harness, sql: string, params: unknown[] = []) => (await h.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0]!.n;

describe('the embedding endpoint failing mid-ingestion', () => {
  let emb: ScriptedLlm;
  let h: Harness;
  beforeAll(async () => {
    emb = await startScriptedLlm();
    h = await createHarness({ responder: world, env: { EMBEDDING_PROVIDER: 'ollama', EMBEDDING_BASE_URL: emb.url, EMBEDDING_BATCH_SIZE: '8', EMBEDDING_CONCURRENCY: '2' } });
  });
  afterAll(async () => {
    await h?.close();
    await emb?.close();
  });

  it('503s on some batches are retried: every chunk stored exactly once', async () => {
    const failed = new Set<string>();
    emb.respondEmbeddings((req) => {
      // The first attempt of the first three batches fails; each retry succeeds.
      const key = req.input[0]!;
      if (failed.size < 3 && !failed.has(key)) {
        failed.add(key);
        return { status: 503 };
      }
      return { vectors: req.input.map((t) => vector(t.length)) };
    });
    const r = await upload(h, MANUAL, 'flaky');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'completed' });
    expect(failed.size).toBe(3);
    expect(emb.embeddingRequests.length).toBeGreaterThan(3);
    expect(r.body.embedded).toBe(r.body.chunks);
    expect(await count(h, `kb_chunks where document_id = $1`, [r.body.documentId])).toBe(r.body.chunks);
    expect(await count(h, `(select distinct chunk_index from kb_chunks where document_id = $1) d`, [r.body.documentId])).toBe(r.body.chunks);
    expect(await count(h, 'ingest_chunks')).toBe(0);
  });

  it('a 401 from the second batch on: a failed ingestion naming the cause, nothing indexed', async () => {
    emb.respondEmbeddings((req, n) => (n === 0 ? { vectors: req.input.map((t) => vector(t.length)) } : { status: 401 }));
    const before = emb.embeddingRequests.length;
    const r = await upload(h, MANUAL, 'revoked', 'revoked.pdf');
    expect(r.status).toBe(422);
    expect(r.body.detail).toMatch(/credentials|401/i);
    // Permanent: not retried 8 times per batch.
    expect(emb.embeddingRequests.length - before).toBeLessThanOrEqual(4);
    expect(await count(h, `kb_documents where namespace = 'revoked' and content_hash is not null`)).toBe(0);
    expect(await count(h, `kb_chunks where namespace = 'revoked'`)).toBe(0);
    expect(await count(h, 'ingest_chunks')).toBe(0);
  });
});

describe('Pinecone answering 5xx during a turn', () => {
  const PINECONE_KEY = 'pc-test-key';
  let pc: Awaited<ReturnType<typeof startFakePinecone>>;
  let h: Harness;
  beforeAll(async () => {
    pc = await startFakePinecone(PINECONE_KEY);
    h = await createHarness({ responder: world, env: { VECTOR_STORE: 'pinecone', PINECONE_API_KEY: PINECONE_KEY, PINECONE_INDEX_HOST: pc.url } });
    expect((await upload(h, 'test/fixtures/acme-policy.pdf', 'acme')).status).toBe(200);
  });
  afterAll(async () => {
    await h?.close();
    await pc?.close();
  });

  it('one 503 is retried and the answer still cites its page', async () => {
    pc.failNext(503);
    const q = await h.json('POST', '/query', { body: { question: 'How much are client meals reimbursed?', namespace: 'acme' } });
    expect(q.status).toBe(200);
    expect(q.body.status).toBe('completed');
    expect(q.body.sources[0]).toMatchObject({ fileName: 'acme-policy.pdf', page: 1 });
  });

  it('Pinecone down for good: the search fails within its retry budget and the turn says so, inventing nothing', async () => {
    const queries = () => pc.requests.filter((r) => r.path === '/query').length;
    const before = queries();
    const down = setInterval(() => pc.failNext(503), 1);
    try {
      const started = Date.now();
      const q = await h.json('POST', '/query', { body: { question: 'How much are client meals reimbursed?', namespace: 'acme' } });
      expect(q.status).toBe(200);
      expect(q.body.status).toBe('completed');
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(q.body.sources).toEqual([]);
      expect(q.body.answer).not.toMatch(/60 EUR/);
      expect(q.body.answer).toMatch(/could not find|failed|unavailable|not in the documents/i);
      // Bounded: at most the vector activity's five attempts per search the agent makes.
      expect(queries() - before).toBeLessThanOrEqual(10);
    } finally {
      clearInterval(down);
    }
  });
});
