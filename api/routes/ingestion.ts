/**
 * Knowledge-base routes: POST /ingestion (multipart `file` + `namespace`; 202, or the finished summary
 * with ?wait=true), GET /ingestion/:id (progress and summary), GET /ingestion/:id/events (SSE),
 * GET /documents?namespace=, DELETE /documents/:id.
 */
import crypto from 'node:crypto';
import busboy from 'busboy';
import { Router, type Request } from 'express';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { Config } from '../../adapters/config.js';
import type { Db } from '../../adapters/db.js';
import { deleteDocument, listDocuments, nameTakenByOther, type KnowledgeStore, putUpload } from '../../adapters/knowledge-store.js';
import { looksLikePdf } from '../../adapters/pdf.js';
import { NAMESPACE_PATTERN } from '../../domain/types.js';
import { ingestionState, type IngestionState } from '../../workflows/temporal-messages.js';
import type { IngestionInput } from '../../workflows/ingestion.js';
import { canSee, currentUser, mayUseNamespace, namespaceForbidden, requireNamespace } from '../auth.js';
import { perUserSlots } from '../slots.js';
import { boundedQuery } from '../workflow-query.js';
import { badRequest, HttpProblem, notFound, validate } from '../errors.js';
import { openSse, pumpEvents, resumeOffset, type StreamSlots } from '../sse.js';
import { notices } from '../../adapters/notices.js';

const idParam = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'not an id');
const namespaceSchema = z.string().regex(NAMESPACE_PATTERN, 'lowercase letters, digits, _ and -, at most 64');
// A file name is metadata for citations: a plain name, never a path (refused, not silently cut).
function fileNameProblem(raw: string): string | null {
  if (raw.trim() === '') return 'the file name is empty';
  if (/[\\/]/.test(raw) || raw.split('.').every((p) => p === '')) return 'the file name must be a plain name, not a path';
  // Controls and every invisible format character (zero-width spaces and joiners, bidirectional marks,
  // overrides and isolates, the BOM, soft hyphens, tag characters), line separators, private-use and
  // lone surrogates: a name that shows as another file's name, or as nothing, is refused.
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}]/u.test(raw)) return 'the file name contains control, invisible or bidirectional characters';
  if (raw.length > 200) return 'the file name is longer than 200 characters';
  return null;
}

interface Upload {
  namespace: string;
  fileName: string;
  bytes: Buffer;
}

/**
 * Reads the multipart body: one `file`, one `namespace`; refuses oversized files and non-PDFs early.
 * A namespace sent before the file is checked (`namespaceProblem`) before any of the file is read.
 */
function readUpload(req: Request, maxBytes: number, namespaceProblem: (namespace: string) => HttpProblem | null): Promise<Upload> {
  return new Promise((resolve, reject) => {
    if (!/^multipart\/form-data/i.test(req.get('content-type') ?? '')) {
      return reject(new HttpProblem(415, 'unsupported-media-type', 'Unsupported media type', 'send multipart/form-data with a `file` (a PDF) and a `namespace`'));
    }
    let bb: busboy.Busboy;
    try {
      // preservePath: a name with a path is refused, not silently cut; utf8: browsers send UTF-8 names.
      bb = busboy({ headers: req.headers, preservePath: true, defParamCharset: 'utf8', limits: { files: 1, fields: 10, fileSize: maxBytes, fieldSize: 1024 } });
    } catch (e) {
      return reject(badRequest(`malformed multipart body: ${(e as Error).message}`));
    }
    let namespace: string | undefined;
    let file: { name: string; parts: Buffer[]; size: number; truncated: boolean } | null = null;
    let failed: HttpProblem | null = null;
    bb.on('field', (name, value) => {
      if (name === 'namespace') namespace = value;
      else failed ??= badRequest(`unknown form field "${name.slice(0, 40)}" (send \`file\` and \`namespace\`)`);
    });
    bb.on('file', (field, stream, info) => {
      const forbidden = namespace !== undefined ? namespaceProblem(namespace) : null;
      if (forbidden) {
        // Refused before reading the file: the connection closes instead of taking the rest of it.
        req.unpipe(bb);
        stream.resume();
        reject(new HttpProblem(forbidden.status, forbidden.type, forbidden.title, forbidden.detail, forbidden.extra, { ...forbidden.headers, Connection: 'close' }));
        return;
      }
      if (field !== 'file' || file) {
        failed ??= badRequest(field === 'file' ? 'send one `file` per upload' : `unexpected file part "${field.slice(0, 40)}" (the PDF goes in \`file\`)`);
        stream.resume();
        return;
      }
      // One spelling per name: composed (NFC), so "é" typed two ways is one name.
      const name = (info.filename ?? '').trim().normalize('NFC');
      const f = { name, parts: [] as Buffer[], size: 0, truncated: false };
      file = f;
      const bad = fileNameProblem(info.filename ?? '');
      if (bad) failed ??= badRequest(`file name: ${bad}`);
      // A body cut off mid-file errors this stream too; unhandled, that would crash the process.
      stream.on('error', (e) => {
        failed ??= badRequest(`malformed multipart body: ${e.message}`);
      });
      stream.on('data', (d: Buffer) => {
        f.parts.push(d);
        f.size += d.length;
      });
      stream.on('limit', () => {
        f.truncated = true;
        failed ??= new HttpProblem(413, 'payload-too-large', 'File too large', `the file is larger than INGESTION_MAX_BYTES (${maxBytes} bytes)`);
      });
    });
    bb.on('filesLimit', () => {
      failed ??= badRequest('send one `file` per upload');
    });
    bb.on('fieldsLimit', () => {
      failed ??= badRequest('too many form fields (send `file` and `namespace`)');
    });
    bb.on('error', (e) => reject(badRequest(`malformed multipart body: ${(e as Error).message}`)));
    // A client that goes away mid-body: busboy may never finish, so the upload (and its slot) ends here.
    req.on('close', () => {
      if (!req.complete) reject(badRequest('the upload was cut off before its end'));
    });
    bb.on('close', () => {
      if (failed) return reject(failed);
      if (!file) return reject(badRequest('the `file` part is missing'));
      const ns = namespaceSchema.safeParse(namespace);
      if (!ns.success) return reject(badRequest(`namespace: ${namespace === undefined ? 'missing' : ns.error.issues[0]!.message}`));
      const f = file as { name: string; parts: Buffer[]; size: number };
      const bytes = Buffer.concat(f.parts, f.size);
      if (bytes.length === 0) return reject(badRequest('the file is empty'));
      if (!looksLikePdf(bytes)) return reject(new HttpProblem(415, 'not-a-pdf', 'Not a PDF', `${f.name} is not a PDF (no %PDF- header)`));
      resolve({ namespace: ns.data, fileName: f.name, bytes });
    });
    req.pipe(bb);
  });
}

type IngestionRow = { id: string; namespace: string; file_name: string; document_id: string | null; status: string; pages: number | null; chunks: number | null; error: string | null; created_by: string; created_at: Date; finished_at: Date | null };

export function ingestionRoutes(deps: {
  client: Client;
  /** Open event streams per user (SSE_MAX_STREAMS_PER_USER). */
  streams: StreamSlots;
  db: Db;
  knowledge: KnowledgeStore;
  config: Pick<Config, 'temporal' | 'ingestion' | 'queryWaitMs' | 'sse'>;
}): Router {
  const { client, db, config } = deps;
  const r = Router();
  const uploads = perUserSlots(config.ingestion.maxUploadsPerUser, (n) =>
    new HttpProblem(429, 'too-many-uploads', 'Too many uploads at once', `this user already has ${n} uploads in flight (INGESTION_MAX_UPLOADS_PER_USER=${config.ingestion.maxUploadsPerUser}); wait for one to finish`, {}, { 'Retry-After': '5' }),
  );
  const live = (id: string) => boundedQuery(client, `ingest-${id}`, ingestionState);

  async function ownedIngestion(req: Request, res: Parameters<Parameters<Router['get']>[1]>[1]): Promise<IngestionRow> {
    const id = validate(idParam, req.params.id, 'params.id');
    const row = (await db.query<IngestionRow>(`select * from ingestions where id = $1`, [id])).rows[0];
    if (!row || !canSee(currentUser(res), row.created_by)) throw notFound(`ingestion ${id}`);
    return row;
  }
  const summary = (row: IngestionRow, s: IngestionState | null) => ({
    ingestionId: row.id,
    namespace: row.namespace,
    fileName: row.file_name,
    status: s && row.status === 'running' ? s.status : row.status,
    documentId: s?.documentId ?? row.document_id,
    pages: s?.pages ?? row.pages ?? 0,
    chunks: s?.chunks ?? row.chunks ?? 0,
    embedded: s ? s.embedded : row.status === 'completed' || row.status === 'skipped' ? (row.chunks ?? 0) : 0,
    error: s?.error?.message ?? row.error,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    links: { self: `/ingestion/${row.id}`, events: `/ingestion/${row.id}/events` },
  });

  r.post('/ingestion', async (req, res) => {
    const user = currentUser(res);
    const wait = validate(z.object({ wait: z.enum(['true', 'false']).optional() }).strict(), req.query, 'query').wait === 'true';
    // At most so many uploads of one user in flight: each holds up to INGESTION_MAX_BYTES in memory.
    const release = uploads.take(user.userId);
    let upload: Upload;
    try {
      upload = await readUpload(req, config.ingestion.maxBytes, (ns) => (namespaceSchema.safeParse(ns).success && !mayUseNamespace(user, ns) ? namespaceForbidden(ns) : null));
    } finally {
      release();
    }
    requireNamespace(user, upload.namespace);
    // Another user's document of this name is theirs to replace (or an admin's); refused before storing anything.
    if (user.role !== 'admin' && (await nameTakenByOther(db, { namespace: upload.namespace, fileName: upload.fileName, userId: user.userId }))) {
      throw new HttpProblem(409, 'document-name-taken', 'Name taken', `a document named ${upload.fileName} in namespace ${upload.namespace} belongs to another user; only they or an admin may replace it (choose another name)`);
    }
    const uploadKey = await putUpload(db, upload.bytes);
    const ingestionId = crypto.randomUUID();
    await db.query(`insert into ingestions (id, namespace, file_name, upload_key, status, created_by) values ($1, $2, $3, $4, 'running', $5)`, [
      ingestionId,
      upload.namespace,
      upload.fileName,
      uploadKey,
      user.userId,
    ]);
    const input: IngestionInput = {
      ingestionId,
      namespace: upload.namespace,
      fileName: upload.fileName,
      uploadKey,
      userId: user.userId,
      ...(user.role === 'admin' ? { mayReplaceOthers: true } : {}),
      batchSize: config.ingestion.batchSize,
      concurrency: config.ingestion.concurrency,
    };
    const handle = await client.workflow.start('ingestionWorkflow', {
      workflowId: `ingest-${ingestionId}`,
      taskQueue: config.temporal.taskQueue,
      args: [input],
      staticSummary: `Ingest ${upload.fileName} into ${upload.namespace}`,
    });
    if (!wait) {
      res.status(202).location(`/ingestion/${ingestionId}`).json({ ingestionId, status: 'running', links: { self: `/ingestion/${ingestionId}`, events: `/ingestion/${ingestionId}/events` } });
      return;
    }
    const done = await Promise.race([handle.result(), new Promise<null>((resolve) => setTimeout(() => resolve(null), config.queryWaitMs).unref())]);
    const row = (await db.query<IngestionRow>(`select * from ingestions where id = $1`, [ingestionId])).rows[0]!;
    if (!done) {
      res.status(202).json(summary(row, await live(ingestionId).catch(() => null)));
      return;
    }
    const body = summary(row, done);
    if (done.status === 'failed') throw new HttpProblem(422, 'ingestion-failed', 'Ingestion failed', body.error ?? 'the document could not be indexed', body);
    res.json(body);
  });

  r.get('/ingestion/:id', async (req, res) => {
    const row = await ownedIngestion(req, res);
    res.json(summary(row, row.status === 'running' ? await live(row.id).catch(() => null) : null));
  });

  r.get('/ingestion/:id/events', async (req, res) => {
    const row = await ownedIngestion(req, res);
    const after = resumeOffset(req);
    const release = deps.streams.take(currentUser(res).userId);
    // Progress arrives as the workflow announces it (adapters/notices.ts), not by asking every 100 ms.
    const subscription = notices.subscribe(`ingest-${row.id}`);
    try {
      openSse(res);
      await pumpEvents(res, async (from) => {
        const s = await live(row.id);
        const events = s.events.filter((e) => e.offset > from);
        const finished = s.status === 'completed' || s.status === 'skipped' || s.status === 'failed';
        // Finished means its terminal event is in the log: done once it has been sent.
        return { events: events as never, done: finished && (events.length === 0 || events.some((e) => e.type === 'ingestion.completed' || e.type === 'ingestion.failed')) };
      }, after, { subscription, recheckMs: deps.config.sse.recheckMs });
    } finally {
      subscription.close();
      release();
    }
  });

  r.get('/documents', async (req, res) => {
    const user = currentUser(res);
    const { namespace } = validate(z.object({ namespace: namespaceSchema.optional() }).strict(), req.query, 'query');
    if (namespace !== undefined) requireNamespace(user, namespace);
    res.json({ documents: (await listDocuments(db, namespace ?? null)).filter((d) => mayUseNamespace(user, d.namespace)) });
  });

  r.delete('/documents/:id', async (req, res) => {
    const user = currentUser(res);
    const id = validate(idParam, req.params.id, 'params.id');
    const doc = (await db.query<{ created_by: string | null; namespace: string }>(`select created_by, namespace from kb_documents where id = $1`, [id])).rows[0];
    if (!doc || !mayUseNamespace(user, doc.namespace)) throw notFound(`document ${id}`);
    if (!(user.role === 'admin' || doc.created_by === user.userId)) throw new HttpProblem(403, 'forbidden', 'Forbidden', 'only its uploader or an admin may delete a document');
    await deleteDocument(db, deps.knowledge, { id, namespace: doc.namespace });
    res.status(204).end();
  });
  return r;
}
