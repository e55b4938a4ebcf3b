/**
 * The worker's own small HTTP server (METRICS_PORT): GET /metrics (Prometheus; METRICS_TOKEN required
 * when set) and GET /healthz (200 while its workers poll, 503 otherwise; the compose health check).
 * The API serves /metrics itself; this is for workers running as processes of their own.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Worker } from '@temporalio/worker';
import { registry } from '../adapters/metrics.js';
import { metricsAuthorizer } from '../adapters/secrets.js';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

/**
 * Listens on loopback unless `host` says otherwise. Off loopback, /metrics needs METRICS_TOKEN: without
 * one it is refused (403), since anyone who reaches the port would read it; /healthz stays open.
 */
export async function startMetricsServer(opts: { port: number; host?: string; token?: string; workers: Worker[] }): Promise<{ url: string; exposedWithoutToken: boolean; close(): Promise<void> }> {
  const host = opts.host || '127.0.0.1';
  const exposedWithoutToken = !opts.token && !LOOPBACK.test(host);
  const authorized = opts.token ? metricsAuthorizer({ apiKeys: [], token: opts.token }) : () => !exposedWithoutToken;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && url.pathname === '/healthz') {
      const states = opts.workers.map((w) => w.getState());
      const ok = states.every((s) => s === 'RUNNING');
      res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: ok ? 'ok' : 'unavailable', workers: states }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/metrics') {
      if (exposedWithoutToken) {
        res.writeHead(403, { 'content-type': 'text/plain' }).end(`METRICS_TOKEN is not set, so /metrics is not served on ${host} (set it, or listen on 127.0.0.1)\n`);
        return;
      }
      if (!authorized(req.headers.authorization)) {
        res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('send Authorization: Bearer <METRICS_TOKEN>\n');
        return;
      }
      res.writeHead(200, { 'content-type': registry.contentType }).end(await registry.metrics());
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('GET /metrics or /healthz\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${LOOPBACK.test(host) || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${port}`,
    exposedWithoutToken,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
