/**
 * A stand-in OpenTelemetry collector: an HTTP server that accepts OTLP/HTTP JSON trace exports
 * (POST /v1/traces, the wire format of @opentelemetry/exporter-trace-otlp-http) and keeps the spans.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CollectedSpan {
  service: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  attributes: Record<string, unknown>;
}

export async function startOtlpCollector(): Promise<{ url: string; spans: CollectedSpan[]; close(): Promise<void> }> {
  const spans: CollectedSpan[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !/json/.test(req.headers['content-type'] ?? '')) {
        res.writeHead(415).end();
        return;
      }
      const payload = JSON.parse(body) as { resourceSpans: any[] };
      for (const rs of payload.resourceSpans ?? []) {
        const service = rs.resource?.attributes?.find((a: any) => a.key === 'service.name')?.value?.stringValue ?? '';
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? []) {
            spans.push({
              service,
              name: s.name,
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId || undefined,
              attributes: Object.fromEntries((s.attributes ?? []).map((a: any) => [a.key, Object.values(a.value ?? {})[0]])),
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, close: () => new Promise<void>((r) => server.close(() => r())) };
}
