import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkPages, normalizePageText, pageSpans } from '../../domain/chunking.js';

describe('chunkPages (property tests)', () => {
  // Words of 1–30 letters (some accented), now and then a sentence's end, separated by any whitespace;
  // and now and then a run with no space longer than a small window.
  const word = fc.string({ minLength: 1, maxLength: 30, unit: fc.constantFrom('a', 'b', 'é', 'x', '1', 'Z') });
  const token = fc.oneof({ weight: 8, arbitrary: word }, { weight: 1, arbitrary: word.map((w) => `${w}.`) }, { weight: 1, arbitrary: fc.constant('x'.repeat(70)) });
  const page = fc.array(fc.tuple(token, fc.constantFrom(' ', '  ', '\n', ' \t ')), { maxLength: 400 }).map((ws) => ws.map(([w, s]) => w + s).join(''));
  const pages = fc.array(page, { maxLength: 5 });
  const params = fc.tuple(fc.integer({ min: 40, max: 1200 }), fc.integer({ min: 0, max: 1199 })).filter(([s, o]) => o < s);
  const wordsOf = (text: string) => (text === '' ? [] : text.split(' '));

  it('chunks are at most `size` long, non-empty, numbered in order, and cite one real page', () => {
    fc.assert(
      fc.property(pages, params, (ps, [size, overlap]) => {
        const chunks = chunkPages(ps, size, overlap);
        chunks.forEach((c, i) => {
          expect(c.index).toBe(i);
          expect(c.text.length).toBeGreaterThan(0);
          expect(c.text.length).toBeLessThanOrEqual(size);
          expect(c.page).toBeGreaterThanOrEqual(1);
          expect(c.page).toBeLessThanOrEqual(ps.length);
          expect(normalizePageText(ps[c.page - 1]!)).toContain(c.text);
        });
      }),
    );
  });

  it('never cuts inside a word (only a word longer than the window itself), and every word is whole in some chunk', () => {
    fc.assert(
      fc.property(page, params, (raw, [size, overlap]) => {
        const text = normalizePageText(raw);
        const spans = pageSpans(text, size, overlap);
        const inWord = (i: number) => i > 0 && i < text.length && text[i - 1] !== ' ' && text[i] !== ' ';
        // The word (run without a space) around position i, and whether it is longer than the window.
        const overlong = (i: number) => {
          const a = text.lastIndexOf(' ', i - 1) + 1;
          const b = text.indexOf(' ', i);
          return (b === -1 ? text.length : b) - a > size;
        };
        for (const [start, end] of spans) {
          if (inWord(start)) expect(overlong(start), `start ${start} inside a word`).toBe(true);
          if (inWord(end)) expect(overlong(end), `end ${end} inside a word`).toBe(true);
          expect(text[start]).not.toBe(' ');
          expect(text[end - 1]).not.toBe(' ');
        }
        const chunks = spans.map(([a, b]) => ` ${text.slice(a, b)} `);
        for (const w of new Set(wordsOf(text))) if (w.length <= size) expect(chunks.some((c) => c.includes(` ${w} `)), w).toBe(true);
      }),
    );
  });

  it('consecutive chunks overlap by at most `overlap`, move forward, and together cover the page', () => {
    fc.assert(
      fc.property(page, params, (raw, [size, overlap]) => {
        const text = normalizePageText(raw);
        const spans = pageSpans(text, size, overlap);
        if (text === '') {
          expect(spans).toEqual([]);
          return;
        }
        expect(spans[0]![0]).toBe(0);
        expect(spans.at(-1)![1]).toBe(text.length);
        for (let k = 1; k < spans.length; k++) {
          const [a0, b0] = spans[k - 1]!;
          const [a1] = spans[k]!;
          expect(a1).toBeGreaterThan(a0);
          expect(a1).toBeLessThanOrEqual(b0 + 1); // no gap but the space between
          expect(b0 - a1).toBeLessThanOrEqual(overlap);
        }
      }),
    );
  });

  it('uses about 1,000 characters with up to 200 of overlap by default, preferring a sentence\'s end', () => {
    const sentence = 'Client meals are reimbursed up to 60 EUR per person when a client attends. ';
    const text = sentence.repeat(40).trim();
    const chunks = chunkPages([text]);
    for (const c of chunks.slice(0, -1)) {
      expect(c.text.length).toBeGreaterThan(900);
      expect(c.text.length).toBeLessThanOrEqual(1000);
      expect(c.text.endsWith('attends.')).toBe(true);
      expect(c.text.startsWith('Client') || c.text.startsWith('meals') || /^[a-z0-9]/i.test(c.text)).toBe(true);
    }
    expect(chunkPages(['', '  ', 'hi'])).toEqual([{ index: 0, page: 3, text: 'hi' }]);
    expect(() => chunkPages(['x'], 100, 100)).toThrow(/bad chunking/);
    // One run longer than the window is cut where it must be (no overlap inside it), and nothing is lost.
    expect(chunkPages(['y'.repeat(2500)]).map((c) => c.text.length)).toEqual([1000, 1000, 500]);
  });
});
