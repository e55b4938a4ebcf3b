/**
 * Knowledge-base retrieval, as the `search_knowledge_base` tool and the retrieval eval run it: each
 * phrasing (the query and its alternates) embedded in one call and searched on its own, passages under
 * the relevance threshold dropped, and the lists fused by reciprocal rank (k = 60) when there are
 * several, so a passage found by more phrasings, or higher, comes first; its score is its best cosine.
 * With one phrasing the result is that search's, unchanged.
 *
 * An alternate must clear a higher bar than the query (`alternateMinScore`): every extra phrasing is
 * another chance of a passage matching by chance, and a short one (a word or two) scores chance
 * matches higher. Measured with the lexical default: "paternity" scores 0.105 against a travel page
 * (the threshold is 0.1), "alcohol" 0.232 against the page that answers.
 */
import type { Embedder } from '../adapters/embedding.js';
import type { ChunkHit, KnowledgeStore } from '../adapters/knowledge-store.js';

export const RRF_K = 60;

/** The bar an alternate phrasing's passages must clear: a tenth of the way from the threshold to 1. */
export const alternateMinScore = (minScore: number) => minScore + (1 - minScore) * 0.1;

export async function retrievePassages(
  deps: { embedder: Embedder; knowledge: KnowledgeStore; minScore: number },
  namespace: string,
  phrasings: string[],
  topK: number,
): Promise<ChunkHit[]> {
  // The query first (its threshold is the plain one), then the alternates that differ from it.
  const unique = [...new Set(phrasings.map((p) => p.trim()).filter(Boolean))];
  const vectors = await deps.embedder.embed(unique, 'query');
  const lists = await Promise.all(vectors.map((v) => deps.knowledge.search(namespace, v, topK)));
  // Below the threshold a passage shares words by chance: not evidence for an answer.
  return fuseRankings(
    lists.map((l, i) => l.filter((h) => h.score >= (i === 0 ? deps.minScore : alternateMinScore(deps.minScore)))),
    topK,
  );
}

/** Reciprocal-rank fusion of ranked lists of hits (the same chunk in several lists counts once, with its best score). */
export function fuseRankings(lists: ChunkHit[][], topK: number): ChunkHit[] {
  if (lists.length === 1) return lists[0]!.slice(0, topK);
  const fused = new Map<string, { hit: ChunkHit; rrf: number }>();
  for (const list of lists) {
    list.forEach((h, rank) => {
      const key = `${h.documentId}:${h.chunkIndex}`;
      const prev = fused.get(key);
      fused.set(key, { hit: prev && prev.hit.score >= h.score ? prev.hit : h, rrf: (prev?.rrf ?? 0) + 1 / (RRF_K + rank + 1) });
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.rrf - a.rrf || b.hit.score - a.hit.score)
    .slice(0, topK)
    .map((f) => f.hit);
}
