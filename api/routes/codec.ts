/**
 * The codec endpoint for the Temporal Web UI (remote codec protocol): POST /codec/decode and
 * /codec/encode with `{ payloads: [{ metadata: { key: base64 }, data: base64 }] }`, for an admin key.
 * The Web UI cannot send an API key, so it holds a credential of its own: the codec token
 * (CODEC_TOKEN; `npm start` makes one per start) in the endpoint it is configured with,
 * `/codec/t/<token>/decode`. Nothing a client can set (an `Origin` header, a loopback address, which
 * every request behind a reverse proxy has) is trusted. CORS answers only CODEC_ALLOWED_ORIGINS.
 * Only exists when payloads are encrypted.
 */
import { Router, type RequestHandler } from 'express';
import type { Payload, PayloadCodec } from '@temporalio/common';
import { z } from 'zod';
import type { ApiKey } from '../../adapters/config.js';
import { authenticate, currentUser, secretLookup } from '../auth.js';
import { cors } from '../cors.js';
import { HttpProblem, validate } from '../errors.js';

const wirePayloads = z.object({
  payloads: z.array(z.object({ metadata: z.record(z.string(), z.string()).optional(), data: z.string().optional() })).max(1000),
});
const toPayload = (p: z.infer<typeof wirePayloads>['payloads'][number]): Payload => ({
  metadata: Object.fromEntries(Object.entries(p.metadata ?? {}).map(([k, v]) => [k, new Uint8Array(Buffer.from(v, 'base64'))])),
  data: new Uint8Array(Buffer.from(p.data ?? '', 'base64')),
});
const fromPayload = (p: Payload) => ({
  metadata: Object.fromEntries(Object.entries(p.metadata ?? {}).map(([k, v]) => [k, Buffer.from(v as Uint8Array).toString('base64')])),
  data: Buffer.from(p.data ?? new Uint8Array()).toString('base64'),
});

export function codecRoutes(deps: { codec: PayloadCodec; apiKeys: ApiKey[]; allowedOrigins: string[]; token?: string }): Router {
  const r = Router();
  const auth = authenticate(deps.apiKeys);
  const preflight = cors({ origins: deps.allowedOrigins, methods: 'POST, OPTIONS', headers: 'Content-Type, X-Namespace, Authorization', credentials: true });
  const tokenMatches = deps.token ? secretLookup([[deps.token, true]]) : () => null;
  const byToken: RequestHandler = (req, _res, next) => {
    // A wrong token is a 404: the path does not exist for whoever does not hold it.
    if (tokenMatches(String(req.params.token ?? '')) !== true) return next(new HttpProblem(404, 'not-found', 'Not found', 'no such codec endpoint'));
    next();
  };
  const allowed: RequestHandler = (req, res, next) => {
    auth(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (currentUser(res).role !== 'admin') return next(new HttpProblem(403, 'forbidden', 'Forbidden', 'decoding payloads is for admins'));
      next();
    });
  };
  for (const op of ['encode', 'decode'] as const) {
    const handle: RequestHandler = async (req, res) => {
      const body = validate(wirePayloads, req.body);
      try {
        const out = await deps.codec[op](body.payloads.map(toPayload));
        res.json({ payloads: out.map(fromPayload) });
      } catch (e) {
        throw new HttpProblem(400, 'codec-failed', 'Cannot decode', (e as Error).message);
      }
    };
    r.options(`/codec/${op}`, preflight);
    r.post(`/codec/${op}`, preflight, allowed, handle);
    r.options(`/codec/t/:token/${op}`, preflight);
    r.post(`/codec/t/:token/${op}`, preflight, byToken, handle);
  }
  return r;
}
