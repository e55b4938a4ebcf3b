import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkPages, normalizePageText } from '../../domain/chunking.js';

describe('chunkPages (property tests)', () => {
  const pages = fc.array(fc.string({ maxLength: 3000, unit: fc.constantFrom('a', 'b', ' ', '\n', 'é', 'x', '1') }), { maxLength: 6 });
  const params = fc.tuple(fc.integer({ min: 2, max: 1200 }), fc.integer({ min: 0, max: 1199 })).filter(([s, o]) => o < s);

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

  it('consecutive chunks of a page overlap by exactly `overlap`, and together cover the page', () => {
    fc.assert(
      fc.property(pages, params, (ps, [size, overlap]) => {
        const chunks = chunkPages(ps, size, overlap);
        ps.forEach((raw, i) => {
          const text = normalizePageText(raw);
          const mine = chunks.filter((c) => c.page === i + 1);
          if (text === '') return expect(mine).toEqual([]);
          let rebuilt = mine[0]!.text;
          for (let k = 1; k < mine.length; k++) {
            expect(mine[k - 1]!.text.length).toBe(size); // only the last chunk of a page is short
            expect(mine[k]!.text.slice(0, overlap)).toBe(mine[k - 1]!.text.slice(size - overlap));
            rebuilt += mine[k]!.text.slice(overlap);
          }
          expect(rebuilt).toBe(text);
        });
      }),
    );
  });

  it('uses 1,000 characters with 200 overlap by default', () => {
    const text = 'w'.repeat(2500);
    const chunks = chunkPages([text]);
    expect(chunks.map((c) => c.text.length)).toEqual([1000, 1000, 900]);
    expect(chunkPages(['', '  ', 'hi'])).toEqual([{ index: 0, page: 3, text: 'hi' }]);
    expect(() => chunkPages(['x'], 100, 100)).toThrow(/bad chunking/);
  });
});
