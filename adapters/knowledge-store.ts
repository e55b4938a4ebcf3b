/**
 * The pgvector knowledge store (PGlite or Postgres with pgvector): chunk rows with 1,024-dimension
 * embeddings, searched by cosine distance within a namespace.
 */
import crypto from 'node:crypto';
import type { Db, Queryable, Tx } from './db.js';
import type { Embedder } from './embedding.js';

export interface ChunkInput {
  chunkIndex: number;
  page: number;
  text: string;
  embedding: number[];
}
export interface ChunkHit {
  documentId: string;
  fileName: string;
  page: number;
  chunkIndex: number;
  text: string;
  score: number;
}

/** A full-text hit: `score` is the passage's coverage of the query (0–1), `rank` PostgreSQL's ts_rank_cd. */
export interface TextHit extends ChunkHit {
  rank: number;
}

/** A chunk row (kb_chunks or kb_passages, same columns) as a hit, its score rounded to four places. */
export const chunkHitOf = (r: { document_id: string; file_name: string; page: number; chunk_index: number; text: string }, score: number): ChunkHit => ({
  documentId: r.document_id,
  fileName: r.file_name,
  page: r.page,
  chunkIndex: r.chunk_index,
  text: r.text,
  score: Math.round(score * 1e4) / 1e4,
});

export interface DocumentInfo {
  id: string;
  namespace: string;
  fileName: string;
  pages: number;
  chunks: number;
  contentHash: string | null;
  createdBy: string | null;
  updatedAt: string;
}

/**
 * Where chunk vectors live (pgvector or Pinecone). Document rows, namespace records and uploads stay in
 * the app database whichever store holds the vectors.
 */
export interface KnowledgeStore {
  kind: 'pgvector' | 'pinecone';
  search(namespace: string, embedding: number[], topK: number): Promise<ChunkHit[]>;
  /**
   * Full-text search of the chunks' text (adapters/fulltext.ts: `withFullText` adds it to either store);
   * a hit's score is its coverage of the query (0–1).
   */
  searchText?(namespace: string, query: string, topK: number): Promise<TextHit[]>;
  /** Inserts or overwrites chunks by id (documentId:chunkIndex): retries and re-runs never duplicate. */
  upsertChunks(doc: { id: string; namespace: string; fileName: string }, chunks: ChunkInput[]): Promise<void>;
  /** Drops a document's chunks at or past `keep` (all of them with keep = 0). Returns how many went. */
  trimChunks(doc: { id: string; namespace: string }, keep: number): Promise<number>;
  /**
   * After a bulk change: refreshes the planner's statistics. Embedded PGlite runs no autovacuum, so
   * without this the planner keeps its empty-table estimate and never uses the vector index (measured:
   * 60–126 ms exact scans at 10,000 chunks, 5–6 ms through the index after ANALYZE).
   */
  refreshStatistics?(): Promise<void>;
}

/** Test and seed helper: a document row plus its chunks, replacing earlier ones. */
export async function putDocument(db: Db, store: KnowledgeStore, doc: { id: string; namespace: string; fileName: string; pages: number }, chunks: ChunkInput[]) {
  await db.query(
    `insert into kb_documents (id, namespace, file_name, pages, chunks) values ($1, $2, $3, $4, $5)
     on conflict (id) do update set namespace = excluded.namespace, file_name = excluded.file_name, pages = excluded.pages, chunks = excluded.chunks`,
    [doc.id, doc.namespace, doc.fileName, doc.pages, chunks.length],
  );
  await store.trimChunks(doc, 0);
  await store.upsertChunks(doc, chunks);
  await store.refreshStatistics?.();
}

/** Removes a document: its vectors from the store, then its row, then its upload unless something still uses it. */
export async function deleteDocument(db: Db, store: KnowledgeStore, doc: { id: string; namespace: string }): Promise<void> {
  await store.trimChunks(doc, 0);
  const { rows } = await db.query<{ content_hash: string | null }>(`delete from kb_documents where id = $1 returning content_hash`, [doc.id]);
  const key = rows[0]?.content_hash;
  if (key) await purgeUploads(db, { key });
}

/**
 * Whether a finished document named `fileName` in `namespace` belongs to someone other than `userId`
 * (other than the version `exceptId`): a name is its uploader's, so such a document is theirs to replace.
 */
export async function nameTakenByOther(db: Db, d: { namespace: string; fileName: string; userId: string; exceptId?: string }): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from kb_documents where namespace = $1 and file_name = $2 and id is distinct from $3 and content_hash is not null and created_by is distinct from $4 limit 1`,
    [d.namespace, d.fileName, d.exceptId ?? null, d.userId],
  );
  return rows.length > 0;
}

/** Stores an upload under the sha256 of its bytes (idempotent); returns the key. */
export async function putUpload(db: Db, bytes: Uint8Array): Promise<string> {
  const key = crypto.createHash('sha256').update(bytes).digest('hex');
  await db.query(`insert into uploads (key, bytes, size) values ($1, $2, $3) on conflict (key) do nothing`, [key, Buffer.from(bytes), bytes.length]);
  return key;
}

/** An upload's bytes, or null when no upload has that key (it was purged, or never stored). */
export async function getUpload(db: Db, key: string): Promise<Uint8Array | null> {
  const row = (await db.query<{ bytes: Uint8Array }>(`select bytes from uploads where key = $1`, [key])).rows[0];
  return row ? new Uint8Array(row.bytes) : null;
}

/**
 * Deletes uploaded bytes no document is indexed from and no running ingestion reads: the one `key` now
 * (its document was deleted or replaced), or every such upload older than `olderThanMs` (a failed
 * ingestion's upload is kept that long, UPLOAD_RETENTION). Returns how many went.
 */
export async function purgeUploads(db: Db, which: { key: string } | { olderThanMs: number }): Promise<number> {
  const unused = `not exists (select 1 from kb_documents d where d.content_hash = u.key)
    and not exists (select 1 from ingestions i where i.upload_key = u.key and i.status = 'running')`;
  const { rows } =
    'key' in which
      ? await db.query(`delete from uploads u where u.key = $1 and ${unused} returning u.key`, [which.key])
      : await db.query(`delete from uploads u where u.created_at < now() - ($1::double precision * interval '1 millisecond') and ${unused} returning u.key`, [which.olderThanMs]);
  return rows.length;
}

/**
 * The embedder a namespace was built with, recorded on first use and enforced after; so is its text
 * search configuration (the language its full-text index stems and drops stop words by).
 */
export async function ensureNamespace(db: Db, namespace: string, embedder: string, dimensions: number, textSearchConfig = 'english'): Promise<{ ok: true } | { ok: false; builtWith: string }> {
  await db.query(`insert into kb_namespaces (namespace, embedder, dimensions, text_search_config) values ($1, $2, $3, $4) on conflict (namespace) do nothing`, [namespace, embedder, dimensions, textSearchConfig]);
  return checkNamespace(db, namespace, embedder, dimensions);
}
export async function checkNamespace(db: Db, namespace: string, embedder: string, dimensions: number): Promise<{ ok: true } | { ok: false; builtWith: string }> {
  const { rows } = await db.query<{ embedder: string; dimensions: number }>(`select embedder, dimensions from kb_namespaces where namespace = $1`, [namespace]);
  const r = rows[0];
  if (!r || (r.embedder === embedder && r.dimensions === dimensions)) return { ok: true };
  return { ok: false, builtWith: `${r.embedder} (${r.dimensions} dimensions)` };
}

export async function listDocuments(db: Db, namespace: string | null): Promise<DocumentInfo[]> {
  const { rows } = await db.query<Record<string, any>>(
    `select id, namespace, file_name, pages, chunks, content_hash, created_by, updated_at from kb_documents
      where ($1::text is null or namespace = $1::text) order by namespace, file_name`,
    [namespace],
  );
  return rows.map((r) => ({
    id: r.id,
    namespace: r.namespace,
    fileName: r.file_name,
    pages: r.pages,
    chunks: r.chunks,
    contentHash: r.content_hash,
    createdBy: r.created_by,
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

const toVector = (v: number[]) => `[${v.join(',')}]`;

async function insertChunks(tx: Tx, doc: { id: string; namespace: string; fileName: string }, chunks: ChunkInput[], upsert: boolean) {
  for (let i = 0; i < chunks.length; i += 100) {
    const batch = chunks.slice(i, i + 100);
    const params: unknown[] = [];
    const values = batch.map((c, j) => {
      params.push(`${doc.id}:${c.chunkIndex}`, doc.namespace, doc.id, c.chunkIndex, doc.fileName, c.page, c.text, toVector(c.embedding));
      const b = j * 8;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8}::vector)`;
    });
    await tx.query(
      `insert into kb_chunks (id, namespace, document_id, chunk_index, file_name, page, text, embedding) values ${values.join(', ')}
       ${upsert ? 'on conflict (id) do update set namespace = excluded.namespace, file_name = excluded.file_name, page = excluded.page, text = excluded.text, embedding = excluded.embedding' : ''}`,
      params,
    );
  }
}

/**
 * What the pgvector store says when its table is missing: the vectors migration was skipped because
 * the PostgreSQL server has no pgvector (adapters/db.ts `migrate`). Bookings work without it; the
 * knowledge base does not, and says so instead of retrying a query that cannot succeed.
 */
export const PGVECTOR_MISSING =
  'the knowledge base needs the pgvector extension, which the PostgreSQL server of DATABASE_URL does not have: install pgvector there and restart, or set VECTOR_STORE=pinecone';

// kb_chunks, or the vector type it is declared with, is not there.
const tableMissing = (e: unknown) => {
  const code = (e as { code?: string }).code;
  return (code === '42P01' && /kb_chunks/.test((e as Error).message)) || (code === '42704' && /type "vector"/.test((e as Error).message));
};
/** Rethrows a missing kb_chunks as PGVECTOR_MISSING, not retryable (activities/index.ts `storeCall`); anything else as it is. */
const vectorsOrSay = (e: unknown): never => {
  throw tableMissing(e) ? Object.assign(new Error(PGVECTOR_MISSING), { retryable: false }) : e;
};

export function createPgvectorStore(db: Db): KnowledgeStore {
  return {
    kind: 'pgvector',
    async upsertChunks(doc, chunks) {
      await db.transaction((tx) => insertChunks(tx, doc, chunks, true)).catch(vectorsOrSay);
    },
    async trimChunks(doc, keep) {
      // Without the table there is nothing to trim: a failed ingestion still finishes as failed.
      const trimmed = await db
        .query(`delete from kb_chunks where document_id = $1 and chunk_index >= $2 returning id`, [doc.id, keep])
        .catch((e) => (tableMissing(e) ? { rows: [] } : vectorsOrSay(e)));
      return trimmed.rows.length;
    },
    async refreshStatistics() {
      await db.exec('analyze kb_chunks').catch(vectorsOrSay);
    },
    async search(namespace, embedding, topK) {
      const nearest = async (q: Queryable) =>
        (
          await q.query<{ document_id: string; file_name: string; page: number; chunk_index: number; text: string; distance: number }>(
            `select document_id, file_name, page, chunk_index, text, embedding <=> $1::vector as distance
               from kb_chunks where namespace = $2 order by embedding <=> $1::vector limit $3`,
            [toVector(embedding), namespace, topK],
          )
        ).rows;
      // With the namespace filter, an index scan keeps going until it has topK rows of that namespace
      // (pgvector's iterative scan) instead of filtering a fixed candidate list down to fewer. PGlite's
      // session is set so as it opens; elsewhere the query sets it for a transaction of its own.
      const rows =
        db.sessionSettings['hnsw.iterative_scan'] === 'relaxed_order'
          ? await nearest(db).catch(vectorsOrSay)
          : await db.transaction(async (tx) => {
              await tx.query(`set local hnsw.iterative_scan = relaxed_order`);
              return nearest(tx);
            }).catch(vectorsOrSay);
      // relaxed_order may return near-ties slightly out of order.
      rows.sort((a, b) => Number(a.distance) - Number(b.distance));
      return rows.map((r) => chunkHitOf(r, 1 - Number(r.distance)));
    },
  };
}

/**
 * Namespaces built by an offline embedder this server no longer uses (`fromIds`: the lexical hash, the
 * default before issue 20), re-embedded with `embedder` from the chunk text pgvector keeps, so an
 * upgrade loses no document and needs no new upload. One transaction per namespace (a crash leaves it
 * as it was, to be done at the next start). Returns what was upgraded.
 */
export async function reembedLocalNamespaces(db: Db, embedder: Embedder, fromIds: string[]): Promise<{ namespace: string; chunks: number }[]> {
  const { rows } = await db.query<{ namespace: string }>(`select namespace from kb_namespaces where embedder = any($1::text[]) and dimensions = $2 order by namespace`, [
    fromIds,
    embedder.dimensions,
  ]);
  const done: { namespace: string; chunks: number }[] = [];
  for (const { namespace } of rows) {
    const chunks = (await db.query<{ id: string; text: string }>(`select id, text from kb_chunks where namespace = $1 order by id`, [namespace])).rows;
    const vectors: string[] = [];
    for (let i = 0; i < chunks.length; i += 200) vectors.push(...(await embedder.embed(chunks.slice(i, i + 200).map((c) => c.text))).map(toVector));
    await db.transaction(async (tx) => {
      for (let i = 0; i < chunks.length; i += 200) {
        await tx.query(
          `update kb_chunks c set embedding = v.e::vector from (select unnest($1::text[]) as id, unnest($2::text[]) as e) v where c.id = v.id`,
          [chunks.slice(i, i + 200).map((c) => c.id), vectors.slice(i, i + 200)],
        );
      }
      await tx.query(`update kb_namespaces set embedder = $2 where namespace = $1`, [namespace, embedder.id]);
    });
    done.push({ namespace, chunks: chunks.length });
  }
  if (done.length) await db.exec('analyze kb_chunks');
  return done;
}
