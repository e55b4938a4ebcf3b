/**
 * Server-sent events for a turn's log: each event's `id` is its offset, `data` is JSON carrying `type`.
 * Resumable with Last-Event-ID; the workflow's terminal event, not the model, ends the stream.
 */
import type { Request, Response } from 'express';
import type { TurnEvent } from '../domain/types.js';
import { badRequest } from './errors.js';
import { metrics } from '../adapters/metrics.js';

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

/** Streams events from `after` until the terminal event or the client leaves. */
export async function pumpEvents(req: Request, res: Response, source: EventSource, after: number, pollMs = 100): Promise<void> {
  let closed = false;
  req.on('close', () => (closed = true));
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
  metrics.sseStreams.inc();
  let cursor = after;
  let failures = 0;
  try {
    while (!closed) {
      let batch;
      try {
        batch = await source(cursor);
        failures = 0;
      } catch (e) {
        // A worker restart makes queries fail for a moment; the log is durable, so wait and ask again.
        if (++failures > 50) {
          res.write(`event: error\ndata: ${JSON.stringify({ type: 'stream.error', message: (e as Error).message })}\n\n`);
          break;
        }
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      for (const e of batch.events) {
        writeEvent(res, e);
        cursor = e.offset;
      }
      if (batch.done) break;
      await new Promise((r) => setTimeout(r, pollMs));
    }
  } finally {
    clearInterval(keepAlive);
    metrics.sseStreams.dec();
    res.end();
  }
}
