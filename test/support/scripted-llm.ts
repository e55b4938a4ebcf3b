/**
 * A scripted OpenAI-compatible chat server for tests: a real HTTP server on an ephemeral port whose
 * replies come from a function of the request (canned tool calls, texts, errors, delays). Every request
 * is recorded for assertions. Test code only; never a runtime default.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string }[];
  tools?: { function: { name: string } }[];
  temperature?: number;
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

export interface ScriptedReply {
  content?: string | null;
  toolCalls?: { name: string; arguments: unknown }[];
  /** An HTTP error instead of a completion. */
  status?: number;
  headers?: Record<string, string>;
  /** Raw response text (malformed JSON tests). */
  raw?: string;
  delayMs?: number;
  /** Never answer (the client must time out). */
  hang?: boolean;
  /** Send the headers and half of a valid completion, then drop the connection. */
  cut?: boolean;
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Send no `usage` at all (some local servers and proxies do not). */
  noUsage?: boolean;
  /** The model name the reply gives (default: the requested one), e.g. a dated variant. */
  model?: string;
  /**
   * For a streamed request (`stream: true`): the content is sent in these pieces (default: word by
   * word), one chunk each, `tokenDelayMs` apart; with `cutAfter`, the connection drops after that many.
   */
  pieces?: string[];
  tokenDelayMs?: number;
  cutAfter?: number;
}

export type Responder = (req: ChatRequestBody, n: number) => ScriptedReply | Promise<ScriptedReply>;

/** An embeddings request as OpenAI-compatible servers receive it. */
export interface EmbeddingsRequestBody {
  model: string;
  input: string[];
  dimensions?: number;
  encoding_format?: string;
}
/** Vectors for each input, or an HTTP error. */
export type EmbeddingsResponder = (req: EmbeddingsRequestBody, n: number) => { vectors?: number[][]; status?: number; delayMs?: number } | Promise<{ vectors?: number[][]; status?: number; delayMs?: number }>;

export interface ScriptedLlm {
  url: string;
  requests: ChatRequestBody[];
  embeddingRequests: EmbeddingsRequestBody[];
  respond(fn: Responder): void;
  /**
   * Requests from the claim verifier (a strict JSON schema named outcome_claims), kept apart from
   * `requests` so tests of the turn's other calls count what they did before.
   */
  verifierRequests: ChatRequestBody[];
  /** When each streamed reply's first piece of content was written (performance.now()), by request number. */
  firstPieces: Map<number, number>;
  /** How the verifier answers; by default it finds no claims. */
  verify(fn: Responder): void;
  respondEmbeddings(fn: EmbeddingsResponder): void;
  close(): Promise<void>;
}

export const text = (content: string): ScriptedReply => ({ content });
/** A reply streamed to a streaming request in `pieces`, `tokenDelayMs` apart (a plain completion otherwise). */
export const streamedText = (content: string, opts: { pieces?: string[]; tokenDelayMs?: number; cutAfter?: number } = {}): ScriptedReply => ({ content, ...opts });
/** Word-sized pieces of a text that join back into it. */
export const wordPieces = (content: string) => content.match(/\S+\s*|\s+/g) ?? [];
export const call = (name: string, args: unknown): ScriptedReply => ({ content: null, toolCalls: [{ name, arguments: args }] });
export const calls = (...list: [string, unknown][]): ScriptedReply => ({ content: null, toolCalls: list.map(([name, args]) => ({ name, arguments: args })) });
export const httpError = (status: number, headers: Record<string, string> = {}): ScriptedReply => ({ status, headers });

/** Helpers for responders: who is asking and what it has seen. */
export const isOrchestrator = (req: ChatRequestBody) => req.tools?.some((t) => t.function.name === 'booking_agent') ?? false;
export const agentOf = (req: ChatRequestBody): string | null => {
  const names = req.tools?.map((t) => t.function.name) ?? [];
  if (names.includes('search_knowledge_base')) return 'knowledge_base_agent';
  if (names.includes('list_rooms')) return 'booking_agent';
  return null;
};
export const isVerifier = (req: ChatRequestBody) => req.response_format?.json_schema?.name === 'outcome_claims';
/** The answer a verifier request asks about. */
export const answerToVerify = (req: ChatRequestBody) => /<<<\n([\s\S]*)\n>>>/.exec(req.messages.at(-1)?.content ?? '')?.[1] ?? '';
export const toolResults = (req: ChatRequestBody) => req.messages.filter((m) => m.role === 'tool').map((m) => m.content ?? '');
export const firstUser = (req: ChatRequestBody) => req.messages.find((m) => m.role === 'user')?.content ?? '';

export async function startScriptedLlm(responder: Responder = () => text('ok')): Promise<ScriptedLlm> {
  let fn = responder;
  let verifyFn: Responder = () => text(JSON.stringify({ claims: [] }));
  const verifierRequests: ChatRequestBody[] = [];
  let verifyCounter = 0;
  let embedFn: EmbeddingsResponder = (req) => ({ vectors: req.input.map(() => new Array(1024).fill(1 / 32)) });
  const requests: ChatRequestBody[] = [];
  const embeddingRequests: EmbeddingsRequestBody[] = [];
  let embedCounter = 0;
  const hanging = new Set<http.ServerResponse>();
  const firstPieces = new Map<number, number>();
  let counter = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', async () => {
      if (req.method === 'POST' && req.url?.endsWith('/embeddings')) {
        const parsed = JSON.parse(body) as EmbeddingsRequestBody;
        embeddingRequests.push(parsed);
        const r = await embedFn(parsed, embedCounter++);
        if (r.delayMs) await new Promise((ok) => setTimeout(ok, r.delayMs));
        if (r.status) {
          res.writeHead(r.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `scripted HTTP ${r.status}` } }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ object: 'list', model: parsed.model, data: (r.vectors ?? []).map((embedding, index) => ({ object: 'embedding', index, embedding })), usage: { prompt_tokens: 1, total_tokens: 1 } }),
        );
        return;
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const parsed = JSON.parse(body) as ChatRequestBody;
      const verifying = isVerifier(parsed);
      (verifying ? verifierRequests : requests).push(parsed);
      const n = verifying ? verifyCounter++ : counter++;
      let reply: ScriptedReply;
      try {
        reply = await (verifying ? verifyFn : fn)(parsed, n);
      } catch (e) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `responder threw: ${(e as Error).message}` } }));
        return;
      }
      if (reply.hang) {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (reply.status) {
        res
          .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
          .end(JSON.stringify({ error: { message: `scripted HTTP ${reply.status}`, type: 'scripted' } }));
        return;
      }
      if (reply.raw !== undefined) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(reply.raw);
        return;
      }
      const toolCalls = (reply.toolCalls ?? []).map((t, i) => ({
        id: `call_${n}_${i}`,
        type: 'function',
        function: { name: t.name, arguments: typeof t.arguments === 'string' ? t.arguments : JSON.stringify(t.arguments) },
      }));
      const usage = reply.usage ?? { prompt_tokens: 100, completion_tokens: 20 };
      const completion = JSON.stringify({
          id: `chatcmpl-${n}`,
          object: 'chat.completion',
          created: 1_700_000_000,
          model: reply.model ?? parsed.model,
          choices: [
            {
              index: 0,
              finish_reason: toolCalls.length ? 'tool_calls' : 'stop',
              message: { role: 'assistant', content: reply.content ?? null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) },
            },
          ],
          ...(reply.noUsage ? {} : { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }),
        });
      if (parsed.stream) {
        await sendStream(res, n, reply.model ?? parsed.model, reply, toolCalls, parsed.stream_options?.include_usage && !reply.noUsage ? usage : null, (at) => firstPieces.set(n, at));
        return;
      }
      if (reply.cut) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(completion)) });
        res.write(completion.slice(0, Math.floor(completion.length / 2)));
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(completion);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    embeddingRequests,
    verifierRequests,
    firstPieces,
    respond: (f) => {
      fn = f;
    },
    verify: (f) => {
      verifyFn = f;
    },
    respondEmbeddings: (f) => {
      embedFn = f;
    },
    close: () =>
      new Promise((r) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A reply as OpenAI's streaming format sends it: `data:` chunks of deltas, the usage last, then [DONE]. */
async function sendStream(
  res: http.ServerResponse,
  n: number,
  model: string,
  reply: ScriptedReply,
  toolCalls: { id: string; type: string; function: { name: string; arguments: string } }[],
  usage: { prompt_tokens: number; completion_tokens: number } | null,
  onFirstPiece: (at: number) => void,
) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: `chatcmpl-${n}`, object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const pieces = reply.content ? (reply.pieces ?? wordPieces(reply.content)) : [];
  let sentPieces = 0;
  // `cut` (half a completion, then a dropped connection) is half the pieces when streamed.
  const cutAt = reply.cutAfter ?? (reply.cut ? Math.floor(pieces.length / 2) : undefined);
  res.write(chunk({ role: 'assistant', content: '' }));
  if (cutAt !== undefined && pieces.length === 0) {
    setTimeout(() => res.socket?.destroy(), 20);
    return;
  }
  for (const p of pieces) {
    if (cutAt !== undefined && sentPieces >= cutAt) {
      res.socket?.destroy();
      return;
    }
    if (reply.tokenDelayMs) await new Promise((r) => setTimeout(r, reply.tokenDelayMs));
    if (res.destroyed) return;
    res.write(chunk({ content: p }));
    if (sentPieces === 0) onFirstPiece(performance.now());
    sentPieces++;
  }
  toolCalls.forEach((tc, index) => {
    res.write(chunk({ tool_calls: [{ index, id: tc.id, type: 'function', function: { name: tc.function.name, arguments: '' } }] }));
    res.write(chunk({ tool_calls: [{ index, function: { arguments: tc.function.arguments } }] }));
  });
  res.write(chunk({}, toolCalls.length ? 'tool_calls' : 'stop'));
  if (usage) {
    res.write(`data: ${JSON.stringify({ id: `chatcmpl-${n}`, object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })}\n\n`);
  }
  res.end('data: [DONE]\n\n');
}
