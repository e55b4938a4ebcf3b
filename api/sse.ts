/**
 * Server-sent events for a turn's log: each event's `id` is its offset, `data` is JSON carrying `type`.
 * Resumable with Last-Event-ID; the workflow's terminal event, not the model, ends the stream.
 */
import type { Request, Response } from 'express';
import type { TurnEvent } from '../domain/types.js';
import { badRequest, HttpProblem } from './errors.js';
import { perUserSlots } from './slots.js';
import { metrics } from '../adapters/metrics.js';
import type { NoticeEvent, Subscription } from '../adapters/notices.js';

export interface EventSource {
  (after: number): Promise<{ events: TurnEvent[]; done: boolean }>;
}

/** Last-Event-ID header (or ?after=): the offset the client already has; -1 for none; 400 for garbage. */
export function resumeOffset(req: Request): number {
  const raw = req.get('last-event-id') ?? (typeof req.query.after === 'string' ? req.query.after : undefined);
  if (raw === undefined || raw === '') return -1;
  const n = Number(raw);
  if (!/^-?\d{1,15}$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < -1) throw badRequest(`Last-Event-ID: "${raw.slice(0, 40)}" is not an event id from this stream`);
  return n;
}

export function openSse(res: Response) {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('Connection', 'keep-alive');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  res.write('retry: 1000\n\n');
}

export function writeEvent(res: Response, e: TurnEvent) {
  res.write(`id: ${e.offset}\ndata: ${JSON.stringify({ type: e.type, offset: e.offset, at: e.at, data: e.data })}\n\n`);
}

/**
 * Open streams per user: each stream holds a connection (and a subscription) until its turn ends (a paused turn can wait a
 * day), so one user may hold only so many at once; past that a new stream is a 429 before anything runs.
 */
export const streamSlots = (maxPerUser: number) =>
  perUserSlots(maxPerUser, (n) => new HttpProblem(429, 'too-many-streams', 'Too many open streams', `this user already has ${n} open event streams (SSE_MAX_STREAMS_PER_USER=${maxPerUser}); close one first`, {}, { 'Retry-After': '5' }));
export type StreamSlots = ReturnType<typeof streamSlots>;

/** How a stream learns the log moved on: notices for its workflow (adapters/notices.ts), and a recheck when none came. */
export interface StreamFeed {
  subscription: Subscription;
  /** Read the log again after this long without a notice (a safety net: notices lost with a connection). */
  recheckMs: number;
  /** Subscribed before the workflow started: its events all come pushed, so the stream need not read first. */
  pushedFromStart?: boolean;
}
/** A stream subscribed from the start reads the log if no notice arrives this soon. */
const FIRST_PUSH_MS = 2000;

/**
 * Streams events from `after` until the terminal event or the client leaves. The client leaving is the
 * response's `close` (the request's fires as soon as Node has read the body, so it says nothing about
 * the client); it also cuts a wait short. An idle stream costs nothing: it waits for a notice, writes
 * the events a progress notice carries when they follow on from what it sent, and reads the log
 * (`source`) only when a notice carries none (a terminal event, or a gap), after a recheck, or after a
 * failed read.
 */
export async function pumpEvents(res: Response, source: EventSource, after: number, feed: StreamFeed): Promise<void> {
  let closed = res.destroyed || res.writableEnded;
  const gone = new AbortController();
  const onClose = () => {
    closed = true;
    gone.abort();
  };
  res.on('close', onClose);
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
  metrics.sseStreams.inc();
  let cursor = after;
  let failures = 0;
  // A stream subscribed before its turn started has every event pushed from the first: it reads only if
  // none comes soon (a notice lost, a worker elsewhere) or one comes without its content.
  let read = !feed.pushedFromStart;
  let firstWait = Boolean(feed.pushedFromStart);
  /** Writes pushed events that follow on from the cursor; false when they skip past it (a read is needed). */
  const writePushed = (events: NoticeEvent[]) => {
    for (const e of events) {
      if (e.offset <= cursor) continue;
      if (e.offset !== cursor + 1) return false;
      writeEvent(res, e as TurnEvent);
      cursor = e.offset;
    }
    return true;
  };
  try {
    while (!closed) {
      let readFailed = false;
      if (read) {
        let batch;
        try {
          metrics.sseReads.inc();
          batch = await source(cursor);
          failures = 0;
        } catch (e) {
          // A worker restart makes queries fail for a moment (and a query waits for a long workflow task,
          // up to its deadline); the log is durable, so ask again, writing what is pushed meanwhile.
          if (++failures > 50) {
            // The backend's own error text stays in the server: the client learns only how to go on.
            const message = e instanceof HttpProblem && e.status < 500 ? (e.detail ?? e.title) : 'the events could not be read just now; reconnect with Last-Event-ID to resume';
            res.write(`event: error\ndata: ${JSON.stringify({ type: 'stream.error', message })}\n\n`);
            break;
          }
          readFailed = true;
        }
        if (closed) break;
        if (batch) {
          for (const e of batch.events) {
            writeEvent(res, e);
            cursor = e.offset;
          }
          if (batch.done) break;
        }
      }
      const noticed = await feed.subscription.wait(readFailed ? 200 : firstWait ? FIRST_PUSH_MS : feed.recheckMs, gone.signal);
      firstWait = false;
      if (closed) break;
      const pending = feed.subscription.take();
      const pushed = pending.filter((n) => n.events).flatMap((n) => n.events!);
      const followsOn = writePushed(pushed);
      // Read when nothing came, when a notice carried no content (the end, a large event, a saved row), or
      // when the pushed events skip past the cursor; after a failed read, again unless pushes moved it on.
      read = !noticed || !followsOn || pending.some((n) => !n.events) || (readFailed && pushed.length === 0);
    }
  } finally {
    res.off('close', onClose);
    clearInterval(keepAlive);
    metrics.sseStreams.dec();
    res.end();
  }
}
