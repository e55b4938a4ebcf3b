/**
 * A text PDF of `pages` pages written from scratch (Helvetica, ~2,000 characters a page), so the
 * benchmark needs no PDF tooling and every run parses the same document.
 */
import { writePdf } from '../test/support/crafted-pdf.js';

export function makeTextPdf(pages: number): Buffer {
  const words = ['policy', 'meeting', 'room', 'expense', 'travel', 'booking', 'approval', 'client', 'hotel', 'laptop', 'security', 'receipt'];
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: number[] = [];
  for (let p = 0; p < pages; p++) {
    const lines = Array.from({ length: 40 }, (_, l) => {
      const text = Array.from({ length: 8 }, (_, w) => words[(p * 7 + l * 3 + w) % words.length]).join(' ');
      return `(Page ${p + 1}, line ${l + 1}: ${text}.) Tj 0 -16 Td`;
    });
    const content = `BT /F1 10 Tf 50 760 Td ${lines.join(' ')} ET`;
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    const contentId = objects.length;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contentId} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`);
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages} >>`;
  return writePdf(objects);
}
