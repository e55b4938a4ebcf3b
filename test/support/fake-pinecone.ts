/**
 * A Pinecone data-plane stand-in for contract tests, speaking its documented REST format:
 * POST /vectors/upsert `{ vectors: [{ id, values, metadata }], namespace }` → `{ upsertedCount }`;
 * POST /query `{ namespace, vector, topK, includeMetadata, includeValues }` → `{ matches: [{ id, score, values, metadata }], namespace }`;
 * GET /vectors/list?namespace&prefix&limit&paginationToken → `{ vectors: [{ id }], pagination: { next }, namespace }`;
 * POST /vectors/delete `{ ids, namespace }` → `{}`. Requests carry `Api-Key` and `X-Pinecone-Api-Version`.
 * Vectors are kept in memory and scored by cosine, as a cosine index would.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Vector = { id: string; values: number[]; metadata?: Record<string, unknown> };

export async function startFakePinecone(apiKey: string) {
  const namespaces = new Map<string, Map<string, Vector>>();
  const requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: any }[] = [];
  let failNext: number | null = null;
  let hangNext = false;
  const ns = (name: string) => namespaces.get(name) ?? namespaces.set(name, new Map()).get(name)!;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const body = raw ? JSON.parse(raw) : null;
      requests.push({ method: req.method!, path: url.pathname, headers: req.headers, body });
      const send = (status: number, payload: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      if (req.headers['api-key'] !== apiKey) return send(401, { code: 16, message: 'Invalid API Key' });
      if (hangNext && url.pathname === '/query') {
        hangNext = false;
        return; // never answers: the caller times out or dies waiting
      }
      if (failNext) {
        const status = failNext;
        failNext = null;
        return send(status, { code: 14, message: 'service unavailable' });
      }
      if (req.method === 'POST' && url.pathname === '/vectors/upsert') {
        for (const v of body.vectors as Vector[]) {
          if (v.values.length !== 1024) return send(400, { code: 3, message: `Vector dimension ${v.values.length} does not match the dimension of the index 1024` });
          ns(body.namespace ?? '').set(v.id, v);
        }
        return send(200, { upsertedCount: body.vectors.length });
      }
      if (req.method === 'POST' && url.pathname === '/query') {
        const q = body.vector as number[];
        const norm = (v: number[]) => Math.sqrt(v.reduce((a, x) => a + x * x, 0));
        const matches = [...ns(body.namespace ?? '').values()]
          .map((v) => ({ v, score: v.values.reduce((a, x, i) => a + x * q[i]!, 0) / (norm(v.values) * norm(q) || 1) }))
          .sort((a, b) => b.score - a.score)
          .slice(0, body.topK)
          .map(({ v, score }) => ({ id: v.id, score, values: body.includeValues ? v.values : [], ...(body.includeMetadata ? { metadata: v.metadata } : {}) }));
        return send(200, { matches, namespace: body.namespace ?? '', usage: { readUnits: 5 } });
      }
      if (req.method === 'GET' && url.pathname === '/vectors/list') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const limit = Number(url.searchParams.get('limit') ?? 100);
        const start = Number(url.searchParams.get('paginationToken') ?? 0);
        const ids = [...ns(url.searchParams.get('namespace') ?? '').keys()].filter((id) => id.startsWith(prefix)).sort();
        const page = ids.slice(start, start + limit);
        return send(200, {
          vectors: page.map((id) => ({ id })),
          ...(start + limit < ids.length ? { pagination: { next: String(start + limit) } } : {}),
          namespace: url.searchParams.get('namespace') ?? '',
          usage: { readUnits: 1 },
        });
      }
      if (req.method === 'POST' && url.pathname === '/vectors/delete') {
        for (const id of body.ids ?? []) ns(body.namespace ?? '').delete(id);
        return send(200, {});
      }
      send(404, { code: 5, message: `no route ${req.method} ${url.pathname}` });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    namespaces,
    failNext: (status: number) => {
      failNext = status;
    },
    /** The next query never answers. */
    hangNext: () => {
      hangNext = true;
    },
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}
