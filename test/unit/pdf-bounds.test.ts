/**
 * The PDF parser's bounds (issue 16): a decompression bomb is refused with the clear "decompresses to
 * more than" reason however its stream dictionary is spelled (the cheap pre-check reads only plainly
 * marked Flate streams; the parser's own process is bounded in memory from outside), a parse past its
 * time limit is refused, and ordinary PDFs still parse.
 */
import { describe, expect, it } from 'vitest';
import { inflatedSizeWithin, parsePdf, PdfError } from '../../adapters/pdf.js';
import { bombPdf, textPdf, type BombKind } from '../support/crafted-pdf.js';

const LIMIT = 16 * 1024 * 1024;
const BOMB = 160 * 1024 * 1024;

describe('decompression bombs, whatever the filter spelling', () => {
  it('the crafted bombs are small, and all but the plain one pass the dictionary pre-check (the bypasses)', () => {
    for (const kind of ['flate', 'flate-decodeparms', 'flate-indirect', 'hex-then-flate', 'lzw'] as BombKind[]) {
      const pdf = bombPdf(kind, BOMB);
      expect(pdf.length, kind).toBeLessThan(2 * 1024 * 1024);
      expect(inflatedSizeWithin(pdf, LIMIT), kind).toBe(kind !== 'flate');
    }
  });

  it.each(['flate-decodeparms', 'flate-indirect', 'hex-then-flate', 'lzw'] as BombKind[])('%s: refused as a decompression bomb, the parser process killed at its memory bound', async (kind) => {
    const started = Date.now();
    const err = await parsePdf(bombPdf(kind, BOMB), { maxInflatedBytes: LIMIT }).catch((e) => e);
    expect(err).toBeInstanceOf(PdfError);
    expect(err.problem).toBe('too_large');
    expect(err.message).toMatch(/decompresses to more than 16 MB \(INGESTION_MAX_INFLATED_BYTES\); refused as a decompression bomb/);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('a small bomb under the bound is not one: it parses (no text: refused for that reason instead)', async () => {
    const err = await parsePdf(bombPdf('lzw', 4 * 1024 * 1024), { maxInflatedBytes: LIMIT }).catch((e) => e);
    expect(err).toBeInstanceOf(PdfError);
    expect(err.problem).toBe('no_text');
  });

  it('a parse past INGESTION_PARSE_TIMEOUT is refused with its own reason', async () => {
    const err = await parsePdf(bombPdf('lzw', BOMB), { maxInflatedBytes: 4 * 1024 * 1024 * 1024, timeoutMs: 1000 }).catch((e) => e);
    expect(err).toBeInstanceOf(PdfError);
    expect(err.problem).toBe('too_slow');
    expect(err.message).toMatch(/took longer than 1 s to parse/);
  }, 30_000);

  it('an ordinary PDF parses in its own process, text per page', async () => {
    expect(await parsePdf(textPdf('Client meals are reimbursed up to 60 EUR.'))).toEqual({ pages: ['Client meals are reimbursed up to 60 EUR.'] });
  });
});
