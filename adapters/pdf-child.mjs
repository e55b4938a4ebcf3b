// The PDF parser's own process (see parsePdf in pdf.ts): pdf.js runs here, where the parent can bound
// its memory and time from outside and kill it, whatever the PDF's dictionaries say about its streams.
// Plain JavaScript, so it starts without a TypeScript loader. One message in (the bytes), one out.
import { extractText, getDocumentProxy } from 'unpdf';

process.on('message', async (msg) => {
  try {
    const doc = await getDocumentProxy(new Uint8Array(msg.bytes));
    const { text } = await extractText(doc, { mergePages: false });
    await doc.destroy();
    process.send({ ok: true, pages: text });
  } catch (e) {
    process.send({ ok: false, name: e?.name ?? '', message: e?.message ?? String(e) });
  }
});
// A parent that died (its worker killed) leaves no parser behind.
process.on('disconnect', () => process.exit(1));
process.send({ ready: true });
