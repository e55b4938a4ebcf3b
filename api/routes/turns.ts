/** Turn routes: POST /query (sync), POST /query-agent (SSE), POST /turns, GET /turns/:turnId[/events]. */
import { Router, type Response } from 'express';
import { z } from 'zod';
import { MAX_QUESTION_CHARS, NAMESPACE_PATTERN } from '../../domain/types.js';
import { currentUser, type AuthUser } from '../auth.js';
import { validate } from '../errors.js';
import { openSse, pumpEvents, resumeOffset, type StreamFeed, type StreamSlots } from '../sse.js';
import type { TurnService } from '../turn-service.js';
import { tagTurn } from '../observe.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const queryBodySchema = z
  .object({
    question: z
      .string()
      .trim()
      // An empty question says only that: the checks after it would each say so again.
      .min(1, { error: 'the question is empty', abort: true })
      .max(MAX_QUESTION_CHARS, `the question is longer than ${MAX_QUESTION_CHARS} characters`)
      .refine((q) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(q), 'the question contains control characters')
      .refine((q) => !LONE_SURROGATE.test(q), 'the question is not valid Unicode (an unpaired surrogate)')
      .refine((q) => /[^\s\p{Cf}]/u.test(q), 'the question is empty (only invisible characters)'),
    conversationId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'letters, digits, _ and -, at most 100').optional(),
    namespace: z.string().regex(NAMESPACE_PATTERN, 'lowercase letters, digits, _ and -, at most 64').optional(),
  })
  .strict();
export type QueryBody = z.infer<typeof queryBodySchema>;

const turnIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'not a turn id');

/** A turn's events from `after`, pushed as the workflow announces them (api/sse.ts). */
async function streamTurn(res: Response, turns: TurnService, user: AuthUser, turnId: string, after: number, given?: StreamFeed) {
  const feed = given ?? turns.feed(turnId);
  try {
    await pumpEvents(res, async (from) => turns.eventsAfter(await turns.ownedTurn(user, turnId), from), after, feed);
  } finally {
    feed.subscription.close();
  }
}

const links = (turnId: string) => ({ self: `/turns/${turnId}`, events: `/turns/${turnId}/events` });

export function turnRoutes(turns: TurnService, opts: { queryWaitMs: number; streams: StreamSlots }): Router {
  const r = Router();

  r.post('/query', async (req, res) => {
    const user = currentUser(res);
    const body = validate(queryBodySchema, req.body);
    // Subscribed before the turn starts: the wait reads when the turn may have come to rest, not before.
    const { turnId, conversationId, watch } = await turns.start(user, body, { watch: true });
    tagTurn(res, { turnId, conversationId });
    const { view, settled } = await turns.waitForRest(user, turnId, opts.queryWaitMs, watch);
    res.status(settled ? 200 : 202).json({ ...view, links: links(turnId) });
  });

  r.post('/query-agent', async (req, res) => {
    const user = currentUser(res);
    const body = validate(queryBodySchema, req.body);
    // The stream's slot before the turn starts: a user at the limit starts nothing.
    const release = opts.streams.take(user.userId);
    let feed: StreamFeed | undefined;
    try {
      const started = await turns.start(user, body, { feed: true });
      const { turnId, conversationId } = started;
      feed = started.feed;
      tagTurn(res, { turnId, conversationId });
      const record = await turns.ownedTurn(user, turnId);
      res.setHeader('X-Turn-Id', turnId);
      res.setHeader('X-Conversation-Id', record.conversationId);
      openSse(res);
      await streamTurn(res, turns, user, turnId, -1, feed);
    } finally {
      feed?.subscription.close();
      release();
    }
  });

  r.post('/turns', async (req, res) => {
    const user = currentUser(res);
    const body = validate(queryBodySchema, req.body);
    const started = await turns.start(user, body);
    tagTurn(res, started);
    res.status(202).location(`/turns/${started.turnId}`).json({ ...started, status: 'running', links: links(started.turnId) });
  });

  r.get('/turns/:turnId', async (req, res) => {
    const turnId = validate(turnIdParam, req.params.turnId, 'params.turnId');
    tagTurn(res, { turnId });
    res.json({ ...(await turns.view(currentUser(res), turnId)), links: links(turnId) });
  });

  r.get('/turns/:turnId/events', async (req, res) => {
    const user = currentUser(res);
    const turnId = validate(turnIdParam, req.params.turnId, 'params.turnId');
    tagTurn(res, { turnId });
    await turns.ownedTurn(user, turnId); // 404 (and 400 for a bad Last-Event-ID) before the stream opens
    const after = resumeOffset(req);
    const release = opts.streams.take(user.userId);
    try {
      openSse(res);
      await streamTurn(res, turns, user, turnId, after);
    } finally {
      release();
    }
  });

  return r;
}
