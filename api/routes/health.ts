/**
 * GET /healthz (the process answers) and GET /readyz (Temporal, database and LLM configuration
 * checked). Neither needs a key, so what a keyless caller learns is only what a load balancer needs:
 * ready or not, and which check failed. The details (model names, the database's or Temporal's error
 * text) are for an admin key.
 */
import { Router, type Request } from 'express';
import type { AuthUser } from '../auth.js';
import { PROBLEM_BASE } from '../errors.js';

export type ReadinessCheck = () => Promise<{ ok: boolean; detail?: string }>;

export function healthRoutes(checks: Record<string, ReadinessCheck>, opts: { whoIs?: (req: Request) => AuthUser | null } = {}): Router {
  const r = Router();
  r.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  r.get('/readyz', async (req, res) => {
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          const out = await Promise.race([
            check(),
            new Promise<{ ok: false; detail: string }>((resolve) => setTimeout(() => resolve({ ok: false, detail: 'timed out after 3 s' }), 3000).unref()),
          ]);
          return [name, out] as const;
        } catch (e) {
          return [name, { ok: false, detail: (e as Error).message }] as const;
        }
      }),
    );
    const ok = results.every(([, v]) => v.ok);
    const admin = opts.whoIs?.(req)?.role === 'admin';
    const shown = results.map(([k, v]) => [k, admin ? v : { ok: v.ok }] as const);
    const body = { ready: ok, checks: Object.fromEntries(shown) };
    if (ok) {
      res.json(body);
      return;
    }
    const failed = results.filter(([, v]) => !v.ok);
    const detail = admin ? failed.map(([k, v]) => `${k}: ${v.detail}`).join('; ') : `not ready: ${failed.map(([k]) => k).join(', ')} (details with an admin key)`;
    res.status(503).type('application/problem+json').send(JSON.stringify({ type: `${PROBLEM_BASE}not-ready`, title: 'Not ready', status: 503, detail, ...body }));
  });
  return r;
}
