/**
 * Embedders, all producing 1,024-dimension unit vectors. `local` (the default) is static word vectors
 * (GloVe, 100 dimensions, padded: `createWordVectorEmbedder`): offline, no account, and it knows that
 * "meal" and "dinner" are related; exact terms are the database's full-text search's job
 * (adapters/fulltext.ts), beside it. `openrouter`, `gemini` and `ollama` speak the OpenAI-compatible
 * embeddings API through one client.
 *
 * `createHashEmbedder` (feature hashing of words, word pairs and character trigrams) was the offline
 * default before issue 20. It is kept as a test double (deterministic, no files) and as the "before" row
 * of the retrieval eval; namespaces it built are re-embedded at start-up (`reembedLocalNamespaces`).
 */
import { classifyLlmError, LlmError } from './llm.js';
import { FailureType } from '../domain/failures.js';
import { createWireEndpoint } from './openai-wire.js';
import { loadWordVectors, type WordVectors } from './word-vectors.js';
export const EMBEDDING_DIMENSIONS = 1024;

export interface Embedder {
  /** provider/model, recorded with each namespace so vector spaces are never mixed. */
  id: string;
  dimensions: number;
  /**
   * `kind`: what the texts are, for models that embed a search query differently from the passages
   * it should find (`query`); passages by default.
   */
  embed(texts: string[], kind?: TextKind): Promise<number[][]>;
}
export type TextKind = 'query' | 'passage';

/**
 * Query instructions the model's own documentation asks for (passages take none):
 * mxbai-embed-large, per Mixedbread's model card (huggingface.co/mixedbread-ai/mxbai-embed-large-v1)
 * and Ollama's page for it (ollama.com/library/mxbai-embed-large).
 */
export const QUERY_PROMPTS: { model: RegExp; prefix: string }[] = [{ model: /^mxbai-embed-large(:|$)/, prefix: 'Represent this sentence for searching relevant passages: ' }];
export const queryPrefixFor = (model: string) => QUERY_PROMPTS.find((p) => p.model.test(model))?.prefix ?? '';

const STOPWORDS = new Set(
  'a an and are as at be by for from has have how i in is it its of on or that the this to was what when where which who will with do does can may my our we you your about'.split(' '),
);

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** Light suffix stripping so "hotels"/"hotel" and "meals"/"meal" share features. Not a full stemmer. */
export function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(ss|x|z|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed') && !w.endsWith('eed')) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) return w.slice(0, -1);
  return w;
}

/** One text to a unit vector: signed feature hashing so collisions cancel rather than pile up. */
export function lexicalEmbedding(text: string, dims = EMBEDDING_DIMENSIONS): number[] {
  const v = new Float64Array(dims);
  const add = (feature: string, weight: number) => {
    const h = fnv1a(feature);
    v[h % dims]! += (h & 0x80000000 ? -1 : 1) * weight;
  };
  const words = tokenize(text).map(stem);
  words.forEach((w, i) => {
    const content = !STOPWORDS.has(w);
    add(`w:${w}`, content ? 1 : 0.2);
    if (content && w.length > 3) {
      const padded = `^${w}$`;
      for (let j = 0; j + 3 <= padded.length; j++) add(`t:${padded.slice(j, j + 3)}`, 0.35);
    }
    const next = words[i + 1];
    if (next && content && !STOPWORDS.has(next)) add(`b:${w} ${next}`, 0.6);
  });
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  return Array.from(v, (x) => (norm > 0 ? x / norm : 0));
}

export const HASH_EMBEDDER_ID = 'local/lexical-hash-v2';

/** The feature-hashing embedder: a test double and the retrieval eval's "before" (no longer the default). */
export function createHashEmbedder(): Embedder {
  return {
    id: HASH_EMBEDDER_ID,
    dimensions: EMBEDDING_DIMENSIONS,
    embed: async (texts) => texts.map((t) => lexicalEmbedding(t)),
  };
}

/**
 * How much a word counts in a text's vector, from its frequency rank: nothing for the commonest words
 * ("the" is rank 0), rising with the logarithm of the rank (Zipf: log rank ~ inverse document frequency).
 */
export const rankWeight = (rank: number) => Math.log1p(rank / 50);

/**
 * One text to a unit vector from static word vectors: the words' unit vectors averaged, weighted by
 * rarity (`rankWeight`), stop words left out; a word missing from the vocabulary is tried once more
 * without its suffix ("encryptions" as "encryption"), then skipped. Padded with zeros to `dims`
 * (cosine is unchanged), so every store keeps one width. A text with no known word is the zero vector.
 */
export function wordVectorEmbedding(text: string, vectors: WordVectors, dims = EMBEDDING_DIMENSIONS): number[] {
  const d = vectors.dimensions;
  const sum = new Float64Array(d);
  for (const w of tokenize(text)) {
    if (STOPWORDS.has(w)) continue;
    const rank = vectors.rank.get(w) ?? vectors.rank.get(stem(w));
    if (rank === undefined) continue;
    const weight = rankWeight(rank) * vectors.scales[rank]!;
    const base = rank * d;
    for (let k = 0; k < d; k++) sum[k]! += vectors.codes[base + k]! * weight;
  }
  let norm = 0;
  for (const x of sum) norm += x * x;
  norm = Math.sqrt(norm);
  const out = new Array<number>(dims).fill(0);
  if (norm > 0) for (let k = 0; k < d; k++) out[k] = sum[k]! / norm;
  return out;
}

/**
 * The offline default: GloVe word vectors (adapters/word-vectors.ts), pooled. Semantic in a static
 * way ("dinner" lands near "meal"), paired with the database's full-text search for exact terms.
 */
export function createWordVectorEmbedder(vectors?: WordVectors): Embedder {
  let v = vectors;
  return {
    id: 'local/glove-100d-v1',
    dimensions: EMBEDDING_DIMENSIONS,
    embed: async (texts) => {
      v ??= loadWordVectors();
      return texts.map((t) => wordVectorEmbedding(t, v!));
    },
  };
}

/** Fits a provider's vector to `dims`: longer ones are truncated (Matryoshka) and re-normalized. */
export function fitDimensions(v: number[], dims = EMBEDDING_DIMENSIONS): number[] {
  if (v.length < dims) throw new Error(`the embedding model returned ${v.length} dimensions; ${dims} are needed (pick a model with at least ${dims})`);
  const cut = v.length === dims ? v : v.slice(0, dims);
  const norm = Math.sqrt(cut.reduce((a, x) => a + x * x, 0));
  if (!(norm > 0)) throw new Error('the embedding model returned a zero vector');
  return cut.map((x) => x / norm);
}

export const EmbeddingProvider = { local: 'local', openrouter: 'openrouter', gemini: 'gemini', ollama: 'ollama' } as const;
export type EmbeddingProvider = (typeof EmbeddingProvider)[keyof typeof EmbeddingProvider];

/** Defaults per provider; `dimensions` says whether the API takes a `dimensions` parameter. */
export const EMBEDDING_DEFAULTS: Record<Exclude<EmbeddingProvider, 'local'>, { baseURL: string; model: string; dimensions: boolean }> = {
  openrouter: { baseURL: 'https://openrouter.ai/api/v1', model: 'nvidia/llama-nemotron-embed-vl-1b-v2', dimensions: true },
  gemini: { baseURL: 'https://generativelanguage.googleapis.com/v1beta/openai', model: 'gemini-embedding-001', dimensions: true },
  ollama: { baseURL: 'http://localhost:11434/v1', model: 'mxbai-embed-large', dimensions: false },
};

export interface RemoteEmbedderOptions {
  provider: Exclude<EmbeddingProvider, 'local'>;
  baseURL: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

/** An OpenAI-compatible embeddings endpoint (adapters/openai-wire.ts); no retries here (activities retry), errors classified like model calls. */
export function createRemoteEmbedder(o: RemoteEmbedderOptions): Embedder {
  const wire = createWireEndpoint({ baseURL: o.baseURL, apiKey: o.apiKey, timeoutMs: o.timeoutMs });
  const askDims = EMBEDDING_DEFAULTS[o.provider].dimensions;
  return {
    id: `${o.provider}/${o.model}`,
    dimensions: EMBEDDING_DIMENSIONS,
    async embed(texts, kind = 'passage') {
      if (texts.length === 0) return [];
      const prefix = kind === 'query' ? queryPrefixFor(o.model) : '';
      let res: { data?: { index: number; embedding: number[] }[] };
      try {
        res = await wire.postJson('embeddings', {
          model: o.model,
          input: prefix ? texts.map((x) => prefix + x) : texts,
          encoding_format: 'float',
          ...(askDims ? { dimensions: EMBEDDING_DIMENSIONS } : {}),
        });
      } catch (e) {
        throw classifyLlmError(e, `embeddings ${o.provider}/${o.model}`);
      }
      const rows = [...(res.data ?? [])].sort((a, b) => a.index - b.index);
      if (rows.length !== texts.length) throw new Error(`the embedding endpoint returned ${rows.length} vectors for ${texts.length} texts`);
      return rows.map((r) => {
        if (!Array.isArray(r.embedding) || r.embedding.some((x) => typeof x !== 'number')) {
          throw new LlmError(`embeddings ${o.provider}/${o.model}: the endpoint sent a vector that is not a list of numbers`, FailureType.llmMalformed, true);
        }
        return fitDimensions(r.embedding);
      });
    },
  };
}
