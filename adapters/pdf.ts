/**
 * PDF text per page (unpdf), with the ways a PDF can be unusable told apart: not a PDF, encrypted,
 * corrupt or truncated, too large once decompressed (a "zip bomb") or too slow to parse, or without
 * extractable text (a scan). pdf.js runs in a child process of its own (pdf-child.mjs) whose memory
 * and time are bounded from outside, so what a crafted PDF can make it inflate does not depend on this
 * code reading the PDF's stream dictionaries right.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const PdfProblem = {
  notPdf: 'not_pdf',
  encrypted: 'encrypted',
  corrupt: 'corrupt',
  tooLarge: 'too_large',
  tooSlow: 'too_slow',
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
/** The default bound on the time one PDF may take to parse. */
export const DEFAULT_PARSE_TIMEOUT_MS = 120_000;

/**
 * A cheap first pass, before a process is started: sums the decompressed size of the PDF's plainly
 * marked Flate streams, stopping as soon as it passes `limit` (zlib's maxOutputLength: the bomb is never
 * inflated past the budget). It is not the defence (a filter array, an indirect /Filter or LZW pass it
 * by); the parser's process bound is.
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

/** What the parser's process may use: its memory above where it started, and its time. */
export interface ParseLimits {
  maxInflatedBytes?: number;
  timeoutMs?: number;
}

export async function parsePdf(bytes: Uint8Array, opts: ParseLimits = {}): Promise<{ pages: string[] }> {
  if (!looksLikePdf(bytes)) throw new PdfError(PdfProblem.notPdf, 'the file is not a PDF (no %PDF- header)');
  const maxInflated = opts.maxInflatedBytes ?? DEFAULT_MAX_INFLATED_BYTES;
  const tooLarge = () => new PdfError(PdfProblem.tooLarge, `the PDF decompresses to more than ${Math.round(maxInflated / 1024 / 1024)} MB (INGESTION_MAX_INFLATED_BYTES); refused as a decompression bomb`);
  if (!inflatedSizeWithin(bytes, maxInflated)) throw tooLarge();
  const r = await parseInChild(bytes, maxInflated, opts.timeoutMs ?? DEFAULT_PARSE_TIMEOUT_MS);
  if (r.kind === 'memory') throw tooLarge();
  if (r.kind === 'timeout') throw new PdfError(PdfProblem.tooSlow, `the PDF took longer than ${Math.round((opts.timeoutMs ?? DEFAULT_PARSE_TIMEOUT_MS) / 1000)} s to parse (INGESTION_PARSE_TIMEOUT); refused`);
  if (r.kind === 'error') {
    if (r.name === 'PasswordException' || /password/i.test(r.message)) throw new PdfError(PdfProblem.encrypted, 'the PDF is encrypted (password protected)');
    throw new PdfError(PdfProblem.corrupt, `the PDF is corrupt or truncated (${r.message})`);
  }
  const pages = r.pages;
  if (pages.every((p) => p.trim() === '')) {
    throw new PdfError(PdfProblem.noText, 'the PDF has no extractable text (a scanned document needs OCR first)');
  }
  return { pages };
}

const CHILD = fileURLToPath(new URL('./pdf-child.mjs', import.meta.url));
const PAGE_BYTES = 4096;
/** The process's resident memory (Linux: /proc), or null where that cannot be read. */
function residentBytes(pid: number): number | null {
  try {
    const statm = fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ');
    return Number(statm[1]) * PAGE_BYTES;
  } catch {
    return null;
  }
}

type ChildResult = { kind: 'ok'; pages: string[] } | { kind: 'error'; name: string; message: string } | { kind: 'memory' } | { kind: 'timeout' };

/**
 * Parses in a process of its own and kills it (SIGKILL) when its resident memory grows past
 * `maxInflated` above what it held once loaded (plus the file's own two copies there and a margin for
 * pdf.js), or when it runs past `timeoutMs`. Its V8 heap is capped as well, for platforms without
 * /proc; running out of it also counts as too large.
 */
function parseInChild(bytes: Uint8Array, maxInflated: number, timeoutMs: number): Promise<ChildResult> {
  const budget = maxInflated + 2 * bytes.length + 64 * 1024 * 1024;
  const heapMb = Math.ceil(budget / 1024 / 1024) + 128;
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // no TypeScript loader or inspector in the parser's process
  const child = fork(CHILD, [], { execArgv: [`--max-old-space-size=${heapMb}`], env, serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr = (stderr + String(d)).slice(-2000)));
  return new Promise<ChildResult>((resolve) => {
    let settled: ChildResult | null = null;
    let baseline: number | null = null;
    const finish = (r: ChildResult) => {
      if (settled) return;
      settled = r;
      clearInterval(watch);
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      resolve(r);
    };
    const watch = setInterval(() => {
      if (baseline === null || child.pid === undefined) return;
      const rss = residentBytes(child.pid);
      if (rss !== null && rss - baseline > budget) finish({ kind: 'memory' });
    }, 25);
    const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);
    child.on('message', (m: { ready?: true; ok?: boolean; pages?: string[]; name?: string; message?: string }) => {
      if (m.ready) {
        baseline = child.pid !== undefined ? residentBytes(child.pid) : null;
        // A copy: unpdf empties the buffer it is given.
        child.send({ bytes: Buffer.from(bytes) });
        return;
      }
      finish(m.ok ? { kind: 'ok', pages: m.pages ?? [] } : { kind: 'error', name: m.name ?? '', message: m.message ?? 'unknown error' });
    });
    child.on('error', (e) => finish({ kind: 'error', name: 'ParserProcessError', message: e.message }));
    child.on('exit', (code, signal) => {
      // Out of heap: V8 aborts the process ("heap out of memory").
      if (/heap out of memory|Allocation failed/i.test(stderr) || signal === 'SIGABRT' || code === 134) finish({ kind: 'memory' });
      else finish({ kind: 'error', name: 'ParserProcessExit', message: `the parser stopped (${signal ?? `exit code ${code}`})` });
    });
  });
}
