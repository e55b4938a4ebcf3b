/** GET /healthz (the process answers) and GET /readyz (Temporal, database and LLM configuration checked). */
import { Router } from 'express';

export type ReadinessCheck = () => Promise<{ ok: boolean; detail?: string }>;

export function healthRoutes(checks: Record<string, ReadinessCheck>): Router {
  const r = Router();
  r.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  r.get('/readyz', async (_req, res) => {
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
    const body = { ready: ok, checks: Object.fromEntries(results) };
    if (ok) res.json(body);
    else res.status(503).type('application/problem+json').send(JSON.stringify({ type: 'https://workspace-copilot.dev/problems/not-ready', title: 'Not ready', status: 503, detail: results.filter(([, v]) => !v.ok).map(([k, v]) => `${k}: ${v.detail}`).join('; '), ...body }));
  });
  return r;
}
