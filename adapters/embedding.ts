/**
 * Embedders. `local` is lexical, not semantic: feature hashing of words, word pairs and character
 * trigrams into 1,024 dimensions, L2-normalized. It finds exact and near-exact wording offline with no
 * account; it does not know that "meal" and "dinner" are related. Remote providers arrive with ingestion.
 */
export const EMBEDDING_DIMENSIONS = 1024;

export interface Embedder {
  /** provider/model, recorded with each namespace so vector spaces are never mixed. */
  id: string;
  dimensions: number;
  embed(texts: string[]): Promise<number[][]>;
}

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

/** One text to a unit vector: signed feature hashing so collisions cancel rather than pile up. */
export function lexicalEmbedding(text: string, dims = EMBEDDING_DIMENSIONS): number[] {
  const v = new Float64Array(dims);
  const add = (feature: string, weight: number) => {
    const h = fnv1a(feature);
    v[h % dims]! += (h & 0x80000000 ? -1 : 1) * weight;
  };
  const words = tokenize(text);
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

export function createLocalEmbedder(): Embedder {
  return {
    id: 'local/lexical-hash-v1',
    dimensions: EMBEDDING_DIMENSIONS,
    embed: async (texts) => texts.map((t) => lexicalEmbedding(t)),
  };
}
