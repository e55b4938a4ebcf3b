/**
 * The pgvector knowledge store (PGlite or Postgres with pgvector): chunk rows with 1,024-dimension
 * embeddings, searched by cosine distance within a namespace.
 */
import type { Db } from './db.js';

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

export interface KnowledgeStore {
  search(namespace: string, embedding: number[], topK: number): Promise<ChunkHit[]>;
  /** Replaces a document's chunks (ids are documentId:chunkIndex, so a re-run never duplicates). */
  putDocument(doc: { id: string; namespace: string; fileName: string; pages: number }, chunks: ChunkInput[]): Promise<void>;
}

const toVector = (v: number[]) => `[${v.join(',')}]`;

export function createPgvectorStore(db: Db): KnowledgeStore {
  return {
    async search(namespace, embedding, topK) {
      const { rows } = await db.query<{
        document_id: string;
        file_name: string;
        page: number;
        chunk_index: number;
        text: string;
        distance: number;
      }>(
        `select document_id, file_name, page, chunk_index, text, embedding <=> $1::vector as distance
           from kb_chunks where namespace = $2 order by embedding <=> $1::vector limit $3`,
        [toVector(embedding), namespace, topK],
      );
      return rows.map((r) => ({
        documentId: r.document_id,
        fileName: r.file_name,
        page: r.page,
        chunkIndex: r.chunk_index,
        text: r.text,
        score: Math.round((1 - Number(r.distance)) * 1e4) / 1e4,
      }));
    },
    async putDocument(doc, chunks) {
      await db.transaction(async (tx) => {
        await tx.query(
          `insert into kb_documents (id, namespace, file_name, pages) values ($1, $2, $3, $4)
           on conflict (id) do update set namespace = excluded.namespace, file_name = excluded.file_name, pages = excluded.pages`,
          [doc.id, doc.namespace, doc.fileName, doc.pages],
        );
        await tx.query('delete from kb_chunks where document_id = $1', [doc.id]);
        for (let i = 0; i < chunks.length; i += 100) {
          const batch = chunks.slice(i, i + 100);
          const params: unknown[] = [];
          const values = batch.map((c, j) => {
            params.push(`${doc.id}:${c.chunkIndex}`, doc.namespace, doc.id, c.chunkIndex, doc.fileName, c.page, c.text, toVector(c.embedding));
            const b = j * 8;
            return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8}::vector)`;
          });
          await tx.query(
            `insert into kb_chunks (id, namespace, document_id, chunk_index, file_name, page, text, embedding) values ${values.join(', ')}`,
            params,
          );
        }
      });
    },
  };
}
