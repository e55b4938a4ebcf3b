/**
 * Chunking for the knowledge base: each page's text (whitespace folded) is cut into windows of `size`
 * characters every `size - overlap` characters. Chunks never span pages, so every chunk cites exactly
 * one page; with the overlap, any word shorter than it appears whole in some chunk. Pure.
 */
export interface Chunk {
  /** Position in the document, from 0: with the document id, the chunk's stable id. */
  index: number;
  page: number;
  text: string;
}

export const CHUNK_SIZE = 1000;
export const CHUNK_OVERLAP = 200;

export function normalizePageText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `pages[i]` is page i + 1. Empty pages yield no chunks. */
export function chunkPages(pages: string[], size = CHUNK_SIZE, overlap = CHUNK_OVERLAP): Chunk[] {
  if (!(size > 0) || !(overlap >= 0) || overlap >= size) throw new Error(`bad chunking: size ${size}, overlap ${overlap}`);
  const stride = size - overlap;
  const chunks: Chunk[] = [];
  pages.forEach((raw, i) => {
    const text = normalizePageText(raw);
    for (let start = 0; start < text.length; start += stride) {
      chunks.push({ index: chunks.length, page: i + 1, text: text.slice(start, start + size) });
      if (start + size >= text.length) break;
    }
  });
  return chunks;
}
