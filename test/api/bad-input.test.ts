/**
 * The bad-input catalog: every malformed, hostile or unauthorized request the API can get, each a test.
 * Every one answers problem+json 4xx (or, for a PDF that only fails once parsed, a failed ingestion
 * with its reason), the server stays up, and nothing is written: no turn, booking, approval decision,
 * document or chunk. The README's reliability table lists these cases.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bombPdf, type BombKind } from '../support/crafted-pdf.js';
import { createHarness, KEYS, readSse, type Harness } from '../support/harness.js';
import { booker, futureSlot, world } from '../support/world.js';

const FIX = 'test/fixtures';
const PDF = fs.readFileSync(`${FIX}/acme-policy.pdf`);
const MAX_UPLOAD = 200_000;

let h: Harness;
/** carol's finished turn (someone else's, for alice) and alice's turn paused for approval. */
let carol: { turnId: string; conversationId: string };
let paused: { turnId: string; approvalId: string };

beforeAll(async () => {
  buildCrafted();
  h = await createHarness({
    responder: world,
    env: { INGESTION_MAX_BYTES: String(MAX_UPLOAD), INGESTION_MAX_INFLATED_BYTES: String(16 * 1024 * 1024) },
  });
  const c = await h.json('POST', '/query', { key: KEYS.carol, body: { question: 'hello there' } });
  expect(c.status).toBe(200);
  carol = { turnId: c.body.turnId, conversationId: c.body.conversationId };
  h.llm.respond(booker(futureSlot(40, 10)));
  const p = await h.json('POST', '/query', { body: { question: 'Book room 3 for Sarah on that day 10-11am' } });
  expect(p.body.status).toBe('awaiting_approval');
  paused = { turnId: p.body.turnId, approvalId: p.body.pendingApprovals[0].approvalId };
  h.llm.respond(world);
  // Bob's document, which nobody else may replace by uploading a file of the same name.
  expect((await h.upload(`${FIX}/acme-policy.pdf`, 'catalog', { key: KEYS.admin, name: 'bobs-handbook.pdf' })).status).toBe(200);
  await h.db.query(`update kb_documents set created_by = 'bob' where file_name = 'bobs-handbook.pdf'`);
});
afterAll(async () => h?.close());

/** Row counts of everything a request could write; compared before and after each case. */
async function snapshot() {
  const tables = ['conversations', 'turns', 'bookings', 'booking_writes', 'kb_documents', 'kb_chunks', 'ingest_chunks'];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = (await h.db.query<{ n: number }>(`select count(*)::int as n from ${t}`)).rows[0]!.n;
  out.decided = (await h.db.query<{ n: number }>(`select count(*)::int as n from approvals where status <> 'pending'`)).rows[0]!.n;
  return out;
}

interface Part {
  name: string;
  filename?: string;
  /** Send the file name RFC 5987-encoded (filename*=utf-8''…), as clients do for unusual characters. */
  encoded?: boolean;
  content: Buffer | string;
}
/** A multipart body built by hand, so file names and parts are exactly what a hostile client sends. */
function multipart(parts: Part[], boundary = 'catalog-boundary-7f3a') {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const fname = p.filename === undefined ? '' : p.encoded ? `; filename*=utf-8''${encodeURIComponent(p.filename)}` : `; filename="${p.filename}"`;
    const disp = `form-data; name="${p.name}"${fname}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.filename === undefined ? '' : 'Content-Type: application/pdf\r\n'}\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

const send = (method: string, path: string, o: { key?: string | null; json?: unknown; raw?: string | Buffer; type?: string; headers?: Record<string, string> } = {}) => {
  const headers: Record<string, string> = { ...o.headers };
  const key = o.key === undefined ? KEYS.alice : o.key;
  if (key) headers.authorization = `Bearer ${key}`;
  let body: string | Buffer | undefined = o.raw;
  if (o.json !== undefined) body = JSON.stringify(o.json);
  if (body !== undefined) headers['content-type'] = o.type ?? 'application/json';
  return fetch(`${h.api.url}${path}`, { method, headers, body: body as BodyInit | undefined });
};
const query = (json: unknown, key?: string) => send('POST', '/query', { json, key });
const upload = (parts: Part[], o: { key?: string; path?: string } = {}) => {
  const m = multipart(parts);
  return send('POST', o.path ?? '/ingestion?wait=true', { raw: m.body, type: m.type, key: o.key });
};
const pdfUpload = (file: string, o: { name?: string; namespace?: string; encoded?: boolean } = {}) =>
  upload([
    { name: 'namespace', content: o.namespace ?? 'catalog' },
    { name: 'file', filename: o.name ?? file, encoded: o.encoded, content: fs.readFileSync(`${FIX}/${file}`) },
  ]);
const approve = (body: unknown, o: { key?: string; turnId?: string; approvalId?: string } = {}) =>
  send('POST', `/turns/${o.turnId ?? paused.turnId}/approvals/${o.approvalId ?? paused.approvalId}`, { json: body, key: o.key ?? KEYS.bob });

type Case = [name: string, request: () => Promise<Response>, status: number, detail: RegExp];

const queryCases: Case[] = [
  ['malformed JSON', () => send('POST', '/query', { raw: '{"question": ' }), 400, /not valid JSON/],
  ['a JSON array instead of an object', () => send('POST', '/query', { raw: '["hi"]' }), 400, /expected object/],
  ['a JSON null body', () => send('POST', '/query', { raw: 'null' }), 400, /not valid JSON/],
  ['no question', () => query({}), 400, /body\.question/],
  ['a forged userId beside the question', () => query({ question: 'cancel my 10am', userId: 'bob' }), 400, /userId|Unrecognized/i],
  ['a forged caller beside the question', () => query({ question: 'cancel my 10am', caller: { userId: 'bob', role: 'admin' } }), 400, /caller|Unrecognized/i],
  ['an empty question', () => query({ question: '' }), 400, /empty/],
  ['a whitespace-only question', () => query({ question: ' \n\t ' }), 400, /^body\.question: the question is empty$/],
  ['a question of zero-width characters only', () => query({ question: '\u200b\u200b\ufeff' }), 400, /only invisible characters/],
  ['a question over 4,000 characters', () => query({ question: 'x'.repeat(4001) }), 400, /longer than 4000/],
  ['a question that is a number', () => query({ question: 42 }), 400, /body\.question/],
  ['a question that is an array', () => query({ question: ['book', 'room'] }), 400, /body\.question/],
  ['an unknown field', () => query({ question: 'hi', role: 'admin' }), 400, /role|Unrecognized/i],
  ['a NUL control character', () => query({ question: 'hi\u0000there' }), 400, /control characters/],
  ['an unpaired surrogate (invalid Unicode)', () => query({ question: 'room \ud800 3' }), 400, /not valid Unicode/],
  ['a path-traversal namespace', () => query({ question: 'hi', namespace: '../etc' }), 400, /namespace/],
  ['a namespace in odd Unicode', () => query({ question: 'hi', namespace: 'ñamespace' }), 400, /namespace/],
  ['a path-traversal conversation id', () => query({ question: 'hi', conversationId: '../../etc/passwd' }), 400, /conversationId/],
  ["another user's conversation", () => query({ question: 'and then?', conversationId: carol.conversationId }), 404, /was not found/],
  ['a namespace the key may not use', () => query({ question: 'what is the meal policy?' }, KEYS.dave), 403, /may not use namespace "default"/],
  ['a text/plain body', () => send('POST', '/query', { raw: 'question=hi', type: 'text/plain' }), 415, /application\/json/],
  ['a form-encoded body', () => send('POST', '/query', { raw: 'question=hi', type: 'application/x-www-form-urlencoded' }), 415, /application\/json/],
  ['an unsupported charset', () => send('POST', '/query', { raw: '{"question":"hi"}', type: 'application/json; charset=latin1' }), 415, /charset/],
  ['a body over 64 KB', () => send('POST', '/query', { raw: JSON.stringify({ question: 'x'.repeat(70_000) }) }), 413, /larger than/],
  ['no Authorization header', () => send('POST', '/query', { key: null, json: { question: 'hi' } }), 401, /Bearer/],
  ['Basic instead of Bearer auth', () => send('POST', '/query', { key: null, json: { question: 'hi' }, headers: { authorization: 'Basic YWxpY2U6cHc=' } }), 401, /Bearer/],
  ['an unknown API key', () => send('POST', '/query', { key: 'x'.repeat(32), json: { question: 'hi' } }), 401, /not valid/],
];

const readCases: Case[] = [
  ['a path-traversal turn id', () => send('GET', '/turns/..%2F..%2Fetc%2Fpasswd'), 400, /not a turn id/],
  ['an unknown turn', () => send('GET', '/turns/no-such-turn'), 404, /was not found/],
  ["another user's turn", () => send('GET', `/turns/${carol.turnId}`), 404, /was not found/],
  ["SSE for another user's turn", () => send('GET', `/turns/${carol.turnId}/events`), 404, /was not found/],
  ['SSE with a Last-Event-ID that is not a number', () => send('GET', `/turns/${paused.turnId}/events`, { headers: { 'last-event-id': 'abc' } }), 400, /Last-Event-ID/],
  ['SSE with a negative Last-Event-ID', () => send('GET', `/turns/${paused.turnId}/events`, { headers: { 'last-event-id': '-5' } }), 400, /Last-Event-ID/],
  ["another user's conversation (read)", () => send('GET', `/conversations/${carol.conversationId}`), 404, /was not found/],
  ['an unknown route', () => send('GET', '/admin/../etc/passwd'), 404, /no route/],
];

const approvalCases: Case[] = [
  ['an approval id that does not exist', () => approve({ decision: 'approve' }, { approvalId: 'nope' }), 404, /not found/],
  ['an approval on a turn that does not exist', () => approve({ decision: 'approve' }, { turnId: 'nope' }), 404, /not found/],
  ["an approval on another user's turn (hidden)", () => approve({ decision: 'approve' }, { key: KEYS.alice, turnId: carol.turnId, approvalId: `${carol.turnId}-1` }), 404, /not found/],
  ['a decision that is not approve or reject', () => approve({ decision: 'maybe' }), 400, /decision/],
  ['an approval with an unknown field', () => approve({ decision: 'approve', approver: 'bob' }), 400, /approver|Unrecognized/i],
  ['an approval comment with control characters', () => approve({ decision: 'approve', comment: 'ok\u0007' }), 400, /control characters/],
  // Another member's approval is hidden like their turn: no existence leak.
  ['an approval from a member who did not ask (hidden)', () => approve({ decision: 'approve' }, { key: KEYS.carol }), 404, /not found/],
  ['an approval with a forged userId', () => approve({ decision: 'approve', userId: 'bob' }), 400, /userId|Unrecognized/i],
  ['an undo of a write that committed nothing', () => send('POST', `/turns/${paused.turnId}/approvals/${paused.approvalId}/undo`), 409, /nothing was written, so there is nothing to undo/],
  ["an undo of another member's write (hidden)", () => send('POST', `/turns/${paused.turnId}/approvals/${paused.approvalId}/undo`, { key: KEYS.carol }), 404, /not found/],
  ['an undo with a body', () => send('POST', `/turns/${paused.turnId}/approvals/${paused.approvalId}/undo`, { json: { userId: 'alice' } }), 400, /userId|Unrecognized/i],
  ['a booking history with a path-traversal id', () => send('GET', '/bookings/..%2F..%2Fetc/history'), 400, /not a booking id/],
  ['the history of a booking that does not exist', () => send('GET', '/bookings/bk_nope/history'), 404, /not found/],
  ['an approvals filter that does not exist', () => send('GET', '/approvals?status=bogus'), 400, /status/],
];

const ingestionCases: Case[] = [
  ['a non-PDF with a .pdf name', () => pdfUpload('not-a-pdf.pdf'), 415, /not a PDF/],
  ['an empty file', () => upload([{ name: 'namespace', content: 'catalog' }, { name: 'file', filename: 'empty.pdf', content: '' }]), 400, /empty/],
  ['an upload over INGESTION_MAX_BYTES', () => upload([{ name: 'namespace', content: 'catalog' }, { name: 'file', filename: 'big.pdf', content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_UPLOAD + 10, 32)]) }]), 413, /larger than INGESTION_MAX_BYTES/],
  ['a path-traversal namespace', () => pdfUpload('acme-policy.pdf', { namespace: '../etc' }), 400, /namespace/],
  ['no namespace', () => upload([{ name: 'file', filename: 'a.pdf', content: PDF }]), 400, /namespace: missing/],
  ['a path-traversal file name', () => pdfUpload('acme-policy.pdf', { name: '../../etc/passwd.pdf' }), 400, /plain name, not a path/],
  ['a Windows path as file name', () => pdfUpload('acme-policy.pdf', { name: 'C:\\\\Users\\\\x\\\\policy.pdf' }), 400, /plain name, not a path/],
  ['a file name with control characters', () => pdfUpload('acme-policy.pdf', { name: 'policy\u0007.pdf', encoded: true }), 400, /control/],
  ['a file name with a right-to-left override', () => pdfUpload('acme-policy.pdf', { name: 'invoice\u202efdp.exe', encoded: true }), 400, /bidirectional/],
  // Lookalikes (issue 16): invisible characters make a name show as another document's name.
  ['a file name with a zero-width space', () => pdfUpload('acme-policy.pdf', { name: 'acme\u200b-policy.pdf', encoded: true }), 400, /invisible/],
  ['a file name with a zero-width joiner', () => pdfUpload('acme-policy.pdf', { name: 'acme-po\u200dlicy.pdf', encoded: true }), 400, /invisible/],
  ['a file name with a right-to-left mark', () => pdfUpload('acme-policy.pdf', { name: '\u200facme-policy.pdf', encoded: true }), 400, /invisible/],
  ['a file name with a first-strong isolate', () => pdfUpload('acme-policy.pdf', { name: 'acme\u2068-policy.pdf', encoded: true }), 400, /bidirectional/],
  ['a file name with a byte-order mark', () => pdfUpload('acme-policy.pdf', { name: '\ufeffacme-policy.pdf', encoded: true }), 400, /invisible/],
  ['a file name with a soft hyphen', () => pdfUpload('acme-policy.pdf', { name: 'acme-pol\u00adicy.pdf', encoded: true }), 400, /invisible/],
  ['a file name with a Unicode tag character', () => pdfUpload('acme-policy.pdf', { name: 'acme-policy\u{E0041}.pdf', encoded: true }), 400, /invisible/],
  ['a file name with a line separator', () => pdfUpload('acme-policy.pdf', { name: 'acme\u2028policy.pdf', encoded: true }), 400, /control/],
  ['two files in one upload', () => upload([{ name: 'namespace', content: 'catalog' }, { name: 'file', filename: 'a.pdf', content: PDF }, { name: 'file', filename: 'b.pdf', content: PDF }]), 400, /one `file` per upload/],
  ['the PDF in a part not called file', () => upload([{ name: 'namespace', content: 'catalog' }, { name: 'document', filename: 'a.pdf', content: PDF }]), 400, /unexpected file part "document"/],
  ['an unknown form field', () => upload([{ name: 'namespace', content: 'catalog' }, { name: 'owner', content: 'root' }, { name: 'file', filename: 'a.pdf', content: PDF }]), 400, /unknown form field "owner"/],
  ['no file part', () => upload([{ name: 'namespace', content: 'catalog' }]), 400, /`file` part is missing/],
  ['JSON instead of multipart', () => send('POST', '/ingestion', { json: { file: 'x' } }), 415, /multipart/],
  ['a multipart body cut off mid-way', () => send('POST', '/ingestion', { raw: multipart([{ name: 'namespace', content: 'catalog' }, { name: 'file', filename: 'a.pdf', content: PDF }]).body.subarray(0, 300), type: 'multipart/form-data; boundary=catalog-boundary-7f3a' }), 400, /malformed multipart/],
  ['multipart without a boundary', () => send('POST', '/ingestion', { raw: 'x', type: 'multipart/form-data' }), 400, /malformed multipart/],
  ['a namespace the key may not use', () => upload([{ name: 'namespace', content: 'acme' }, { name: 'file', filename: 'a.pdf', content: PDF }], { key: KEYS.dave }), 403, /may not use namespace "acme"/],
  ['a namespace the key may not use, after the file', () => upload([{ name: 'file', filename: 'a.pdf', content: PDF }, { name: 'namespace', content: 'acme' }], { key: KEYS.dave }), 403, /may not use namespace "acme"/],
  ["a file named like another user's document", () => pdfUpload('injection.pdf', { name: 'bobs-handbook.pdf' }), 409, /belongs to another user; only they or an admin may replace it/],
  ['?wait= that is not true or false', () => upload([{ name: 'namespace', content: 'catalog' }, { name: 'file', filename: 'a.pdf', content: PDF }], { path: '/ingestion?wait=maybe' }), 400, /wait/],
  ['a path-traversal ingestion id', () => send('GET', '/ingestion/..%2Fsecrets'), 400, /not an id/],
  ['a path-traversal namespace in the documents list', () => send('GET', '/documents?namespace=../x'), 400, /namespace/],
  ['a documents list of a namespace the key may not use', () => send('GET', '/documents?namespace=acme', { key: KEYS.dave }), 403, /may not use namespace/],
  ['deleting a path-traversal document id', () => send('DELETE', '/documents/..%2F..%2Fdb'), 400, /not an id/],
  ['deleting a document that does not exist', () => send('DELETE', '/documents/doc_nope'), 404, /was not found/],
];

const otherCases: Case[] = [
  ['an eval run by a member', () => send('POST', '/eval/initial_routing'), 403, /admins only/],
  ['an eval category that does not exist', () => send('POST', '/eval/..%2Fdataset', { key: KEYS.admin }), 400, /params\.category/],
  ['a CORS preflight from an origin not allowed', () => send('OPTIONS', '/query', { key: null, headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } }), 403, /may not call this API/],
];

/** PDFs that pass the upload checks and fail once parsed: a failed ingestion with its reason. */
const failedIngestions: [name: string, file: string | (() => Buffer), reason: RegExp][] = [
  ['an encrypted PDF', 'encrypted.pdf', /encrypted/],
  ['a truncated PDF', 'truncated.pdf', /corrupt or truncated/],
  ['a PDF that decompresses to 64 MB (a decompression bomb)', 'bomb.pdf', /decompresses to more than 16 MB/],
  ['a scanned PDF with no text layer', 'scanned.pdf', /no extractable text/],
  // Bombs whose dictionaries a pre-check misreads (issue 16): the parser's process bound refuses them.
  ['a bomb with /DecodeParms after /Filter', () => crafted('flate-decodeparms', 160), /decompresses to more than 16 MB/],
  ['a bomb with an indirect /Filter', () => crafted('flate-indirect', 160), /decompresses to more than 16 MB/],
  ['a bomb behind [/ASCIIHexDecode /FlateDecode]', () => crafted('hex-then-flate', 90), /decompresses to more than 16 MB/],
  ['an LZW bomb', () => crafted('lzw', 160), /decompresses to more than 16 MB/],
];
// Built before the server is called: building one blocks the test process for seconds, long enough for
// the server to close the idle keep-alive connection the next request would then reuse (ECONNRESET).
const CRAFTED = new Map<string, Buffer>();
const crafted = (kind: BombKind, mb: number) => CRAFTED.get(`${kind}:${mb}`)!;
function buildCrafted() {
  for (const [kind, mb] of [['flate-decodeparms', 160], ['flate-indirect', 160], ['hex-then-flate', 90], ['lzw', 160]] as [BombKind, number][]) CRAFTED.set(`${kind}:${mb}`, bombPdf(kind, mb * 1024 * 1024));
}

describe('the bad-input catalog', () => {
  it('has at least 40 cases', () => {
    expect(queryCases.length + readCases.length + approvalCases.length + ingestionCases.length + otherCases.length + failedIngestions.length + 2).toBeGreaterThanOrEqual(40);
  });

  describe.each([
    ['asking', queryCases],
    ['reading turns and streams', readCases],
    ['approving', approvalCases],
    ['ingesting', ingestionCases],
    ['other routes', otherCases],
  ] as const)('%s', (_group, cases) => {
    it.each(cases)('%s: problem+json, nothing written', async (_name, request, status, detail) => {
      const before = await snapshot();
      const res = await request();
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const body = await res.json();
      expect(body).toMatchObject({ status, type: expect.stringMatching(/^https?:\/\//), title: expect.any(String) });
      expect(body.detail ?? '').toMatch(detail);
      expect(await snapshot()).toEqual(before);
      expect((await send('GET', '/healthz', { key: null })).status).toBe(200);
    });
  });

  it.each(failedIngestions)('%s: a failed ingestion with its reason, nothing indexed', async (_name, file, reason) => {
    const before = await snapshot();
    const res = typeof file === 'string' ? await pdfUpload(file) : await upload([{ name: 'namespace', content: 'catalog' }, { name: 'file', filename: 'crafted.pdf', content: file() }]);
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = await res.json();
    expect(body).toMatchObject({ status: 422, type: expect.stringMatching(/ingestion-failed$/) });
    expect(body.detail).toMatch(reason);
    const row = (await h.db.query<{ status: string; error: string }>(`select status, error from ingestions where id = $1`, [body.ingestionId])).rows[0]!;
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(reason);
    expect(await snapshot()).toEqual(before);
  });

  it('approving twice: the second is 409 and the booking exists once', async () => {
    const first = await approve({ decision: 'approve' });
    expect(first.status).toBe(200);
    const before = await snapshot();
    const again = await approve({ decision: 'approve' });
    expect(again.status).toBe(409);
    expect(again.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await again.json()).detail).toMatch(/already approved/);
    expect(await snapshot()).toEqual(before);
    expect((await h.db.query<{ n: number }>(`select count(*)::int as n from bookings where requested_by = 'alice'`)).rows[0]!.n).toBe(1);
    const events = await readSse(await send('GET', `/turns/${paused.turnId}/events`));
    expect(events.at(-1)!.type).toBe('turn.completed');
  });

  it('approving after expiry: 409, nothing booked, the turn says it expired', async () => {
    const x = await createHarness({ env: { APPROVAL_TIMEOUT: '1s' } });
    try {
      x.llm.respond(booker(futureSlot(41, 9)));
      const q = await x.json('POST', '/query', { body: { question: 'Book room 3 for Sarah 9-10am that day' } });
      expect(q.body.status).toBe('awaiting_approval');
      const { approvalId } = q.body.pendingApprovals[0];
      await readSse(await x.request('GET', `/turns/${q.body.turnId}/events`));
      const turn = (await x.json('GET', `/turns/${q.body.turnId}`)).body;
      expect(turn.answer).toMatch(/nobody approved it in time/);
      const late = await x.json('POST', `/turns/${q.body.turnId}/approvals/${approvalId}`, { key: KEYS.bob, body: { decision: 'approve' } });
      expect(late.status).toBe(409);
      expect(late.headers.get('content-type')).toMatch(/problem\+json/);
      expect(late.body.detail).toMatch(/expired/);
      expect((await x.db.query<{ n: number }>(`select count(*)::int as n from bookings`)).rows[0]!.n).toBe(0);
    } finally {
      await x.close();
    }
  });
});
