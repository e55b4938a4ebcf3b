/**
 * Errors as application/problem+json (RFC 9457): a stable `type`, a human `title` and a `detail`.
 * One validation helper keeps zod's error paths.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { z } from 'zod';
import { metrics } from '../adapters/metrics.js';
import type { Logger } from '../adapters/logger.js';

export const PROBLEM_BASE = 'https://workspace-copilot.dev/problems/';

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    readonly detail?: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail ?? title);
  }
}

/**
 * A 503 for a backend (Temporal, the database) that failed: the client learns what did not happen and
 * that it may retry; the backend's own error text (addresses, versions, internals) goes to the log only.
 */
export function unavailable(type: string, title: string, detail: string, cause: unknown, extra: Record<string, unknown> = {}): HttpProblem {
  const p = new HttpProblem(503, type, title, detail, extra, { 'Retry-After': '5' });
  (p as { cause?: unknown }).cause = cause;
  return p;
}

export const badRequest = (detail: string, extra?: Record<string, unknown>) => new HttpProblem(400, 'bad-request', 'Bad request', detail, extra);
export const notFound = (what: string) => new HttpProblem(404, 'not-found', 'Not found', `${what} was not found`);

/** Parses input with a zod schema; a failure is a 400 listing each issue with its path. */
export function validate<S extends z.ZodType>(schema: S, input: unknown, where = 'body'): z.infer<S> {
  const r = schema.safeParse(input);
  if (!r.success) {
    const errors = r.error.issues.map((i) => ({ path: [where, ...i.path.map(String)].join('.'), message: i.message }));
    throw badRequest(errors.map((e) => `${e.path}: ${e.message}`).join('; '), { errors });
  }
  return r.data;
}

export function sendProblem(res: Parameters<RequestHandler>[1], p: HttpProblem, instance?: string) {
  for (const [k, v] of Object.entries(p.headers)) res.setHeader(k, v);
  res
    .status(p.status)
    .type('application/problem+json')
    // Extra members first: they never override the standard ones (a summary's own `status`, say).
    .send(JSON.stringify({ ...p.extra, type: `${PROBLEM_BASE}${p.type}`, title: p.title, status: p.status, ...(p.detail ? { detail: p.detail } : {}), ...(instance ? { instance } : {}) }));
}

export const notFoundHandler: RequestHandler = (req, _res, next) => next(new HttpProblem(404, 'not-found', 'Not found', `no route for ${req.method} ${req.path}`));

/** The last middleware: every error leaves as problem+json; unexpected ones are logged, not shown. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    let p: HttpProblem;
    if (err instanceof HttpProblem) {
      p = err;
      if (p.status >= 500 && p.cause) logger.warn({ err: p.cause, path: req.path, problem: p.type }, 'backend unavailable');
    }
    else if (err?.type === 'entity.parse.failed') p = badRequest('the body is not valid JSON');
    else if (err?.type === 'entity.too.large') p = new HttpProblem(413, 'payload-too-large', 'Payload too large', `the body is larger than ${err.limit} bytes`);
    else if (err?.type === 'encoding.unsupported' || err?.type === 'charset.unsupported') p = new HttpProblem(415, 'unsupported-media-type', 'Unsupported media type', err.message);
    else if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) p = new HttpProblem(err.status, 'bad-request', 'Bad request', err.message);
    else {
      logger.error({ err, path: req.path }, 'unhandled error');
      p = new HttpProblem(500, 'internal', 'Internal error', 'something went wrong; the error was logged');
    }
    metrics.errors.inc({ source: 'api', type: p.type });
    sendProblem(res, p, req.originalUrl);
  };
}
