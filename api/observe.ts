/**
 * Per-request observation: one structured log line per request (pino) carrying the user and, where the
 * route knows them, the turn, conversation and workflow ids; and the request counter for GET /metrics.
 */
import type { RequestHandler, Response } from 'express';
import type { Logger } from '../adapters/logger.js';
import { metrics } from '../adapters/metrics.js';

/** Lets a route name the turn a request is about, for its log line. */
export function tagTurn(res: Response, ids: { turnId?: string; conversationId?: string; ingestionId?: string }): void {
  Object.assign(res.locals, { logIds: { ...(res.locals.logIds ?? {}), ...ids } });
}

// Static files served without a route (the web client's assets, the eval page).
const STATIC = ['/ui/*', '/eval/*'];
// Scrapes and probes are many and say nothing: logged at debug.
const QUIET = new Set(['/metrics', '/healthz', '/readyz']);

export function observeRequests(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      // A bounded label: the route pattern, never the path (ids, or any path an unauthenticated caller
      // makes up, would add a series per request). Unrouted requests are the static files or `unmatched`.
      // (originalUrl: a mounted router or static handler rewrites req.url while it serves.)
      const path = req.originalUrl.split('?')[0]!;
      const route = req.route ? `${req.baseUrl}${String(req.route.path)}` : (STATIC.find((p) => path.startsWith(p.slice(0, -1))) ?? 'unmatched');
      metrics.httpRequests.inc({ method: req.method, route, status: String(res.statusCode) });
      const ids = res.locals.logIds as { turnId?: string; conversationId?: string } | undefined;
      const line = {
        method: req.method,
        route,
        ...(route === 'unmatched' ? { path } : {}),
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
        ...(res.locals.user ? { userId: res.locals.user.userId } : {}),
        ...(ids ?? {}),
        ...(ids?.turnId ? { workflowId: `turn-${ids.turnId}` } : {}),
      };
      if (QUIET.has(path)) logger.debug(line, 'request');
      else logger.info(line, 'request');
    };
    res.on('finish', finish);
    res.on('close', finish);
    next();
  };
}
