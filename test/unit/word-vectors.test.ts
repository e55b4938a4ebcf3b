/**
 * The offline embedder's word vectors (issue 20, part 2): the compact file built from the package's JSON
 * (a scanner, not JSON.parse of 307 MB), read back, and the pooled text vectors they give.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWordVectorEmbedder, wordVectorEmbedding } from '../../adapters/embedding.js';
import { buildCompactWordVectors, defaultWordVectorsFile, loadWordVectors, readCompactWordVectors, WORD_VECTOR_DIMENSIONS } from '../../adapters/word-vectors.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'word-vectors-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A file in the package's format: words most frequent first, then "vectors" (d0…d99, l2 norm, index). */
function packageFile(entries: { word: string; v: number[]; index: number }[]): string {
  const file = path.join(dir, `pkg-${Math.random().toString(36).slice(2)}.json`);
  const words = entries.map((e) => e.word);
  // "vectors" appears as a word too, as it does in the real list.
  const body = entries.map((e) => `${JSON.stringify(e.word)}:[${[...e.v, Math.hypot(...e.v), e.index].join(',')}]`).join(',');
  fs.writeFileSync(file, `{"precision":8,"l2NormIndex":100,"wordIndex":101,"size":${entries.length},"dimensions":100,"words":${JSON.stringify([...words, 'vectors'])},"vectors":{${body}},"unkVector":[0]}`);
  return file;
}
const basis = (k: number, scale = 1) => Array.from({ length: WORD_VECTOR_DIMENSIONS }, (_, i) => (i === k ? scale : i === k + 1 ? scale / 2 : 0));

describe('the compact word-vector file', () => {
  it('keeps the first words by frequency, unit length and quantized, with escapes in words read exactly', () => {
    const src = packageFile([
      { word: 'meal', v: basis(0, 3), index: 0 },
      { word: 'say "hi"\\', v: basis(2, 0.5), index: 1 },
      { word: 'zero', v: basis(4, 0), index: 2 },
      { word: 'rare', v: basis(6), index: 5 }, // past the vocabulary of 3: left out
    ]);
    const out = path.join(dir, 'small.bin');
    expect(buildCompactWordVectors(src, out, 3)).toBe(2);
    const wv = readCompactWordVectors(out);
    expect([...wv.rank.entries()]).toEqual([
      ['meal', 0],
      ['say "hi"\\', 1],
    ]);
    // Unit length after dequantizing, within int8's step.
    const v = Array.from({ length: WORD_VECTOR_DIMENSIONS }, (_, d) => wv.codes[d]! * wv.scales[0]!);
    expect(Math.hypot(...v)).toBeCloseTo(1, 2);
    expect(v[0]).toBeCloseTo(2 / Math.sqrt(5), 2);
  });

  it('refuses a file that is not one, and a truncated one', () => {
    const bogus = path.join(dir, 'bogus.bin');
    const header = Buffer.from(JSON.stringify({ magic: 'something-else', dimensions: 100, count: 1, wordBytes: 1 }));
    const head = Buffer.alloc(4);
    head.writeUInt32LE(header.length);
    fs.writeFileSync(bogus, Buffer.concat([head, header, Buffer.from('a')]));
    expect(() => readCompactWordVectors(bogus)).toThrow(/not a compact word-vector file/);
    const src = packageFile([{ word: 'meal', v: basis(0), index: 0 }]);
    const out = path.join(dir, 'cut.bin');
    buildCompactWordVectors(src, out, 1);
    fs.writeFileSync(out, fs.readFileSync(out).subarray(0, fs.statSync(out).size - 10));
    expect(() => readCompactWordVectors(out)).toThrow(/truncated/);
  });

  it('is built from the installed package when missing (as npm install does), 100,000 words', () => {
    const file = path.join(dir, 'built.bin');
    const wv = loadWordVectors(file);
    expect(fs.existsSync(file)).toBe(true);
    expect(wv.rank.size).toBeGreaterThan(99_000);
    expect(wv.rank.get('the')).toBe(0);
    // The file npm install built is the same size.
    if (fs.existsSync(defaultWordVectorsFile())) expect(fs.statSync(file).size).toBe(fs.statSync(defaultWordVectorsFile()).size);
  }, 60_000);
});

describe('pooled text vectors', () => {
  const wv = loadWordVectors();
  const cos = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
  it('are 1,024-dimension unit vectors (100 used, the rest zero); a text with no known word is the zero vector', () => {
    const v = wordVectorEmbedding('Client meals are reimbursed', wv);
    expect(v).toHaveLength(1024);
    expect(Math.hypot(...v)).toBeCloseTo(1, 6);
    expect(v.slice(100).every((x) => x === 0)).toBe(true);
    expect(wordVectorEmbedding('', wv)).toEqual(new Array(1024).fill(0));
    expect(wordVectorEmbedding('the of and xqzzyv', wv)).toEqual(new Array(1024).fill(0));
  });

  it('know what words mean: a dinner is nearer a meal than encryption is, a notebook computer nearer a laptop than a hotel', async () => {
    const e = createWordVectorEmbedder();
    const [dinner, meals, encryption, notebook, laptops, hotel] = await e.embed(['business dinner', 'client meals', 'disk encryption', 'notebook computer', 'laptops', 'hotel nights']);
    expect(cos(dinner!, meals!)).toBeGreaterThan(cos(dinner!, encryption!) + 0.2);
    expect(cos(notebook!, laptops!)).toBeGreaterThan(cos(notebook!, hotel!) + 0.2);
    expect(e.id).toBe('local/glove-100d-v1');
  });
});
