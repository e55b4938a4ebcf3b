/**
 * The Pinecone vector store (serverless index, 1,024 dimensions, cosine). Copilot namespaces are
 * Pinecone namespaces; chunk ids are documentId:chunkIndex with the text and page in metadata, so a
 * document's chunks are found by id prefix (list) and removed by id (delete).
 */
import { Pinecone } from '@pinecone-database/pinecone';
import type { ChunkHit, KnowledgeStore } from './knowledge-store.js';

type ChunkMetadata = { documentId: string; chunkIndex: number; fileName: string; page: number; text: string };

const UPSERT_BATCH = 100;
const DELETE_BATCH = 1000;

export function createPineconeStore(opts: { apiKey: string; index?: string; indexHost?: string }): KnowledgeStore {
  // The SDK's own retries are off: activities retry, and stacked retries would multiply the wait.
  const pc = new Pinecone({ apiKey: opts.apiKey, maxRetries: 0 });
  // A host skips the control-plane lookup (private endpoints, tests); otherwise the SDK resolves the name.
  const index = pc.index<ChunkMetadata>(opts.indexHost ? { host: opts.indexHost } : { name: opts.index! });

  async function idsWithPrefix(namespace: string, prefix: string): Promise<string[]> {
    const ids: string[] = [];
    let paginationToken: string | undefined;
    do {
      const page = await index.listPaginated({ namespace, prefix, limit: 100, ...(paginationToken ? { paginationToken } : {}) });
      ids.push(...(page.vectors ?? []).map((v) => v.id!).filter(Boolean));
      paginationToken = page.pagination?.next;
    } while (paginationToken);
    return ids;
  }

  return {
    kind: 'pinecone',
    async search(namespace, embedding, topK) {
      const res = await index.query({ namespace, vector: embedding, topK, includeMetadata: true, includeValues: false });
      return (res.matches ?? [])
        .filter((m) => m.metadata)
        .map(
          (m): ChunkHit => ({
            documentId: m.metadata!.documentId,
            fileName: m.metadata!.fileName,
            page: Number(m.metadata!.page),
            chunkIndex: Number(m.metadata!.chunkIndex),
            text: m.metadata!.text,
            score: Math.round((m.score ?? 0) * 1e4) / 1e4,
          }),
        );
    },
    async upsertChunks(doc, chunks) {
      for (let i = 0; i < chunks.length; i += UPSERT_BATCH) {
        await index.upsert({
          namespace: doc.namespace,
          records: chunks.slice(i, i + UPSERT_BATCH).map((c) => ({
            id: `${doc.id}:${c.chunkIndex}`,
            values: c.embedding,
            metadata: { documentId: doc.id, chunkIndex: c.chunkIndex, fileName: doc.fileName, page: c.page, text: c.text },
          })),
        });
      }
    },
    async trimChunks(doc, keep) {
      const ids = (await idsWithPrefix(doc.namespace, `${doc.id}:`)).filter((id) => Number(id.slice(doc.id.length + 1)) >= keep);
      for (let i = 0; i < ids.length; i += DELETE_BATCH) await index.deleteMany({ namespace: doc.namespace, ids: ids.slice(i, i + DELETE_BATCH) });
      return ids.length;
    },
  };
}
