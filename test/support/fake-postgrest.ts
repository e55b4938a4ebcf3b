/**
 * A PostgREST stand-in for contract tests of the Supabase adapter: it speaks PostgREST's documented
 * RPC wire format (POST /rest/v1/rpc/<function>, named arguments as a JSON object, `apikey` and
 * `Authorization: Bearer` headers; the function's JSON result as the body; errors as
 * `{ code, message, details, hint }` with a 4xx/5xx status) and runs the call on a real database.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sqlRpc } from '../../adapters/booking-store.js';
import type { Db } from '../../adapters/db.js';

export interface RecordedRpc {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export async function startFakePostgrest(db: Db, serviceRoleKey: string) {
  const requests: RecordedRpc[] = [];
  const call = sqlRpc(db);
  let failNext: { status: number; code: string; message: string } | null = null;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', async () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      const body = raw ? JSON.parse(raw) : {};
      requests.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      if (req.headers.apikey !== serviceRoleKey || req.headers.authorization !== `Bearer ${serviceRoleKey}`) {
        return send(401, { code: 'PGRST301', message: 'JWSError JWSInvalidSignature', details: null, hint: null });
      }
      const m = /^\/rest\/v1\/rpc\/([a-z_]+)$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !m) return send(404, { code: 'PGRST125', message: 'Invalid path specified in request URL', details: null, hint: null });
      if (failNext) {
        const f = failNext;
        failNext = null;
        return send(f.status, { code: f.code, message: f.message, details: null, hint: null });
      }
      const exists = (await db.query<{ n: number }>(`select count(*)::int as n from pg_proc where proname = $1`, [m[1]])).rows[0]!.n;
      if (!exists) {
        return send(404, { code: 'PGRST202', message: `Could not find the function public.${m[1]} in the schema cache`, details: 'Searched for the function with the given arguments', hint: null });
      }
      try {
        send(200, (await call(m[1]!, body)) ?? null);
      } catch (e) {
        const code = (e as { code?: string }).code ?? 'XX000';
        send(code.startsWith('22') || code.startsWith('23') ? 400 : 500, { code, message: (e as Error).message, details: null, hint: null });
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failNext(f: { status: number; code: string; message: string }) {
      failNext = f;
    },
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}
