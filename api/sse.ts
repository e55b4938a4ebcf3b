/**
 * Server-sent events for a turn's log: each event's `id` is its offset, `data` is JSON carrying `type`.
 * Resumable with Last-Event-ID; the workflow's terminal event, not the model, ends the stream.
 */
import type { Request, Response } from 'express';
import { TERMINAL_EVENTS, type TurnEvent } from '../domain/types.js';
import { badRequest, HttpProblem } from './errors.js';
import { perUserSlots } from './slots.js';
import { metrics } from '../adapters/metrics.js';
import type { DraftNotice, Notice, NoticeEvent, Subscription } from '../adapters/notices.js';

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
  /** The answer draft written so far, for a stream that joins mid-answer (the subscription must take drafts). */
  currentDraft?: () => { id: string; hop: number; text: string } | null;
  /**
   * The events after an offset as they were pushed, when every one was seen (adapters/notices.ts
   * `recentEvents`); null otherwise. A stream that joins a running workflow starts from them instead of
   * a first read, which would wait for the workflow task in progress (in `all`, the rest of the turn).
   */
  recent?: (after: number) => NoticeEvent[] | null;
}

/**
 * Draft answers on a stream (`answer.delta`, `answer.reset`): not log events, so they carry no SSE `id`
 * (a reconnecting client's Last-Event-ID stays the last durable event), and the terminal event's answer
 * replaces the draft. The stream resets a draft it showed when a new draft replaces it (a retried
 * call), when the call turned to tool calls or claimed a change, or when the checked answer differs.
 */
export function draftRelay(res: Response) {
  let shown: { id: string; hop: number; text: string } | null = null;
  const write = (data: Record<string, unknown>) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  const reset = (reason: string) => {
    if (!shown) return;
    write({ type: 'answer.reset', draft: true, data: { draftId: shown.id, reason } });
    shown = null;
  };
  // A notice about an earlier hop than the draft shown is stale (read late, behind the log): ignored.
  const stale = (hop: number) => shown !== null && hop < shown.hop;
  const show = (id: string, hop: number, from: number, text: string) => {
    if (stale(hop)) return;
    if (shown && shown.id !== id) reset('a new draft replaces it');
    if (!shown) {
      if (from !== 0) return;
      shown = { id, hop, text: '' };
    }
    if (from > shown.text.length || text === '') return;
    // A piece the stream already showed (it joined with the draft so far, then read the notices behind it).
    if (shown.text.slice(from, from + text.length) === text) return;
    shown.text = shown.text.slice(0, from) + text;
    write({ type: 'answer.delta', draft: true, data: { draftId: id, from, text } });
  };
  return {
    /** A draft notice from the bus. */
    notice(d: DraftNotice) {
      if (d.reset !== undefined) {
        if (shown?.id === d.id) reset(d.reset);
      } else if (d.text !== undefined && d.from !== undefined) show(d.id, d.hop, d.from, d.text);
      else if (shown && shown.id !== d.id && !stale(d.hop)) reset('a new draft replaces it');
    },
    /** The draft so far, for a stream joining mid-answer. */
    resume(d: { id: string; hop: number; text: string } | null) {
      if (d && d.text) show(d.id, d.hop, 0, d.text);
    },
    /** Before a log event is written: a decision to call agents ends a draft of its hop; the terminal answer replaces it. */
    before(e: { type: string; data: Record<string, unknown> }) {
      if (!shown) return;
      if (e.type === 'orchestrator.decision') {
        if (Number(e.data.hop) >= shown.hop && (e.data.decision as { type?: string } | undefined)?.type !== 'return_to_user') reset('the orchestrator called agents');
      } else if ((TERMINAL_EVENTS as readonly string[]).includes(e.type)) {
        if (String(e.data.answer ?? '').trim() !== shown.text.trim()) reset('the checked answer differs from the draft');
        shown = null;
      }
    },
  };
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
  // none comes soon (a notice lost, a worker elsewhere) or one comes without its content. One that joins
  // a running workflow whose events since its cursor this process saw pushed, every one, writes those
  // and then waits for notices, rechecking after `recheckMs` without one.
  const missed = feed.pushedFromStart ? null : (feed.recent?.(after) ?? null);
  let read = !feed.pushedFromStart && missed === null;
  let firstWait = Boolean(feed.pushedFromStart);
  const drafts = draftRelay(res);
  /** Relays the drafts among `ns` to the stream; returns the rest, the log's notices. */
  const relayDrafts = (ns: Notice[]) => {
    const rest: Notice[] = [];
    for (const n of ns) {
      if (n.draft) drafts.notice(n.draft);
      else rest.push(n);
    }
    return rest;
  };
  let offeredDraft = Boolean(feed.pushedFromStart);
  // Log notices taken while a read was in flight, for the loop below.
  const held: Notice[] = [];
  // Woken during a read without a notice (a lost connection, a closed workflow): read again.
  let wokenBare = false;
  /**
   * Waits for a read while relaying the drafts that arrive meanwhile: a read waits for the workflow
   * task in progress, which with local model calls is the very call writing the answer.
   */
  const relayDraftsDuring = async <T>(read: Promise<T>): Promise<T> => {
    let settled = false;
    const done = read.then(
      () => (settled = true),
      () => (settled = true),
    );
    while (!settled && !closed) {
      await Promise.race([done, feed.subscription.wait(1000, gone.signal)]);
      const { notices, woken } = feed.subscription.drain();
      held.push(...relayDrafts(notices));
      if (woken && notices.length === 0) wokenBare = true;
    }
    return read;
  };
  const write = (e: TurnEvent) => {
    drafts.before(e);
    writeEvent(res, e);
  };
  /** Writes events of the log from the cursor on (read, or known to have been pushed), moving the cursor. */
  const writeLog = (events: TurnEvent[]) => {
    for (const e of events) {
      write(e);
      cursor = e.offset;
    }
  };
  /** A stream joining mid-answer gets the draft so far, once, after the log it has missed. */
  const offerDraft = () => {
    if (!offeredDraft) drafts.resume(feed.currentDraft?.() ?? null);
    offeredDraft = true;
  };
  /** Writes pushed events that follow on from the cursor; false when they skip past it (a read is needed). */
  const writePushed = (events: NoticeEvent[]) => {
    for (const e of events) {
      if (e.offset <= cursor) continue;
      if (e.offset !== cursor + 1) return false;
      write(e as TurnEvent);
      cursor = e.offset;
    }
    return true;
  };
  try {
    if (missed) {
      writeLog(missed as TurnEvent[]);
      offerDraft();
    }
    while (!closed) {
      let readFailed = false;
      if (read) {
        let batch;
        try {
          metrics.sseReads.inc();
          batch = await relayDraftsDuring(source(cursor));
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
          writeLog(batch.events);
          if (batch.done) break;
          offerDraft();
        }
      }
      const mustRead = wokenBare;
      wokenBare = false;
      const noticed = held.length > 0 || mustRead || await feed.subscription.wait(readFailed ? 200 : firstWait ? FIRST_PUSH_MS : feed.recheckMs, gone.signal);
      firstWait = false;
      if (closed) break;
      const all = [...held.splice(0), ...feed.subscription.take()];
      const pending = relayDrafts(all);
      const pushed = pending.filter((n) => n.events).flatMap((n) => n.events!);
      const followsOn = writePushed(pushed);
      // Read when nothing came, when a notice carried no content (the end, a large event, a saved row), or
      // when the pushed events skip past the cursor; after a failed read, again unless pushes moved it on.
      // Drafts alone need no read: they are not in the log.
      const onlyDrafts = noticed && pending.length === 0 && all.length > 0;
      read = mustRead || (onlyDrafts && !readFailed ? false : !noticed || !followsOn || pending.some((n) => !n.events) || (readFailed && pushed.length === 0));
    }
  } finally {
    res.off('close', onClose);
    clearInterval(keepAlive);
    metrics.sseStreams.dec();
    res.end();
  }
}
