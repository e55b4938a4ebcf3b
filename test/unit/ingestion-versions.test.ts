/**
 * Versions of a file and their uploads (issue 16), on real PGlite with pgvector and real PDFs, through
 * the ingestion activities themselves (in Temporal's activity test environment), so that the
 * interleavings a race produces can be played in a fixed order: concurrent versions of one name end with
 * exactly one; another user's document of the same name is not replaced; uploads go with their document.
 */
import fs from 'node:fs';
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestionActivities, type IngestionRef } from '../../activities/ingestion.js';
import { openDatabase, type Db } from '../../adapters/db.js';
import { createHashEmbedder } from '../../adapters/embedding.js';
import { createPgvectorStore, deleteDocument, listDocuments, purgeUploads, putUpload } from '../../adapters/knowledge-store.js';

let db: Db;
let acts: ReturnType<typeof createIngestionActivities>;
const env = new MockActivityEnvironment();
const run = <A extends unknown[], R>(fn: (...a: A) => Promise<R>, ...args: A): Promise<R> => env.run(fn, ...args) as Promise<R>;
const A_PDF = fs.readFileSync('test/fixtures/acme-policy.pdf');
const B_PDF = fs.readFileSync('test/fixtures/injection.pdf');

beforeAll(async () => {
  db = await openDatabase({ inMemory: true });
  acts = createIngestionActivities({ db, embedder: createHashEmbedder(), knowledge: createPgvectorStore(db), uploadRetentionMs: 60_000 });
});
afterAll(async () => db?.close());

let seq = 0;
/** An ingestion's first two steps (parse, embed everything); `finish` is left to the test. */
async function staged(bytes: Buffer, o: { fileName: string; userId: string; namespace?: string; admin?: boolean }) {
  const uploadKey = await putUpload(db, bytes);
  const ref: IngestionRef = { ingestionId: `ing-${++seq}`, namespace: o.namespace ?? 'versions', fileName: o.fileName, uploadKey, userId: o.userId, ...(o.admin ? { mayReplaceOthers: true } : {}) };
  await db.query(`insert into ingestions (id, namespace, file_name, upload_key, status, created_by) values ($1, $2, $3, $4, 'running', $5)`, [ref.ingestionId, ref.namespace, ref.fileName, uploadKey, ref.userId]);
  const parsed = await run(acts.parseDocument, ref);
  await run(acts.embedBatch, { ref, documentId: parsed.documentId, from: 0, to: parsed.chunks });
  const finish = () => run(acts.finishIngestion, { ref, documentId: parsed.documentId, status: 'completed', pages: parsed.pages, chunks: parsed.chunks, error: null });
  return { ref, documentId: parsed.documentId, chunks: parsed.chunks, finish };
}
const versionsOf = async (fileName: string, namespace = 'versions') => (await listDocuments(db, namespace)).filter((d) => d.fileName === fileName);
const chunksOf = async (documentId: string) => Number((await db.query<{ n: number }>(`select count(*)::int as n from kb_chunks where document_id = $1`, [documentId])).rows[0]!.n);
const orphanChunks = async () => Number((await db.query<{ n: number }>(`select count(*)::int as n from kb_chunks c where not exists (select 1 from kb_documents d where d.id = c.document_id)`)).rows[0]!.n);
const hasUpload = async (key: string) => (await db.query(`select 1 from uploads where key = $1`, [key])).rows.length === 1;

describe('versions of one file name', () => {
  it('a version that finishes while another is still being ingested leaves it alone; the later one replaces it: exactly one remains', async () => {
    const a = await staged(A_PDF, { fileName: 'race.pdf', userId: 'alice' });
    const b = await staged(B_PDF, { fileName: 'race.pdf', userId: 'alice' });
    expect(await a.finish()).toEqual({ status: 'completed', error: null });
    // Before the fix, A deleted B (still being ingested) here, and B then deleted A: no version at all.
    expect((await versionsOf('race.pdf')).map((d) => d.id).sort()).toEqual([a.documentId, b.documentId].sort());
    expect(await b.finish()).toEqual({ status: 'completed', error: null });
    const left = await versionsOf('race.pdf');
    expect(left.map((d) => d.id)).toEqual([b.documentId]);
    expect(await chunksOf(b.documentId)).toBe(b.chunks);
    expect(await chunksOf(a.documentId)).toBe(0);
    expect(await orphanChunks()).toBe(0);
    // The replaced version's upload went with it; the kept one's stays.
    expect(await hasUpload(a.ref.uploadKey)).toBe(false);
    expect(await hasUpload(b.ref.uploadKey)).toBe(true);
  });

  it('two versions finishing at the same moment also end with exactly one', async () => {
    for (let i = 0; i < 3; i++) {
      const a = await staged(A_PDF, { fileName: `tie-${i}.pdf`, userId: 'alice' });
      const b = await staged(B_PDF, { fileName: `tie-${i}.pdf`, userId: 'alice' });
      await Promise.all([a.finish(), b.finish()]);
      const left = await versionsOf(`tie-${i}.pdf`);
      expect(left).toHaveLength(1);
      expect(await chunksOf(left[0]!.id)).toBeGreaterThan(0);
    }
    expect(await orphanChunks()).toBe(0);
  });

  it("another user's document of the same name is not replaced: the new version fails with the reason and leaves nothing; an admin's replaces it", async () => {
    const bobs = await staged(A_PDF, { fileName: 'handbook.pdf', userId: 'bob' });
    await bobs.finish();
    const carols = await staged(B_PDF, { fileName: 'handbook.pdf', userId: 'carol' });
    const r = await carols.finish();
    expect(r).toEqual({ status: 'failed', error: 'a document named handbook.pdf in namespace versions belongs to another user; only they or an admin may replace it' });
    expect((await versionsOf('handbook.pdf')).map((d) => [d.id, d.createdBy])).toEqual([[bobs.documentId, 'bob']]);
    expect(await chunksOf(carols.documentId)).toBe(0);
    const admins = await staged(B_PDF, { fileName: 'handbook.pdf', userId: 'root', admin: true });
    expect((await admins.finish()).status).toBe('completed');
    expect((await versionsOf('handbook.pdf')).map((d) => d.createdBy)).toEqual(['root']);
    expect(await orphanChunks()).toBe(0);
  });

  it('a document deleted while it was being ingested does not come back, and its vectors go', async () => {
    const v = await staged(A_PDF, { fileName: 'gone.pdf', userId: 'alice' });
    await deleteDocument(db, createPgvectorStore(db), { id: v.documentId, namespace: 'versions' });
    expect(await v.finish()).toEqual({ status: 'failed', error: 'the document was deleted while it was being ingested' });
    expect(await versionsOf('gone.pdf')).toEqual([]);
    expect(await orphanChunks()).toBe(0);
  });
});

describe('uploads', () => {
  it('go with the last document that uses them; unused ones are kept for UPLOAD_RETENTION, then purged', async () => {
    // Bytes of their own: the version tests above may have kept a document of A_PDF's.
    const bytes = Buffer.concat([A_PDF, Buffer.from('\n% the uploads test')]);
    const v = await staged(bytes, { fileName: 'kept.pdf', userId: 'alice', namespace: 'uploads' });
    await v.finish();
    expect(await hasUpload(v.ref.uploadKey)).toBe(true);
    // The same bytes under another name share the upload: deleting one document keeps it for the other.
    const w = await staged(bytes, { fileName: 'kept-copy.pdf', userId: 'alice', namespace: 'uploads' });
    await w.finish();
    await deleteDocument(db, createPgvectorStore(db), { id: v.documentId, namespace: 'uploads' });
    expect(await hasUpload(v.ref.uploadKey)).toBe(true);
    await deleteDocument(db, createPgvectorStore(db), { id: w.documentId, namespace: 'uploads' });
    expect(await hasUpload(v.ref.uploadKey)).toBe(false);
    // An upload no document uses (a failed ingestion's) stays within the retention and goes after it.
    const orphan = await putUpload(db, Buffer.concat([B_PDF, Buffer.from('\n% another version')]));
    expect(await purgeUploads(db, { olderThanMs: 60_000 })).toBe(0);
    await db.query(`update uploads set created_at = now() - interval '2 minutes' where key = $1`, [orphan]);
    expect(await purgeUploads(db, { olderThanMs: 60_000 })).toBeGreaterThanOrEqual(1);
    expect(await hasUpload(orphan)).toBe(false);
    // An upload a running ingestion reads is never purged, however old.
    const running = await putUpload(db, Buffer.concat([B_PDF, Buffer.from('\n% running')]));
    await db.query(`insert into ingestions (id, namespace, file_name, upload_key, status, created_by) values ('ing-running', 'uploads', 'r.pdf', $1, 'running', 'alice')`, [running]);
    await db.query(`update uploads set created_at = now() - interval '2 days' where key = $1`, [running]);
    await purgeUploads(db, { olderThanMs: 60_000 });
    expect(await hasUpload(running)).toBe(true);
  });
});
