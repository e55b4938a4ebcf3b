/**
 * Hostile PDFs built in code: one page whose content stream decodes to `size` bytes, written with the
 * filter spellings a dictionary-reading pre-check misses (/DecodeParms after /Filter, an indirect
 * /Filter, a filter array, LZW). Each is a valid PDF with a correct cross-reference table.
 */
import zlib from 'node:zlib';

export type BombKind = 'flate' | 'flate-decodeparms' | 'flate-indirect' | 'hex-then-flate' | 'lzw';

/** LZW as PDF's LZWDecode reads it (EarlyChange 1, 9–12-bit codes, a Clear before the table fills). */
export function lzwEncode(data: Uint8Array): Buffer {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  const put = (code: number, width: number) => {
    acc = (acc << width) | code;
    bits += width;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >>> bits) & 0xff);
    }
    acc &= (1 << bits) - 1;
  };
  // The decoder's view: the next code it will assign and its code width, which the encoder mirrors.
  let table = new Map<number, number>();
  let next = 258;
  let decoderNext = 258;
  let width = 9;
  let hadPrev = false;
  const emit = (code: number) => {
    put(code, width);
    if (hadPrev) {
      decoderNext += 1;
      if (((decoderNext + 1) & decoderNext) === 0) width = Math.min(Math.log2(decoderNext + 1) + 1, 12);
    }
    hadPrev = true;
  };
  put(256, 9); // Clear
  let w = -1;
  for (const c of data) {
    if (w < 0) {
      w = c;
      continue;
    }
    const key = w * 256 + c;
    const found = table.get(key);
    if (found !== undefined) {
      w = found;
      continue;
    }
    emit(w);
    table.set(key, next++);
    w = c;
    if (next >= 4000) {
      emit(256);
      table = new Map();
      next = 258;
      decoderNext = 258;
      width = 9;
      hadPrev = false;
    }
  }
  if (w >= 0) emit(w);
  emit(257); // end of data
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return Buffer.from(out);
}

/** A one-page PDF whose page content decodes to `size` bytes of `fill` (spaces: PDF whitespace). */
export function bombPdf(kind: BombKind, size: number, fill = 0x20): Buffer {
  const payload = Buffer.alloc(size, fill);
  let data: Buffer;
  let dict: string;
  const extra: string[] = [];
  switch (kind) {
    case 'flate':
      data = zlib.deflateSync(payload, { level: 9 });
      dict = `/Filter /FlateDecode`;
      break;
    case 'flate-decodeparms':
      data = zlib.deflateSync(payload, { level: 9 });
      dict = `/Filter /FlateDecode /DecodeParms << /Predictor 1 >>`;
      break;
    case 'flate-indirect':
      data = zlib.deflateSync(payload, { level: 9 });
      dict = `/Filter 6 0 R`;
      extra.push('/FlateDecode');
      break;
    case 'hex-then-flate':
      data = Buffer.from(`${zlib.deflateSync(payload, { level: 9 }).toString('hex')}>`);
      dict = `/Filter [/ASCIIHexDecode /FlateDecode]`;
      break;
    case 'lzw':
      data = lzwEncode(payload);
      dict = `/Filter /LZWDecode`;
      break;
  }
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    Buffer.concat([Buffer.from(`<< /Length ${data.length} ${dict} >>\nstream\n`), data, Buffer.from('\nendstream')]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...extra,
  ]);
}

/** A small valid PDF with one line of text, for the good case beside the bombs. */
export function textPdf(text: string): Buffer {
  const content = `BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET`;
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** A PDF of these objects (numbered from 1; the first is the catalog), with a correct cross-reference table. */
export function writePdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objects.forEach((o, i) => {
    offsets.push(at);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), typeof o === 'string' ? Buffer.from(o, 'latin1') : o, Buffer.from('\nendobj\n')]);
    parts.push(chunk);
    at += chunk.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return Buffer.concat(parts);
}
