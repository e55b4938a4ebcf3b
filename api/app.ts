/**
 * The express app, built from injected dependencies (no listen here: main.ts and the tests do that).
 */
import express, { type Router } from 'express';
import type { Client } from '@temporalio/client';
import type { ApiKey, Config } from '../adapters/config.js';
import type { ConversationStore } from '../adapters/conversation-store.js';
import type { Logger } from '../adapters/logger.js';
import { authenticate, currentUser, keyLookup } from './auth.js';
import { cors } from './cors.js';
import { rateLimit } from './rate-limit.js';
import { streamSlots } from './sse.js';
import { errorHandler, HttpProblem, notFoundHandler } from './errors.js';
import type { Db } from '../adapters/db.js';
import type { KnowledgeStore } from '../adapters/knowledge-store.js';
import type { BookingStore } from '../adapters/booking-store.js';
import { bookingRoutes } from './routes/bookings.js';
import type { PayloadCodec } from '@temporalio/common';
import { approvalRoutes } from './routes/approvals.js';
import { codecRoutes } from './routes/codec.js';
import { ingestionRoutes } from './routes/ingestion.js';
import { conversationRoutes } from './routes/conversations.js';
import { healthRoutes, type ReadinessCheck } from './routes/health.js';
import { turnRoutes } from './routes/turns.js';
import { metricsRoutes } from './routes/metrics.js';
import { observeRequests } from './observe.js';
import { webRoutes } from './routes/web.js';
import { createTurnService } from './turn-service.js';

export interface AppDeps {
  config: Pick<
    Config,
    'temporal' | 'maxHops' | 'maxAgentRetries' | 'fanOut' | 'localActivities' | 'prices' | 'budget' | 'timezone' | 'defaultNamespace' | 'queryWaitMs' | 'sse' | 'approvalTimeoutMs' | 'maxBookingHours' | 'bookingHorizonDays' | 'ingestion' | 'metricsToken' | 'temporalUiUrl' | 'undoWindowMs'
  >;
  db: Db;
  knowledge: KnowledgeStore;
  /** Bookings, for their history (GET /bookings/:id/history); writes go through workflows. */
  bookings: BookingStore;
  /** The payload codec when payloads are encrypted: served at /codec for the Web UI. */
  codec?: PayloadCodec;
  codecAllowedOrigins?: string[];
  /** The Web UI's codec credential: /codec/t/<token>/… answers without an API key. */
  codecToken?: string;
  /** Browser origins allowed to call the API; none (same-origin only) by default. */
  corsOrigins?: string[];
  rateLimitPerMinute?: number;
  /** Open event streams one user may hold (SSE_MAX_STREAMS_PER_USER). */
  maxStreamsPerUser?: number;
  /** Routes an entry point adds (the eval endpoints): `public` before authentication, `api` after it. */
  routes?: ExtraRoutes;
  client: Client;
  /** Turns start eagerly: the client shares the connection of the worker on the turn queue (api/server.ts). */
  eagerStart?: boolean;
  conversations: ConversationStore;
  apiKeys: ApiKey[];
  llmProblem: string | null;
  readiness: Record<string, ReadinessCheck>;
  logger: Logger;
}

export interface ExtraRoutes {
  public?: Router[];
  api?: Router[];
}

export function createApp(deps: AppDeps) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(observeRequests(deps.logger));
  app.use(express.json({ limit: '64kb', strict: true }));
  // The codec endpoint has its own CORS (the Web UI's origins) and authenticates itself (the Web UI
  // cannot send an API key).
  if (deps.codec) app.use(codecRoutes({ codec: deps.codec, apiKeys: deps.apiKeys, allowedOrigins: deps.codecAllowedOrigins ?? [], ...(deps.codecToken ? { token: deps.codecToken } : {}) }));
  app.use(
    cors({
      origins: deps.corsOrigins ?? [],
      methods: 'GET, POST, DELETE, OPTIONS',
      headers: 'Authorization, Content-Type, Last-Event-ID',
      expose: 'Location, Retry-After',
    }),
  );

  // A body must be JSON (or the multipart upload): a form or text body is refused, not read as empty.
  app.use((req, _res, next) => {
    if (req.get('content-length') !== '0' && req.is(['application/json', 'multipart/form-data']) === false) {
      return next(new HttpProblem(415, 'unsupported-media-type', 'Unsupported media type', `send Content-Type: application/json (got ${req.get('content-type') ?? 'none'})`));
    }
    next();
  });
  app.use(healthRoutes(deps.readiness, { whoIs: keyLookup(deps.apiKeys, deps.config.defaultNamespace) }));
  // The web client's pages need no key to load; they ask for one and send it with each call.
  app.use(webRoutes());
  app.use(metricsRoutes({ apiKeys: deps.apiKeys, token: deps.config.metricsToken }));
  for (const r of deps.routes?.public ?? []) app.use(r);
  app.use(authenticate(deps.apiKeys, deps.config.defaultNamespace));
  app.use(rateLimit(deps.rateLimitPerMinute ?? 600));
  // Who a key belongs to, and where to link for the Temporal Web UI: what the web client shows.
  app.get('/me', (_req, res) => {
    const user = currentUser(res);
    res.json({
      userId: user.userId,
      displayName: user.displayName,
      role: user.role,
      undoWindowMs: deps.config.undoWindowMs,
      namespaces: user.namespaces,
      defaultNamespace: deps.config.defaultNamespace,
      temporalUiUrl: deps.config.temporalUiUrl,
      temporalNamespace: deps.config.temporal.namespace,
    });
  });
  const approvers = deps.apiKeys.filter((k) => k.role === 'approver' || k.role === 'admin').map((k) => k.userId);
  const admins = deps.apiKeys.filter((k) => k.role === 'admin').map((k) => k.userId);
  const turns = createTurnService({
    client: deps.client,
    eagerStart: deps.eagerStart ?? false,
    conversations: deps.conversations,
    config: deps.config,
    llmProblem: deps.llmProblem,
    approvers,
    admins,
    recheckMs: deps.config.sse.recheckMs,
    closedSweepMs: deps.config.sse.closedSweepMs,
  });
  const streams = streamSlots(deps.maxStreamsPerUser ?? 20);
  app.use(turnRoutes(turns, { queryWaitMs: deps.config.queryWaitMs, streams }));
  app.use(approvalRoutes(turns));
  app.use(bookingRoutes(deps.bookings));
  app.use(ingestionRoutes({ client: deps.client, streams, db: deps.db, knowledge: deps.knowledge, config: deps.config }));
  app.use(conversationRoutes(deps.conversations));
  for (const r of deps.routes?.api ?? []) app.use(r);
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
