/**
 * Chunking for the knowledge base: each page's text (whitespace folded) is cut into chunks of at most
 * `size` characters that overlap by at most `overlap`, cut at boundaries a reader would choose: a
 * sentence's end when one falls in the last third of the window, else the last space; never inside a
 * word (only a word longer than `size` itself, a run with no space, is cut where it must be). The next
 * chunk starts at the first word that begins `overlap` characters or less before the cut. Chunks never
 * span pages, so every chunk cites exactly one page. Pure.
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
  const chunks: Chunk[] = [];
  pages.forEach((raw, i) => {
    const text = normalizePageText(raw);
    for (const [start, end] of pageSpans(text, size, overlap)) chunks.push({ index: chunks.length, page: i + 1, text: text.slice(start, end) });
  });
  return chunks;
}

/** The [start, end) of each chunk of one normalized page. */
export function pageSpans(text: string, size: number, overlap: number): [number, number][] {
  const spans: [number, number][] = [];
  let start = 0;
  while (start < text.length) {
    const end = cutAt(text, start, size);
    spans.push([start, end]);
    if (end >= text.length) break;
    start = nextStart(text, start, end, overlap);
  }
  return spans;
}

const SENTENCE_END = /[.!?…:;]["')\]»]?$/;

/** Where a chunk starting at `start` ends: the page's end, a sentence's end late in the window, or the last space. */
function cutAt(text: string, start: number, size: number): number {
  const limit = start + size;
  if (limit >= text.length) return text.length;
  // A space at `limit` means the window ends exactly at a word's end.
  if (text[limit] === ' ') return limit;
  const lastSpace = text.lastIndexOf(' ', limit - 1);
  // No space in the window: one word longer than the window, cut where it must be.
  if (lastSpace <= start) return limit;
  // Prefer a sentence's end in the last third of the window.
  for (let sp = lastSpace; sp > start + (size * 2) / 3; sp = text.lastIndexOf(' ', sp - 1)) {
    if (SENTENCE_END.test(text.slice(Math.max(start, sp - 3), sp))) return sp;
  }
  return lastSpace;
}

/** The next chunk's start: the first word beginning at or after `end - overlap`, and always past `start`. */
function nextStart(text: string, start: number, end: number, overlap: number): number {
  // The chunk ended at a space (or inside an overlong word): the next word begins after it.
  let s = Math.max(start + 1, end - overlap);
  if (s >= end) return text[end] === ' ' ? end + 1 : end;
  // Move to a word's start: after a space, or at the cut itself.
  while (s < end && s > 0 && text[s - 1] !== ' ') s++;
  if (s >= end) return text[end] === ' ' ? end + 1 : end;
  return s;
}
