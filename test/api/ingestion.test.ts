/**
 * The knowledge base over HTTP: real PDFs uploaded, parsed, chunked, embedded with the local embedder
 * into PGlite, then asked about; every bad input refused with nothing half-indexed.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePdf } from '../../adapters/pdf.js';
import { normalizePageText } from '../../domain/chunking.js';
import { createHarness, KEYS, readSse, type Harness } from '../support/harness.js';
import { agentOf, call, isOrchestrator, text, toolResults } from '../support/scripted-llm.js';
import { agents, world } from '../support/world.js';

const FIX = 'test/fixtures';
const DEBIAN_PDF = '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ responder: world, env: { INGESTION_MAX_BYTES: '200000', EMBEDDING_BATCH_SIZE: '8' } });
});
afterAll(async () => h?.close());

const upload: Harness['upload'] = (...args) => h.upload(...args);
const count = async (sql: string, params: unknown[] = []) => (await h.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0]!.n;

describe('ingest, then ask', () => {
  it('indexes a policy PDF and answers a question about it with the page cited', async () => {
    const r = await upload(`${FIX}/acme-policy.pdf`, 'acme');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'completed', namespace: 'acme', fileName: 'acme-policy.pdf', pages: 3, chunks: 3, embedded: 3, documentId: expect.stringMatching(/^doc_/) });
    expect(await count(`kb_chunks where namespace = 'acme'`)).toBe(3);

    const q = await h.json('POST', '/query', { body: { question: 'How much are client meals reimbursed?', namespace: 'acme' } });
    expect(q.body.status).toBe('completed');
    expect(q.body.answer).toContain('60 EUR');
    expect(q.body.answer).toMatch(/acme-policy\.pdf p\.1/);
    expect(q.body.sources[0]).toMatchObject({ fileName: 'acme-policy.pdf', page: 1, documentId: r.body.documentId, chunkId: `${r.body.documentId}:0` });

    const docs = await h.json('GET', '/documents?namespace=acme');
    expect(docs.body.documents).toEqual([expect.objectContaining({ id: r.body.documentId, fileName: 'acme-policy.pdf', pages: 3, chunks: 3, createdBy: 'alice' })]);
  });

  it('finds the right page of a real manual (a Debian package\'s PDF)', async () => {
    const r = await upload(DEBIAN_PDF, 'manuals');
    expect(r.body).toMatchObject({ status: 'completed', pages: 17 });
    // A sentence from the middle of page 9, asked back: the top source must be page 9.
    const { pages } = await parsePdf(new Uint8Array(fs.readFileSync(DEBIAN_PDF)));
    const words = normalizePageText(pages[8]!).split(' ');
    const phrase = words.slice(Math.floor(words.length / 2), Math.floor(words.length / 2) + 14).join(' ');
    // The orchestrator sends it to the Knowledge-Base agent, whatever its words.
    h.llm.respond((req, n) => (isOrchestrator(req) && !req.messages.some((m) => m.role === 'tool') ? call('knowledge_base_agent', { request: phrase }) : world(req, n)));
    const before = h.llm.requests.length;
    const q = await h.json('POST', '/query', { body: { question: phrase, namespace: 'manuals' } });
    h.llm.respond(world);
    const search = h.llm.requests.slice(before).find((x) => agentOf(x) === 'knowledge_base_agent' && toolResults(x).length > 0)!;
    const passages = JSON.parse(toolResults(search)[0]!).passages;
    expect(passages[0].page).toBe(9);
    expect(q.body.sources[0].page).toBe(9);
  });

  it('the same file again is a no-op; a new version replaces the old one', async () => {
    const again = await upload(`${FIX}/acme-policy.pdf`, 'acme');
    expect(again.body.status).toBe('skipped');
    expect(await count(`kb_chunks where namespace = 'acme'`)).toBe(3);
    // A different file under the same name: the new version's chunks replace the old ones.
    const v2 = await upload(`${FIX}/acme-policy.pdf`, 'acme', { bytes: fs.readFileSync(DEBIAN_PDF), name: 'acme-policy.pdf' });
    expect(v2.body.status).toBe('completed');
    expect(await count(`kb_documents where namespace = 'acme' and file_name = 'acme-policy.pdf'`)).toBe(1);
    expect(await count(`kb_chunks where namespace = 'acme'`)).toBe(v2.body.chunks);
    expect(await count(`kb_chunks where namespace = 'acme' and text like '%Client meals%'`)).toBe(0);
  });

  it('reports progress while running and streams it as SSE', async () => {
    const r = await upload(DEBIAN_PDF, 'progress', { wait: false });
    expect(r.status).toBe(202);
    const events = await readSse(await h.request('GET', r.body.links.events));
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('ingestion.started');
    expect(types).toContain('ingestion.parsed');
    expect(types.filter((t) => t === 'ingestion.progress').length).toBeGreaterThanOrEqual(2); // batches of 8
    expect(types.at(-1)).toBe('ingestion.completed');
    const progress = events.filter((e) => e.type === 'ingestion.progress').map((e) => e.data.embedded as number);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const done = await h.json('GET', r.body.links.self);
    expect(done.body).toMatchObject({ status: 'completed', pages: 17, embedded: done.body.chunks });
    expect((await h.json('GET', r.body.links.self, { key: KEYS.carol })).status).toBe(404);
  });

  it('deletes a document with its chunks (its uploader or an admin only)', async () => {
    const r = await upload(`${FIX}/acme-policy.pdf`, 'default', { name: 'to-delete.pdf' });
    // carol may use the namespace but did not upload it; dave may not use the namespace at all.
    expect((await h.request('DELETE', `/documents/${r.body.documentId}`, { key: KEYS.carol })).status).toBe(403);
    expect((await h.request('DELETE', `/documents/${r.body.documentId}`, { key: KEYS.dave })).status).toBe(404);
    expect((await h.request('DELETE', `/documents/${r.body.documentId}`)).status).toBe(204);
    expect(await count(`kb_chunks where document_id = $1`, [r.body.documentId])).toBe(0);
    expect((await h.request('DELETE', `/documents/${r.body.documentId}`)).status).toBe(404);
  });
});

describe('bad input (the rest is in bad-input.test.ts)', () => {
  it('refuses a namespace built with another embedding model, at ingestion and at query time', async () => {
    await h.db.query(`insert into kb_namespaces (namespace, embedder, dimensions) values ('legacy', 'openrouter/some-model', 1024)`);
    const r = await upload(`${FIX}/acme-policy.pdf`, 'legacy');
    expect(r.status).toBe(422);
    expect(r.body.detail).toMatch(/namespace "legacy" was built with openrouter\/some-model \(1024 dimensions\); this server embeds with local\/glove-100d-v1/);
    expect(await count(`kb_chunks where namespace = 'legacy'`)).toBe(0);
    const before = h.llm.requests.length;
    await h.json('POST', '/query', { body: { question: 'What is the meal policy?', namespace: 'legacy' } });
    const search = h.llm.requests.slice(before).find((x) => agentOf(x) === 'knowledge_base_agent' && toolResults(x).length > 0)!;
    expect(JSON.parse(toolResults(search)[0]!).error).toMatch(/was built with openrouter\/some-model/);
  });
});

describe('honest "not found"', () => {
  it('a question the documents do not answer ends in "not found" even when the model answers anyway', async () => {
    expect((await upload(`${FIX}/acme-policy.pdf`, 'hr')).body.status).toBe('completed');
    h.llm.respond((req, n) => {
      if (isOrchestrator(req)) {
        // After the agent found nothing, the orchestrator invents policy.
        if (req.messages.some((m) => m.role === 'tool')) return text('Parental leave is 16 weeks at full pay, per the handbook.');
        return call('knowledge_base_agent', { request: 'How many weeks of parental leave do I get?' });
      }
      if (toolResults(req).length === 0) return agents(req);
      return text('Parental leave is 16 weeks.'); // the agent invents too
    });
    const q = await h.json('POST', '/query', { body: { question: 'How many weeks of parental leave do I get?', namespace: 'hr' } });
    expect(q.body.answer).not.toMatch(/16 weeks/);
    expect(q.body.answer).toMatch(/could not find this in the documents \(namespace "hr"\)/);
    expect(q.body.sources).toEqual([]);
    h.llm.respond(world);
  });
});

describe('with Pinecone instead of pgvector (environment variables only)', () => {
  it('ingests and answers with page citations, the vectors in the Pinecone namespace', async () => {
    const { startFakePinecone } = await import('../support/fake-pinecone.js');
    const pc = await startFakePinecone('pc-key');
    const hp = await createHarness({ responder: world, env: { VECTOR_STORE: 'pinecone', PINECONE_API_KEY: 'pc-key', PINECONE_INDEX_HOST: pc.url } });
    try {
      const form = new FormData();
      form.append('namespace', 'acme');
      form.append('file', new Blob([new Uint8Array(fs.readFileSync(`${FIX}/acme-policy.pdf`))]), 'acme-policy.pdf');
      const res = await fetch(`${hp.api.url}/ingestion?wait=true`, { method: 'POST', headers: { authorization: `Bearer ${KEYS.alice}` }, body: form });
      const body = await res.json();
      expect(body).toMatchObject({ status: 'completed', chunks: 3 });
      expect(pc.namespaces.get('acme')!.size).toBe(3);
      expect((await hp.db.query<{ n: number }>(`select count(*)::int as n from kb_chunks`)).rows[0]!.n).toBe(0); // nothing in pgvector
      const q = await hp.json('POST', '/query', { body: { question: 'How much are client meals reimbursed?', namespace: 'acme' } });
      expect(q.body.answer).toMatch(/60 EUR .*acme-policy\.pdf p\.1/);
      expect(q.body.sources[0]).toMatchObject({ fileName: 'acme-policy.pdf', page: 1, chunkId: `${body.documentId}:0` });
      expect((await hp.request('DELETE', `/documents/${body.documentId}`)).status).toBe(204);
      expect(pc.namespaces.get('acme')!.size).toBe(0);
    } finally {
      await hp.close();
      await pc.close();
    }
  });
});
