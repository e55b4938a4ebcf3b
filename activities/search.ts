/**
 * Knowledge-base retrieval, as the `search_knowledge_base` tool and the retrieval eval run it: hybrid.
 * Each phrasing (the query and its alternates) is searched two ways, by its embedding in the vector store
 * (cosine similarity) and by its words in the database's full-text index (coverage: the share of the
 * query's weight the passage contains, adapters/fulltext.ts). The two ranked lists of every phrasing
 * are fused by reciprocal rank (k = 60), so a passage found both ways, by more phrasings, or higher,
 * comes first.
 *
 * Whether a passage is evidence at all is decided on its **relevance**, one number from both signals:
 * `(cosine + w · coverage) / (1 + w)`, w = KB_TEXT_WEIGHT (0.5). Passages under KB_MIN_SCORE are
 * dropped before fusion: the honest "the documents do not cover this" rests on nothing passing, and rank
 * fusion alone would always return something. One combined bar, not one per side, because the sides
 * fail differently: word vectors drift to any text on the same theme (cosines of 0.8 for questions the
 * documents do not answer), and an OR-ed word match finds any passage sharing a word; a passage strong
 * on one side and present on the other is what the answering ones look like. Calibrated with the
 * retrieval eval's answerable and unanswerable questions (docs/evals.md). A signal a passage did not
 * get (outside that side's top candidates, or no full-text index in the store) counts 0; without a
 * full-text index relevance is the cosine alone, and for a phrasing the embedder knows no word of (a zero
 * vector: the offline word vectors are English's) it is the coverage alone.
 *
 * An alternate must clear a higher bar than the query (`alternateMinScore`): every extra phrasing is
 * another chance of a passage matching by chance, and a short one (a word or two) scores chance
 * matches higher. Measured with the old lexical hash: "paternity" scored 0.105 against a travel page
 * (its threshold was 0.1), "alcohol" 0.232 against the page that answers.
 */
import type { Embedder } from '../adapters/embedding.js';
import type { ChunkHit, KnowledgeStore } from '../adapters/knowledge-store.js';

export const RRF_K = 60;

/** The bar an alternate phrasing's passages must clear: a tenth of the way from the threshold to 1. */
export const alternateMinScore = (minScore: number) => minScore + (1 - minScore) * 0.1;

/** How many candidates each list brings to the fusion (before thresholds): deeper than top-k, so fusion can reorder. */
export const candidatesFor = (topK: number) => Math.max(20, topK * 4);

export interface RetrievalDeps {
  embedder: Embedder;
  knowledge: KnowledgeStore;
  /** The relevance a passage needs (KB_MIN_SCORE). */
  minScore: number;
  /** How much full-text coverage weighs against the cosine (KB_TEXT_WEIGHT). */
  textWeight: number;
}

/** A passage's relevance from its cosine and its full-text coverage (each 0 when that side did not find it). */
export const relevance = (cosine: number, coverage: number | undefined, textWeight: number) =>
  coverage === undefined ? cosine : (cosine + textWeight * coverage) / (1 + textWeight);

const chunkKey = (h: ChunkHit) => `${h.documentId}:${h.chunkIndex}`;

export async function retrievePassages(deps: RetrievalDeps, namespace: string, phrasings: string[], topK: number): Promise<ChunkHit[]> {
  // The query first (its threshold is the plain one), then the alternates that differ from it.
  const unique = [...new Set(phrasings.map((p) => p.trim()).filter(Boolean))];
  const depth = candidatesFor(topK);
  const searchText = deps.knowledge.searchText?.bind(deps.knowledge);
  const vectors = await deps.embedder.embed(unique, 'query');
  const searched = await Promise.all(
    unique.map(async (phrasing, i) => {
      // A phrasing the embedder knows no word of (the offline word vectors are English's: "酒精饮料可以报销吗") has no
      // vector to search by: its passages are judged by their words alone, as where there is no full-text index.
      const known = vectors[i]!.some((x) => x !== 0) || !searchText;
      const [byVector, byText] = await Promise.all([known ? deps.knowledge.search(namespace, vectors[i]!, depth) : [], searchText ? searchText(namespace, phrasing, depth) : undefined]);
      const cosine = new Map(byVector.map((h) => [chunkKey(h), h.score]));
      const coverage = byText && new Map(byText.map((h) => [chunkKey(h), h.score]));
      const min = i === 0 ? deps.minScore : alternateMinScore(deps.minScore);
      // Each list keeps its own order; a hit carries its relevance as its score.
      const scored = (list: ChunkHit[]) =>
        list
          .map((h) => ({ ...h, score: round4(known ? relevance(cosine.get(chunkKey(h)) ?? 0, coverage ? (coverage.get(chunkKey(h)) ?? 0) : undefined, deps.textWeight) : (coverage?.get(chunkKey(h)) ?? 0)) }))
          .filter((h) => h.score >= min);
      return [scored(byVector), scored(byText ?? [])];
    }),
  );
  return fuseRankings(searched.flat().filter((l) => l.length > 0), topK);
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
const plainHit = (h: ChunkHit): ChunkHit => ({ documentId: h.documentId, fileName: h.fileName, page: h.page, chunkIndex: h.chunkIndex, text: h.text, score: h.score });

/** Reciprocal-rank fusion of ranked lists of hits (the same chunk in several lists counts once, with its best score). */
export function fuseRankings(lists: ChunkHit[][], topK: number): ChunkHit[] {
  if (lists.length === 0) return [];
  if (lists.length === 1) return lists[0]!.slice(0, topK).map(plainHit);
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
    .map((f) => plainHit(f.hit));
}
