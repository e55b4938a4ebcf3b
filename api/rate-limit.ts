/**
 * Per-key rate limits: a token bucket per user (RATE_LIMIT_PER_MINUTE, refilled continuously, bursts
 * up to the same number). Over the limit: 429 problem+json with Retry-After. In-process: each API
 * replica limits on its own.
 */
import type { RequestHandler } from 'express';
import { currentUser } from './auth.js';
import { HttpProblem } from './errors.js';

export function rateLimit(perMinute: number, now: () => number = Date.now): RequestHandler {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const ratePerMs = perMinute / 60_000;
  return (_req, res, next) => {
    const user = currentUser(res).userId;
    const t = now();
    const b = buckets.get(user) ?? { tokens: perMinute, at: t };
    b.tokens = Math.min(perMinute, b.tokens + (t - b.at) * ratePerMs);
    b.at = t;
    buckets.set(user, b);
    if (b.tokens < 1) {
      const waitS = Math.max(1, Math.ceil((1 - b.tokens) / ratePerMs / 1000));
      return next(new HttpProblem(429, 'rate-limited', 'Too many requests', `over ${perMinute} requests per minute for this key; retry in ${waitS} s`, {}, { 'Retry-After': String(waitS) }));
    }
    b.tokens -= 1;
    next();
  };
}
