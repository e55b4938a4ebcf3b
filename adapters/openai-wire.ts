/**
 * The OpenAI-compatible wire, spoken directly: a JSON POST to `<baseURL>/<path>` over one keep-alive
 * connection pool per endpoint, its reply read whole (JSON) or as server-sent events (`stream: true`).
 *
 * Why not the `openai` SDK: a model call went through the SDK's request pipeline and Node's fetch (web
 * streams, an AbortController and a timer per call). On this machine that was 0.93 ms of CPU a plain call
 * (1.46 streamed) against 0.30 (0.51) for the same exchange here, and a turn makes three or four model
 * calls a hop (docs/performance.md, "The model client and the turn's record"). The SDK's other parts were
 * not used: its retries were off (Temporal retries activities), and the few fields of its types this
 * client reads are typed in adapters/llm.ts.
 *
 * Failures come out as `WireError`s that say what went wrong in terms a classifier can use: the HTTP
 * status with the provider's message and Retry-After, a timeout, a cancellation, a connection that failed
 * or closed mid-reply, a body that is not JSON. adapters/llm.ts classifies them into failure types.
 */
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { pipeline, type Readable } from 'node:stream';

export type WireFailure =
  /** The endpoint answered with a non-2xx status. */
  | 'status'
  /** No reply (or, when streaming, no new data) within the timeout. */
  | 'timeout'
  /** The caller's signal aborted the call. */
  | 'aborted'
  /** The connection could not be made, or closed before the reply was whole. */
  | 'connection'
  /** The reply (or a streamed event) is not JSON. */
  | 'malformed'
  /** A streamed reply carried an error event. */
  | 'stream-error';

export class WireError extends Error {
  constructor(
    message: string,
    readonly failure: WireFailure,
    readonly extra: { status?: number; retryAfter?: string; detail?: string } = {},
  ) {
    super(message);
    this.name = 'WireError';
  }
}

export interface WireEndpoint {
  /** POSTs `body` as JSON to `path` and parses the JSON reply. */
  postJson<T>(path: string, body: unknown, opts?: { signal?: AbortSignal }): Promise<T>;
  /** POSTs `body` as JSON to `path` and yields each server-sent event's parsed `data`, until `[DONE]` or the end. */
  postStream<T>(path: string, body: unknown, opts?: { signal?: AbortSignal }): AsyncGenerator<T>;
}

/** A reply (or one streamed event) is read up to this much (a batch of embeddings is a few MB); more is refused, not buffered. */
export const MAX_REPLY_BYTES = 64 * 2 ** 20;
/** An error reply's body is read up to this much: enough for any provider's message. */
const MAX_ERROR_BODY = 64 * 1024;

/** The provider's message from an error body (`{"error":{"message"}}`, `{"error":"…"}`, `{"message"}`), else its text. */
function errorMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof m === 'string' && m) return m;
  } catch {
    /* not JSON: the text itself */
  }
  return body.trim() || '(no body)';
}

/** The reply's bytes, decompressed when the server compressed them although asked not to (errors carried through). */
function decoded(res: http.IncomingMessage): Readable {
  const encoding = (res.headers['content-encoding'] ?? '').toLowerCase();
  const z =
    encoding === 'gzip' || encoding === 'x-gzip' ? zlib.createGunzip() : encoding === 'deflate' ? zlib.createInflate() : encoding === 'br' ? zlib.createBrotliDecompress() : null;
  if (!z) return res;
  pipeline(res, z, () => {});
  return z;
}

/**
 * How long an idle connection is kept for the next call. Servers close idle connections too (uvicorn,
 * which serves vLLM, after 5 s; Node after 5 s), and a call sent on a connection the server is closing
 * fails (to be retried by its activity): closing first, as undici's 4 s default does, avoids that race.
 */
export const IDLE_SOCKET_MS = 4000;

export function createWireEndpoint(o: { baseURL: string; apiKey: string | undefined; timeoutMs: number; idleSocketMs?: number; maxReplyBytes?: number }): WireEndpoint {
  const maxReply = o.maxReplyBytes ?? MAX_REPLY_BYTES;
  const base = o.baseURL.replace(/\/+$/, '');
  const secure = base.startsWith('https:');
  // `timeout` on the agent closes a free (idle) socket after that long; on a socket in use it only
  // notifies, and the call's own timer decides.
  const pool = { keepAlive: true, timeout: o.idleSocketMs ?? IDLE_SOCKET_MS };
  const agent = secure ? new https.Agent(pool) : new http.Agent(pool);
  const request = secure ? https.request : http.request;
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json',
    'accept-encoding': 'identity',
    'user-agent': 'workspace-copilot',
    // Local servers (Ollama, llama.cpp) take any key; hosted ones are refused without one, as they should be.
    authorization: `Bearer ${o.apiKey ?? 'unused'}`,
  };

  /**
   * Sends the request and resolves with a 2xx reply's body stream; a non-2xx reply is read (capped) and
   * rejected as a `status` WireError. The timeout (`arm`) runs from the request to the reply's end, or,
   * re-armed by a stream for each piece, from one piece to the next; `finish` clears it.
   */
  function send(path: string, body: unknown, signal: AbortSignal | undefined) {
    const data = JSON.stringify(body);
    let timer: NodeJS.Timeout | undefined;
    let req: http.ClientRequest | undefined;
    let failed: WireError | undefined;
    const fail = (e: WireError) => {
      failed ??= e;
      req?.destroy(failed);
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => fail(new WireError('the model endpoint timed out', 'timeout')), o.timeoutMs);
    };
    const onAbort = () => fail(new WireError('the call was cancelled', 'aborted'));
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    /** Why the exchange stopped: the reason set here (timeout, cancellation) before the socket's own error. */
    const reason = (e: unknown): WireError => {
      if (failed) return failed;
      if (e instanceof WireError) return e;
      const code = (e as NodeJS.ErrnoException)?.code;
      // The code, not the message: a message can carry an internal address into an answer.
      return new WireError(`cannot reach the model endpoint (${code ?? 'connection closed'})`, 'connection');
    };
    const reply = new Promise<Readable>((resolve, reject) => {
      if (signal?.aborted) return reject(new WireError('the call was cancelled', 'aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      arm();
      try {
        req = request(`${base}/${path}`, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(data) } }, onReply);
      } catch (e) {
        // An address node:http refuses (the config admits http and https URLs only).
        return reject(reason(e));
      }
      req.on('error', (e) => reject(reason(e)));
      req.end(data);

      function onReply(res: http.IncomingMessage) {
        const status = res.statusCode ?? 0;
        const stream = decoded(res);
        if (status >= 200 && status < 300) return resolve(stream);
        let text = '';
        stream.setEncoding('utf8');
        stream.on('data', (d: string) => {
          if (text.length < MAX_ERROR_BODY) text += d;
        });
        stream.on('error', (e) => reject(reason(e)));
        stream.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          reject(new WireError(`HTTP ${status}`, 'status', { status, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, detail: `${status} ${errorMessage(text.slice(0, MAX_ERROR_BODY))}` }));
        });
      }
    });
    return { reply, arm, finish, reason };
  }

  return {
    async postJson<T>(path: string, body: unknown, opts: { signal?: AbortSignal } = {}): Promise<T> {
      const x = send(path, body, opts.signal);
      try {
        const stream = await x.reply;
        const chunks: Buffer[] = [];
        let size = 0;
        try {
          // Rejects when the reply is cut off mid-way (the socket closes before its end).
          for await (const c of stream) {
            size += (c as Buffer).length;
            if (size > maxReply) throw new WireError(`the model endpoint sent a reply over ${maxReply} bytes`, 'malformed');
            chunks.push(c as Buffer);
          }
        } catch (e) {
          throw x.reason(e);
        }
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          return JSON.parse(text) as T;
        } catch {
          throw new WireError('the model endpoint sent malformed JSON', 'malformed');
        }
      } finally {
        x.finish();
      }
    },

    async *postStream<T>(path: string, body: unknown, opts: { signal?: AbortSignal } = {}): AsyncGenerator<T> {
      const x = send(path, body, opts.signal);
      let stream: Readable | undefined;
      try {
        stream = await x.reply;
        stream.setEncoding('utf8');
        let buffer = '';
        let data: string[] = [];
        let pending = 0; // characters in `data`
        let done = false;
        // Each piece of data restarts the timeout: a stream that stalls fails as a hung call does.
        const pieces = stream[Symbol.asyncIterator]();
        for (;;) {
          x.arm();
          let next: IteratorResult<string>;
          try {
            next = await pieces.next();
          } catch (e) {
            throw x.reason(e);
          }
          if (next.done) break;
          if (done) continue; // after [DONE], read to the reply's end so that its connection is reused
          buffer += next.value;
          // One event (its lines so far, and a line not yet ended) is held whole: bounded as a reply is.
          if (buffer.length + pending > maxReply) throw new WireError(`the model endpoint sent a stream event over ${maxReply} characters`, 'malformed');
          let nl: number;
          while ((nl = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, nl).replace(/\r$/, '');
            buffer = buffer.slice(nl + 1);
            if (line === '') {
              // A blank line ends an event: its data lines, joined.
              if (data.length === 0) continue;
              const payload = data.join('\n');
              data = [];
              pending = 0;
              if (payload === '[DONE]') {
                done = true;
                break;
              }
              let parsed: { error?: unknown } | null;
              try {
                parsed = JSON.parse(payload);
              } catch {
                throw new WireError('the model endpoint sent a malformed stream event', 'malformed');
              }
              if (parsed && typeof parsed === 'object' && parsed.error) {
                throw new WireError('the model endpoint sent an error mid-stream', 'stream-error', { detail: errorMessage(payload) });
              }
              yield parsed as Awaited<T>;
            } else if (line.startsWith('data:')) {
              const value = line.slice(line[5] === ' ' ? 6 : 5);
              data.push(value);
              pending += value.length;
            }
            // Other fields (event:, id:, retry:) and comments (": keep-alive") carry nothing the reply needs.
          }
        }
        // A stream that ends without [DONE] ends where it stops (a reply cut mid-way rejected above).
      } finally {
        x.finish();
        // Left early (an error event, the caller stopped reading): the socket is not reused.
        if (stream && !stream.readableEnded) stream.destroy();
      }
    },
  };
}
