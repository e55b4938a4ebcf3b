/** The Pinecone adapter (the real SDK) against Pinecone's documented data-plane wire format. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../adapters/embedding.js';
import { createPineconeStore } from '../../adapters/pinecone-store.js';
import { startFakePinecone } from '../support/fake-pinecone.js';

const KEY = 'pc-test-key';
let pc: Awaited<ReturnType<typeof startFakePinecone>>;
beforeAll(async () => {
  pc = await startFakePinecone(KEY);
});
afterAll(async () => pc?.close());

describe('Pinecone store', () => {
  it('upserts chunks with metadata into the namespace, searches by cosine, trims and deletes by id prefix', async () => {
    const store = createPineconeStore({ apiKey: KEY, indexHost: pc.url });
    const emb = createHashEmbedder();
    const texts = Array.from({ length: 130 }, (_, i) => (i === 42 ? 'Client meals are reimbursed up to 60 EUR per person.' : `Filler paragraph number ${i} about office plants.`));
    const vectors = await emb.embed(texts);
    await store.upsertChunks({ id: 'doc_a', namespace: 'acme', fileName: 'policy.pdf' }, texts.map((text, i) => ({ chunkIndex: i, page: Math.floor(i / 10) + 1, text, embedding: vectors[i]! })));

    const upserts = pc.requests.filter((r) => r.path === '/vectors/upsert');
    expect(upserts).toHaveLength(2); // batches of 100
    expect(upserts[0]!.headers).toMatchObject({ 'api-key': KEY, 'x-pinecone-api-version': expect.stringMatching(/^\d{4}-\d{2}$/) });
    expect(upserts[0]!.body.namespace).toBe('acme');
    expect(upserts[0]!.body.vectors[42]).toMatchObject({ id: 'doc_a:42', metadata: { documentId: 'doc_a', chunkIndex: 42, fileName: 'policy.pdf', page: 5, text: texts[42] } });
    expect(upserts[0]!.body.vectors[42].values).toHaveLength(1024);

    const [q] = await emb.embed(['client meal reimbursement']);
    const hits = await store.search('acme', q!, 3);
    const query = pc.requests.find((r) => r.path === '/query')!;
    expect(query.body).toMatchObject({ namespace: 'acme', topK: 3, includeMetadata: true, includeValues: false });
    expect(hits[0]).toMatchObject({ documentId: 'doc_a', chunkIndex: 42, page: 5, fileName: 'policy.pdf', text: texts[42] });
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    expect(await store.search('other', q!, 3)).toEqual([]);

    // Trim to 100 chunks: the list pages through the prefix (100 per page), the delete names ids.
    expect(await store.trimChunks({ id: 'doc_a', namespace: 'acme' }, 100)).toBe(30);
    expect(pc.requests.filter((r) => r.path === '/vectors/list').length).toBeGreaterThanOrEqual(2);
    expect(pc.requests.find((r) => r.path === '/vectors/delete')!.body).toMatchObject({ namespace: 'acme', ids: expect.arrayContaining(['doc_a:100', 'doc_a:129']) });
    expect(pc.namespaces.get('acme')!.size).toBe(100);
    expect(await store.trimChunks({ id: 'doc_a', namespace: 'acme' }, 0)).toBe(100);
    expect(pc.namespaces.get('acme')!.size).toBe(0);
  });

  it('surfaces Pinecone errors (the activity policy retries 5xx)', async () => {
    const store = createPineconeStore({ apiKey: KEY, indexHost: pc.url });
    pc.failNext(503);
    await expect(store.search('acme', new Array(1024).fill(1 / 32), 1)).rejects.toThrow();
    await expect(createPineconeStore({ apiKey: 'wrong', indexHost: pc.url }).search('acme', new Array(1024).fill(1 / 32), 1)).rejects.toThrow();
  });
});
