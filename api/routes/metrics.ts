/**
 * GET /metrics: Prometheus text format. A scraper authenticates with METRICS_TOKEN or an admin key
 * (`authorization: Bearer …` in the scrape config); counts of turns and spend are not for everyone.
 */
import { Router } from 'express';
import type { ApiKey } from '../../adapters/config.js';
import { registry } from '../../adapters/metrics.js';
import { metricsAuthorizer } from '../../adapters/secrets.js';
import { HttpProblem } from '../errors.js';

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
