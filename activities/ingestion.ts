/**
 * Ingestion's side effects: parse and stage a stored upload, embed and store chunk ranges, finish
 * (replace older versions, or remove a failed one's chunks). Activities exchange keys and ranges, never
 * documents or vectors, so workflow history stays small.
 */
import crypto from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import { chunkPages } from '../domain/chunking.js';
import { FailureType } from '../domain/failures.js';
import type { Db } from '../adapters/db.js';
import type { Embedder } from '../adapters/embedding.js';
import { checkNamespace, deleteDocument, ensureNamespace, getUpload, nameTakenByOther, purgeUploads, type KnowledgeStore } from '../adapters/knowledge-store.js';
import { storeRejected, withHeartbeat } from './support.js';
import { parsePdf, PdfError } from '../adapters/pdf.js';
import { observeIngestion } from '../adapters/metrics.js';

export interface IngestionRef {
  ingestionId: string;
  namespace: string;
  fileName: string;
  uploadKey: string;
  userId: string;
  /** The uploader is an admin, who may replace another user's document of the same name. Absent: no. */
  mayReplaceOthers?: boolean;
}

/** One id per version of a file in a namespace: the same bytes again map to the same document. */
export const documentIdFor = (namespace: string, fileName: string, uploadKey: string) =>
  `doc_${crypto.createHash('sha256').update(`${namespace}\n${fileName}\n${uploadKey}`).digest('hex').slice(0, 16)}`;

const mismatch = (namespace: string, builtWith: string, embedder: Embedder) =>
  ApplicationFailure.nonRetryable(
    `namespace "${namespace}" was built with ${builtWith}; this server embeds with ${embedder.id} (${embedder.dimensions} dimensions). Use another namespace or the same embedding configuration.`,
    FailureType.embeddingMismatch,
  );

export function createIngestionActivities(deps: {
  db: Db;
  embedder: Embedder;
  knowledge: KnowledgeStore;
  /** The language a new namespace's full-text index uses (KB_TEXT_SEARCH_CONFIG); 'english' by default. */
  textSearchConfig?: string;
  maxInflatedBytes?: number;
  parseTimeoutMs?: number;
  uploadRetentionMs?: number;
}) {
  const { db, embedder, knowledge } = deps;
  return {
    /** Parses the upload, chunks it and stages the chunks; `unchanged` when this exact file is already indexed. */
    async parseDocument(ref: IngestionRef): Promise<{ outcome: 'staged' | 'unchanged'; documentId: string; pages: number; chunks: number }> {
      const ns = await ensureNamespace(db, ref.namespace, embedder.id, embedder.dimensions, deps.textSearchConfig);
      if (!ns.ok) throw mismatch(ref.namespace, ns.builtWith, embedder);
      const documentId = documentIdFor(ref.namespace, ref.fileName, ref.uploadKey);
      const existing = (await db.query<{ pages: number; chunks: number; content_hash: string | null }>(`select pages, chunks, content_hash from kb_documents where id = $1`, [documentId])).rows[0];
      if (existing?.content_hash === ref.uploadKey) return { outcome: 'unchanged', documentId, pages: existing.pages, chunks: existing.chunks };
      const upload = await getUpload(db, ref.uploadKey);
      if (!upload) throw ApplicationFailure.nonRetryable(`upload ${ref.uploadKey} not found`, FailureType.invalidInput);
      let pages: string[];
      try {
        ({ pages } = await parsePdf(upload, { maxInflatedBytes: deps.maxInflatedBytes, timeoutMs: deps.parseTimeoutMs }));
      } catch (e) {
        if (e instanceof PdfError) throw ApplicationFailure.nonRetryable(e.message, FailureType.invalidDocument, { problem: e.problem });
        throw e;
      }
      const chunks = chunkPages(pages);
      await db.transaction(async (tx) => {
        // The row the chunks hang off; without content_hash until finished, so a half-done version never counts as indexed.
        await tx.query(
          `insert into kb_documents (id, namespace, file_name, pages, chunks, created_by) values ($1, $2, $3, $4, 0, $5) on conflict (id) do nothing`,
          [documentId, ref.namespace, ref.fileName, pages.length, ref.userId],
        );
        await tx.query(`delete from ingest_chunks where ingestion_id = $1`, [ref.ingestionId]);
        for (let i = 0; i < chunks.length; i += 200) {
          const part = chunks.slice(i, i + 200);
          const params: unknown[] = [];
          const values = part.map((c, j) => (params.push(ref.ingestionId, c.index, c.page, c.text), `($${j * 4 + 1}, $${j * 4 + 2}, $${j * 4 + 3}, $${j * 4 + 4})`));
          await tx.query(`insert into ingest_chunks (ingestion_id, chunk_index, page, text) values ${values.join(', ')}`, params);
        }
      });
      return { outcome: 'staged', documentId, pages: pages.length, chunks: chunks.length };
    },

    /** Embeds staged chunks [from, to) and stores them under documentId:chunkIndex (a retry overwrites, never duplicates). */
    async embedBatch(input: { ref: IngestionRef; documentId: string; from: number; to: number }): Promise<{ stored: number }> {
      const { rows } = await db.query<{ chunk_index: number; page: number; text: string }>(
        `select chunk_index, page, text from ingest_chunks where ingestion_id = $1 and chunk_index >= $2 and chunk_index < $3 order by chunk_index`,
        [input.ref.ingestionId, input.from, input.to],
      );
      await withHeartbeat(async () => {
        const vectors = await embedder.embed(rows.map((r) => r.text));
        await knowledge
          .upsertChunks(
            { id: input.documentId, namespace: input.ref.namespace, fileName: input.ref.fileName },
            rows.map((r, i) => ({ chunkIndex: r.chunk_index, page: r.page, text: r.text, embedding: vectors[i]! })),
          )
          .catch((e: unknown) => {
            // A store that says no retry can help (no pgvector on the server, say): the ingestion fails now, with why.
            throw storeRejected(e, (e as Error).message) ?? e;
          });
      }, { from: input.from });
      return { stored: rows.length };
    },

    /**
     * Completed: the new version replaces the file's older ones. Failed: only this version's chunks go,
     * so nothing is left half-indexed and an older version stays searchable. Idempotent.
     */
    async finishIngestion(input: { ref: IngestionRef; documentId: string | null; status: 'completed' | 'skipped' | 'failed'; pages: number; chunks: number; error: string | null }) {
      const { ref, documentId } = input;
      let status = input.status;
      let error = input.error;
      let durationMs: number | null = null;
      const doc = documentId ? { id: documentId, namespace: ref.namespace } : null;
      // Vectors first (they may live in another store), rows after: every step is safe to repeat.
      if (doc && status === 'completed') {
        // Another user's document of this name is theirs to replace (or an admin's): this version goes.
        if (!ref.mayReplaceOthers && (await nameTakenByOther(db, { namespace: ref.namespace, fileName: ref.fileName, userId: ref.userId, exceptId: doc.id }))) {
          status = 'failed';
          error = `a document named ${ref.fileName} in namespace ${ref.namespace} belongs to another user; only they or an admin may replace it`;
        }
      }
      if (doc && status === 'completed') {
        await knowledge.trimChunks(doc, input.chunks);
        // The clock orders finished versions: each replaces only those finished before it, never one
        // still being ingested (that one replaces this when it finishes), so concurrent versions end
        // with exactly one.
        const marked = (
          await db.query<{ updated_at: Date | string }>(
            `update kb_documents set content_hash = $2, pages = $3, chunks = $4, updated_at = clock_timestamp() where id = $1 returning updated_at`,
            [doc.id, ref.uploadKey, input.pages, input.chunks],
          )
        ).rows[0];
        if (!marked) {
          // Deleted while it was being ingested: its vectors (in a store of their own) go too.
          await knowledge.trimChunks(doc, 0);
          status = 'failed';
          error = 'the document was deleted while it was being ingested';
        } else {
          const old = (
            await db.query<{ id: string }>(
              `select id from kb_documents where namespace = $1 and file_name = $2 and id <> $3 and content_hash is not null
                 and (updated_at, id) < ($4::timestamptz, $3::text) and ($5::boolean or created_by is not distinct from $6)`,
              [ref.namespace, ref.fileName, doc.id, marked.updated_at, ref.mayReplaceOthers === true, ref.userId],
            )
          ).rows;
          for (const { id } of old) await deleteDocument(db, knowledge, { id, namespace: ref.namespace });
          await knowledge.refreshStatistics?.();
        }
      }
      if (doc && status === 'failed') {
        const row = (await db.query<{ content_hash: string | null }>(`select content_hash from kb_documents where id = $1`, [doc.id])).rows[0];
        if (row && row.content_hash === null) await deleteDocument(db, knowledge, doc);
      }
      await db.transaction(async (tx) => {
        await tx.query(`delete from ingest_chunks where ingestion_id = $1`, [ref.ingestionId]);
        const { rows } = await tx.query<{ ms: number | string | null }>(
          `update ingestions set status = $2, document_id = $3, pages = $4, chunks = $5, error = $6, finished_at = coalesce(finished_at, now()) where id = $1
           returning extract(epoch from (finished_at - created_at)) * 1000 as ms`,
          [ref.ingestionId, status, documentId, input.pages, input.chunks, error],
        );
        durationMs = rows[0]?.ms == null ? null : Number(rows[0].ms);
      });
      // Uploads no document uses any more, past their retention (a failed ingestion's, say).
      if (deps.uploadRetentionMs !== undefined) await purgeUploads(db, { olderThanMs: deps.uploadRetentionMs });
      observeIngestion(status, input.pages, input.chunks, durationMs);
      return { status, error };
    },

    /** For the search tool: refuses a namespace built with another embedder instead of comparing vectors of two spaces. */
    async namespaceProblem(namespace: string): Promise<string | null> {
      const r = await checkNamespace(db, namespace, embedder.id, embedder.dimensions);
      return r.ok ? null : `namespace "${namespace}" was built with ${r.builtWith}, not ${embedder.id}`;
    },
  };
}
