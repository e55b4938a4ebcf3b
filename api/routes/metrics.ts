/**
 * GET /metrics: Prometheus text format. A scraper authenticates with METRICS_TOKEN or an admin key
 * (`authorization: Bearer …` in the scrape config); counts of turns and spend are not for everyone.
 */
import { Router } from 'express';
import type { ApiKey } from '../../adapters/config.js';
import { registry } from '../../adapters/metrics.js';
import { bearerToken, secretLookup } from '../auth.js';
import { HttpProblem } from '../errors.js';

/** Whether a bearer token is the metrics token or an admin's key (compared in constant time). */
export function metricsAuthorizer(opts: { apiKeys: ApiKey[]; token?: string }): (authorization: string | undefined) => boolean {
  const lookup = secretLookup([...(opts.token ? [opts.token] : []), ...opts.apiKeys.filter((k) => k.role === 'admin').map((k) => k.key)].map((k): [string, true] => [k, true]));
  return (authorization) => {
    const token = bearerToken(authorization);
    return token !== null && lookup(token) === true;
  };
}

export function metricsRoutes(opts: { apiKeys: ApiKey[]; token?: string }): Router {
  const authorized = metricsAuthorizer(opts);
  const r = Router();
  r.get('/metrics', async (req, res) => {
    if (!authorized(req.get('authorization'))) {
      throw new HttpProblem(401, 'unauthorized', 'Unauthorized', 'send Authorization: Bearer <METRICS_TOKEN or an admin API key>', {}, { 'WWW-Authenticate': 'Bearer' });
    }
    res.type(registry.contentType).send(await registry.metrics());
  });
  return r;
}
