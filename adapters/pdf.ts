/**
 * PDF text per page (unpdf), with the ways a PDF can be unusable told apart: not a PDF, encrypted,
 * corrupt or truncated, or without extractable text (a scan). unpdf empties the buffer it is given,
 * so it gets a copy.
 */
export const PdfProblem = {
  notPdf: 'not_pdf',
  encrypted: 'encrypted',
  corrupt: 'corrupt',
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

export async function parsePdf(bytes: Uint8Array): Promise<{ pages: string[] }> {
  if (!looksLikePdf(bytes)) throw new PdfError(PdfProblem.notPdf, 'the file is not a PDF (no %PDF- header)');
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
