/**
 * CORS: closed by default. Only origins listed exactly (CORS_ORIGINS; the codec has its own list) get
 * the Access-Control headers, never `*`; a preflight from any other origin is refused with 403, so a
 * misconfigured browser client fails loudly instead of silently.
 */
import type { RequestHandler } from 'express';
import { HttpProblem } from './errors.js';

export function cors(opts: { origins: string[]; methods: string; headers: string; expose?: string; credentials?: boolean }): RequestHandler {
  const allowed = new Set(opts.origins);
  return (req, res, next) => {
    const origin = req.get('origin');
    res.vary('Origin');
    const ok = origin !== undefined && allowed.has(origin);
    if (ok) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      if (opts.credentials) res.setHeader('Access-Control-Allow-Credentials', 'true');
      if (opts.expose) res.setHeader('Access-Control-Expose-Headers', opts.expose);
    }
    if (req.method === 'OPTIONS' && req.get('access-control-request-method')) {
      if (!ok) return next(new HttpProblem(403, 'cors-origin-not-allowed', 'Origin not allowed', `origin ${origin ?? '(none)'} may not call this API from a browser`));
      res.setHeader('Access-Control-Allow-Methods', opts.methods);
      res.setHeader('Access-Control-Allow-Headers', opts.headers);
      res.setHeader('Access-Control-Max-Age', '600');
      return void res.status(204).end();
    }
    next();
  };
}
