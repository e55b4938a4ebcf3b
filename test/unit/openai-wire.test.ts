/**
 * The model client on the OpenAI-compatible wire (adapters/openai-wire.ts), against a raw HTTP server
 * that answers as providers and proxies do, well and badly: what is sent, streamed replies in the
 * shapes servers send them (comments, CRLF, data split across reads), compressed replies, replies cut
 * off or stalled, error events, a refused connection, a cancelled call, and keep-alive reuse.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelClient, LlmError, type LlmEndpoint } from '../../adapters/llm.js';
import { createRemoteEmbedder } from '../../adapters/embedding.js';
import { createWireEndpoint } from '../../adapters/openai-wire.js';

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;
let handler: Handler = (_req, _body, res) => res.end('{}');
const seen: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let connections = 0;
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      handler(req, body, res);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(
  () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
);

const endpoint = (baseURL = base): LlmEndpoint => ({ baseURL, apiKey: 'sk-test', model: 'm', variables: 'ORCHESTRATOR_*', configured: true });
const client = (timeoutMs = 2000, baseURL = base) => createModelClient(endpoint(baseURL), timeoutMs);
const ask = { messages: [{ role: 'user' as const, content: 'client meals?' }] };
const failure = async (p: Promise<unknown>): Promise<LlmError> => {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(LlmError);
    return e as LlmError;
  }
  throw new Error('expected a failure');
};
const completion = (content: string) => JSON.stringify({ model: 'm', choices: [{ message: { role: 'assistant', content } }], usage: { prompt_tokens: 5, completion_tokens: 2 } });
const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) => JSON.stringify({ model: 'm', choices: [{ index: 0, delta }], ...extra });

describe('the OpenAI-compatible wire', () => {
  it('POSTs the request as JSON to <base>/chat/completions with the key, and reads the reply', async () => {
    handler = (_req, _body, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(completion('60 EUR'));
    const r = await client().chat({ ...ask, temperature: 0, jsonSchema: { name: 's', schema: { type: 'object' } } });
    expect(r).toMatchObject({ content: '60 EUR', toolCalls: [], usage: { model: 'm', promptTokens: 5, completionTokens: 2 } });
    const sent = seen.at(-1)!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.headers).toMatchObject({ authorization: 'Bearer sk-test', 'content-type': 'application/json' });
    expect(JSON.parse(sent.body)).toEqual({
      model: 'm',
      messages: ask.messages,
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: { name: 's', strict: true, schema: { type: 'object' } } },
    });
    // A base URL given with a trailing slash reaches the same path.
    await client(2000, `${base}/`).chat(ask);
    expect(seen.at(-1)!.url).toBe('/v1/chat/completions');
  });

  it('reuses one connection for call after call, streamed or not', async () => {
    handler = (_req, body, res) => {
      if (JSON.parse(body).stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(`data: ${chunk({ content: 'ok' })}\n\ndata: [DONE]\n\n`);
      } else res.writeHead(200, { 'content-type': 'application/json' }).end(completion('ok'));
    };
    const c = client();
    await c.chat(ask);
    const before = connections;
    for (let i = 0; i < 5; i++) {
      await c.chat(ask);
      await c.chat({ ...ask, onText: () => {} });
    }
    expect(connections).toBe(before);
  });

  it('closes a connection left idle before the server would, and never a call that waits long for its reply', async () => {
    handler = (_req, _body, res) => setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'), 250);
    const wire = createWireEndpoint({ baseURL: base, apiKey: 'k', timeoutMs: 2000, idleSocketMs: 100 });
    const before = connections;
    // Silent for 250 ms, longer than the idle limit: the call still gets its reply.
    expect(await wire.postJson('x', {})).toEqual({ ok: true });
    expect(await wire.postJson('x', {})).toEqual({ ok: true });
    expect(connections).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 600));
    // Idle past the limit: that connection was closed by the client, and the next call opens another.
    expect(await wire.postJson('x', {})).toEqual({ ok: true });
    expect(connections).toBe(before + 2);
  });

  it('refuses a reply, or a streamed event, larger than its limit instead of holding it', async () => {
    const wire = createWireEndpoint({ baseURL: base, apiKey: 'k', timeoutMs: 2000, maxReplyBytes: 4096 });
    handler = (_req, _body, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ pad: 'x'.repeat(10_000) }));
    await expect(wire.postJson('x', {})).rejects.toMatchObject({ failure: 'malformed' });
    // A line that never ends, sent piece by piece: refused once it passes the limit, not at the timeout.
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const t = setInterval(() => res.write('data: ' + 'y'.repeat(1000)), 5);
      res.on('close', () => clearInterval(t));
    };
    const events = async () => {
      for await (const _ of wire.postStream('x', {})) void _;
    };
    await expect(events()).rejects.toMatchObject({ failure: 'malformed' });
    // A plain reply that never ends is refused the same way, once past the limit.
    expect(await wire.postJson('x', {}).catch((e) => e.failure)).toBe('malformed');
  });

  it('assembles a streamed reply as servers send it: comments, CRLF, events split across reads, tool-call deltas, usage last', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const events = [
        ': OPENROUTER PROCESSING\r\n\r\n',
        `event: message\r\ndata: ${chunk({ role: 'assistant', content: 'Client ' })}\r\n\r\n`,
        `data: ${chunk({ content: 'meals: ' })}\n\n`,
        `data: ${chunk({ content: '60 EUR.' })}\n\n`,
        `data: ${chunk({}, { choices: [], usage: { prompt_tokens: 9, completion_tokens: 4 } })}\n\n`,
        'data: [DONE]\n\n',
      ].join('');
      // Written in small pieces, so that events and lines are split across reads.
      let i = 0;
      const step = () => {
        if (i >= events.length) return res.end();
        res.write(events.slice(i, i + 7));
        i += 7;
        setImmediate(step);
      };
      step();
    };
    const pieces: string[] = [];
    const r = await client().chat({ ...ask, onText: (d) => pieces.push(d) });
    expect(pieces.join('')).toBe('Client meals: 60 EUR.');
    expect(r).toMatchObject({ content: 'Client meals: 60 EUR.', usage: { promptTokens: 9, completionTokens: 4 } });
    expect(JSON.parse(seen.at(-1)!.body)).toMatchObject({ stream: true, stream_options: { include_usage: true } });

    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const tc = (index: number, f: Record<string, unknown>, id?: string) => chunk({ tool_calls: [{ index, ...(id ? { id, type: 'function' } : {}), function: f }] });
      res.end(
        [tc(0, { name: 'search_', arguments: '' }, 'c1'), tc(0, { name: 'knowledge_base', arguments: '{"query":' }), tc(1, { name: 'list_rooms', arguments: '{}' }, 'c2'), tc(0, { arguments: '"meals"}' })]
          .map((d) => `data: ${d}\n\n`)
          .join('') + 'data: [DONE]\n\n',
      );
    };
    const t = await client().chat({ ...ask, onText: () => {} });
    expect(t.content).toBeNull();
    expect(t.toolCalls).toEqual([
      { id: 'c1', type: 'function', function: { name: 'search_knowledge_base', arguments: '{"query":"meals"}' } },
      { id: 'c2', type: 'function', function: { name: 'list_rooms', arguments: '{}' } },
    ]);
  });

  it('reads a compressed reply from a server that compresses although asked not to', async () => {
    handler = (req, _body, res) => {
      expect(req.headers['accept-encoding']).toBe('identity');
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(zlib.gzipSync(completion('compressed')));
    };
    expect((await client().chat(ask)).content).toBe('compressed');
    handler = (_req, _body, res) => res.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'br' }).end(zlib.brotliCompressSync(`data: ${chunk({ content: 'br' })}\n\ndata: [DONE]\n\n`));
    expect((await client().chat({ ...ask, onText: () => {} })).content).toBe('br');
  });

  it("keeps the provider's error text out of the message (it reaches answers) and in the detail for the log", async () => {
    handler = (_req, _body, res) => res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'model m not found at internal-gw-7' } }));
    const e = await failure(client().chat(ask));
    expect(e).toMatchObject({ type: 'LlmBadRequest', retryable: false, providerDetail: '400 model m not found at internal-gw-7' });
    expect(e.message).not.toContain('internal-gw-7');
    // The detail kept for the log is the first 300 characters, whatever the provider sent.
    handler = (_req, _body, res) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'x'.repeat(5000) } }));
    expect((await failure(client().chat(ask))).providerDetail).toBe(`500 ${'x'.repeat(296)}`);
    // A gateway's 200 carrying its provider's error: that provider failed, retryably.
    handler = (_req, _body, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Provider returned error', code: 502 } }));
    const gw = await failure(client().chat(ask));
    expect(gw).toMatchObject({ type: 'LlmUnavailable', retryable: true, providerDetail: '502 Provider returned error' });
    expect(gw.message).not.toContain('Provider returned');
    handler = (_req, _body, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
    expect(await failure(client().chat(ask))).toMatchObject({ type: 'LlmUnavailable', retryable: true, providerDetail: '502 <html>Bad gateway</html>' });
  });

  it('a reply cut off mid-way, streamed or not, is a retryable connection failure', async () => {
    handler = (_req, _body, res) => {
      const whole = completion('never whole');
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(whole.length) });
      res.write(whole.slice(0, 20));
      setTimeout(() => res.socket?.destroy(), 10);
    };
    const e = await failure(client().chat(ask));
    expect(e).toMatchObject({ type: 'LlmUnavailable', retryable: true });
    expect(e.message).toMatch(/cannot reach the model endpoint/);
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${chunk({ content: 'half ' })}\n\n`);
      setTimeout(() => res.socket?.destroy(), 10);
    };
    const pieces: string[] = [];
    const s = await failure(client().chat({ ...ask, onText: (d) => pieces.push(d) }));
    expect(s).toMatchObject({ type: 'LlmUnavailable', retryable: true });
    expect(pieces).toEqual(['half ']);
  });

  it('a stream that stalls times out; an error event mid-stream is a retryable failure with its detail', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${chunk({ content: 'and then ' })}\n\n`);
      // … nothing more: the connection stays open.
    };
    const started = Date.now();
    const e = await failure(client(300).chat({ ...ask, onText: () => {} }));
    expect(e.message).toMatch(/timed out/);
    expect(Date.now() - started).toBeLessThan(3000);
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`data: ${chunk({ content: 'x' })}\n\ndata: ${JSON.stringify({ error: { message: 'upstream overloaded', code: 502 } })}\n\n`);
    };
    expect(await failure(client().chat({ ...ask, onText: () => {} }))).toMatchObject({ type: 'LlmUnavailable', retryable: true, providerDetail: 'upstream overloaded' });
    // Content that is not text is a malformed reply, not text to show.
    handler = (_req, _body, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content: [{ type: 'text', text: 'x' }] } }] }));
    expect(await failure(client().chat(ask))).toMatchObject({ type: 'LlmMalformedResponse', retryable: true });
    handler = (_req, _body, res) => res.writeHead(200, { 'content-type': 'text/event-stream' }).end('data: {"choices": [\n\n');
    expect(await failure(client().chat({ ...ask, onText: () => {} }))).toMatchObject({ type: 'LlmMalformedResponse', retryable: true });
  });

  it('a refused connection names no address; a cancelled call says so, before and during the call', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const e = await failure(client(2000, `http://127.0.0.1:${port}/v1`).chat(ask));
    expect(e).toMatchObject({ type: 'LlmUnavailable', retryable: true });
    expect(e.message).toMatch(/cannot reach the model endpoint \(ECONNREFUSED\)/);
    expect(e.message).not.toContain(String(port));

    handler = () => {}; // never answers
    const early = new AbortController();
    early.abort();
    expect((await failure(client().chat({ ...ask, signal: early.signal }))).message).toMatch(/cancelled/);
    const later = new AbortController();
    setTimeout(() => later.abort(), 50);
    const c = await failure(client(5000).chat({ ...ask, signal: later.signal }));
    expect(c).toMatchObject({ type: 'LlmUnavailable', retryable: true });
    expect(c.message).toMatch(/cancelled/);
  });

  it('embeddings: the same wire; a vector that is not a list of numbers is a malformed reply', async () => {
    handler = (_req, _body, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ index: 0, embedding: 'AAAA' }] }));
    const e = createRemoteEmbedder({ provider: 'ollama', baseURL: base, apiKey: undefined, model: 'm', timeoutMs: 2000 });
    expect(await failure(e.embed(['x']))).toMatchObject({ type: 'LlmMalformedResponse' });
    expect(seen.at(-1)).toMatchObject({ url: '/v1/embeddings', headers: { authorization: 'Bearer unused' } });
  });

  it('speaks TLS for an https base URL (the hosted providers), reusing the connection; an untrusted certificate is a retryable failure naming its code', async () => {
    // A certificate of its own for 127.0.0.1 (openssl is on every Debian image).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wire-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    let tlsConnections = 0;
    const tls = https.createServer({ key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) }, (req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        if (JSON.parse(body).stream) res.writeHead(200, { 'content-type': 'text/event-stream' }).end(`data: ${chunk({ content: 'streamed over TLS' })}\n\ndata: [DONE]\n\n`);
        else res.writeHead(200, { 'content-type': 'application/json' }).end(completion('over TLS'));
      });
    });
    tls.on('secureConnection', () => tlsConnections++);
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', () => r()));
    const url = `https://127.0.0.1:${(tls.address() as AddressInfo).port}/v1`;
    const previous = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    try {
      const refused = await failure(client(2000, url).chat(ask));
      expect(refused).toMatchObject({ type: 'LlmUnavailable', retryable: true });
      expect(refused.message).toMatch(/cannot reach the model endpoint \((DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)\)/);
      // Trusted (for this test only, as NODE_EXTRA_CA_CERTS would trust a private CA for a process):
      process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
      const c = client(2000, url);
      const before = tlsConnections;
      expect((await c.chat(ask)).content).toBe('over TLS');
      expect((await c.chat({ ...ask, onText: () => {} })).content).toBe('streamed over TLS');
      expect((await c.chat(ask)).content).toBe('over TLS');
      expect(tlsConnections - before).toBe(1);
    } finally {
      if (previous === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previous;
      tls.closeAllConnections();
      await new Promise<void>((r) => tls.close(() => r()));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
