/**
 * PDF text per page (unpdf), with the ways a PDF can be unusable told apart: not a PDF, encrypted,
 * corrupt or truncated, too large once decompressed (a "zip bomb"), or without extractable text (a
 * scan). unpdf empties the buffer it is given, so it gets a copy.
 */
import zlib from 'node:zlib';

export const PdfProblem = {
  notPdf: 'not_pdf',
  encrypted: 'encrypted',
  corrupt: 'corrupt',
  tooLarge: 'too_large',
  noText: 'no_text',
} as const;
export type PdfProblem = (typeof PdfProblem)[keyof typeof PdfProblem];

export class PdfError extends Error {
  constructor(
    readonly problem: PdfProblem,
    message: string,
  ) {
    super(message);
    this.name = 'PdfError';
  }
}

/** Cheap check at upload time: the header every PDF starts with (within its first 1 KiB). */
export function looksLikePdf(head: Uint8Array): boolean {
  return Buffer.from(head.subarray(0, 1024)).includes('%PDF-');
}

/** The default bound on a PDF's decompressed streams: what pdf.js may hold in memory for one file. */
export const DEFAULT_MAX_INFLATED_BYTES = 128 * 1024 * 1024;

/**
 * Sums the decompressed size of the PDF's Flate streams, stopping as soon as it passes `limit`
 * (zlib's maxOutputLength: the bomb is never inflated past the budget). Streams that are not Flate
 * (images) fail to inflate and count as their stored size, which the upload limit already bounds.
 */
export function inflatedSizeWithin(bytes: Uint8Array, limit: number): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buf.toString('latin1');
  const start = /stream\r?\n/g;
  let total = 0;
  for (let m = start.exec(text); m; m = start.exec(text)) {
    const from = m.index + m[0].length;
    const end = text.indexOf('endstream', from);
    if (end < 0) break;
    start.lastIndex = end + 9;
    const dict = text.slice(Math.max(0, m.index - 512), m.index);
    if (!/\/FlateDecode|\/Fl\b/.test(dict.slice(dict.lastIndexOf('<<')))) continue;
    try {
      total += zlib.inflateSync(buf.subarray(from, end), { maxOutputLength: Math.max(1, limit - total + 1), finishFlush: zlib.constants.Z_SYNC_FLUSH }).length;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return false;
    }
    if (total > limit) return false;
  }
  return true;
}

export async function parsePdf(bytes: Uint8Array, opts: { maxInflatedBytes?: number } = {}): Promise<{ pages: string[] }> {
  if (!looksLikePdf(bytes)) throw new PdfError(PdfProblem.notPdf, 'the file is not a PDF (no %PDF- header)');
  const maxInflated = opts.maxInflatedBytes ?? DEFAULT_MAX_INFLATED_BYTES;
  if (!inflatedSizeWithin(bytes, maxInflated)) {
    throw new PdfError(PdfProblem.tooLarge, `the PDF decompresses to more than ${Math.round(maxInflated / 1024 / 1024)} MB (INGESTION_MAX_INFLATED_BYTES); refused as a decompression bomb`);
  }
  const { getDocumentProxy, extractText } = await import('unpdf');
  let pages: string[];
  try {
    const doc = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(doc, { mergePages: false });
    pages = text as string[];
    await doc.destroy();
  } catch (e) {
    const name = (e as Error)?.name ?? '';
    const msg = (e as Error)?.message ?? String(e);
    if (name === 'PasswordException' || /password/i.test(msg)) throw new PdfError(PdfProblem.encrypted, 'the PDF is encrypted (password protected)');
    throw new PdfError(PdfProblem.corrupt, `the PDF is corrupt or truncated (${msg})`);
  }
  if (pages.every((p) => p.trim() === '')) {
    throw new PdfError(PdfProblem.noText, 'the PDF has no extractable text (a scanned document needs OCR first)');
  }
  return { pages };
}
