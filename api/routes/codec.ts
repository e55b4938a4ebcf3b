/**
 * The codec endpoint for the Temporal Web UI (remote codec protocol): POST /codec/decode and
 * /codec/encode with `{ payloads: [{ metadata: { key: base64 }, data: base64 }] }`. Served to an admin
 * key, or without a key to the Web UI itself: a browser request from an allowed origin
 * (CODEC_ALLOWED_ORIGINS) reaching a loopback address. Only exists when payloads are encrypted.
 */
import { Router, type RequestHandler } from 'express';
import type { Payload, PayloadCodec } from '@temporalio/common';
import { z } from 'zod';
import type { ApiKey } from '../../adapters/config.js';
import { authenticate, currentUser } from '../auth.js';
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

const isLoopback = (addr: string | undefined) => !!addr && (addr === '::1' || addr.startsWith('127.') || addr.startsWith('::ffff:127.'));

export function codecRoutes(deps: { codec: PayloadCodec; apiKeys: ApiKey[]; allowedOrigins: string[] }): Router {
  const r = Router();
  const auth = authenticate(deps.apiKeys);
  const preflight = cors({ origins: deps.allowedOrigins, methods: 'POST, OPTIONS', headers: 'Content-Type, X-Namespace, Authorization', credentials: true });
  const allowed: RequestHandler = (req, res, next) => {
    const origin = req.get('origin');
    if (origin && deps.allowedOrigins.includes(origin) && isLoopback(req.socket.remoteAddress) && !req.get('authorization')) return next();
    auth(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (currentUser(res).role !== 'admin') return next(new HttpProblem(403, 'forbidden', 'Forbidden', 'decoding payloads is for admins'));
      next();
    });
  };
  for (const op of ['encode', 'decode'] as const) {
    r.options(`/codec/${op}`, preflight);
    r.post(`/codec/${op}`, preflight, allowed, async (req, res) => {
      const body = validate(wirePayloads, req.body);
      try {
        const out = await deps.codec[op](body.payloads.map(toPayload));
        res.json({ payloads: out.map(fromPayload) });
      } catch (e) {
        throw new HttpProblem(400, 'codec-failed', 'Cannot decode', (e as Error).message);
      }
    });
  }
  return r;
}
