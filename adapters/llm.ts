/**
 * The model client: any OpenAI-compatible chat endpoint (OpenRouter, Groq, Ollama, vLLM, llama.cpp),
 * spoken over adapters/openai-wire.ts. It does not retry (Temporal retries activities); errors are
 * classified into the failure types that decide retry or not.
 */
import { FailureType } from '../domain/failures.js';
import type { ChatMessage, ChatToolCall, ModelCallUsage } from '../domain/types.js';
import { createWireEndpoint, WireError, type WireEndpoint } from './openai-wire.js';


/** An OpenAI-compatible endpoint as the config resolves it. */
export interface LlmEndpoint {
  baseURL: string;
  apiKey: string | undefined;
  model: string;
  /** Which variables configure it, for error messages. */
  variables: string;
  /** False when it points at a hosted provider without a key. */
  configured: boolean;
}

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  temperature?: number;
  /** A strict JSON schema the reply must follow (OpenAI's structured outputs). */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  signal?: AbortSignal;
  /**
   * Streams the reply (`stream: true`) and hands each piece of visible text to this as it arrives
   * (reasoning in <think> tags held back), until the reply turns to tool calls. The result is the
   * same completed reply as without it.
   */
  onText?: (delta: string) => void;
}
export interface ChatResult {
  content: string | null;
  toolCalls: ChatToolCall[];
  usage: ModelCallUsage;
}

export interface ModelClient {
  endpoint: LlmEndpoint;
  chat(req: ChatRequest): Promise<ChatResult>;
}

/** A classified model failure; activities turn it into an ApplicationFailure of the same type. */
export class LlmError extends Error {
  /** What the provider's error body said, its first 300 characters: for the operator's log, never for the user's answer. */
  readonly providerDetail?: string;
  constructor(
    message: string,
    readonly type: FailureType,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
    providerDetail?: string,
  ) {
    super(message);
    this.name = 'LlmError';
    this.providerDetail = providerDetail?.slice(0, 300);
  }
}

/** Retry-After in seconds or as an HTTP date, capped so one header cannot park a turn for hours. */
export function parseRetryAfter(value: string | null | undefined, nowMs = Date.now()): number | undefined {
  if (!value) return undefined;
  const secs = Number(value);
  const ms = Number.isFinite(secs) ? secs * 1000 : Date.parse(value) - nowMs;
  if (!Number.isFinite(ms) || ms < 0) return undefined;
  return Math.min(ms, 120_000);
}

export function classifyLlmError(e: unknown, where: string): LlmError {
  if (e instanceof LlmError) return e;
  if (e instanceof WireError) {
    switch (e.failure) {
      case 'status':
        return statusError(e.extra.status ?? 0, where, e.extra.detail ?? '', e.extra.retryAfter);
      case 'malformed':
        return new LlmError(`${where}: ${e.message}`, FailureType.llmMalformed, true);
      case 'stream-error':
        return new LlmError(`${where}: ${e.message}`, FailureType.llmUnavailable, true, undefined, e.extra.detail);
      default: // timeout, aborted, connection
        return new LlmError(`${where}: ${e.message}`, FailureType.llmUnavailable, true);
    }
  }
  return new LlmError(`${where}: ${(e as Error)?.message ?? String(e)}`, FailureType.llmUnavailable, true);
}

/** A non-2xx reply. The provider's body stays out of the message, which reaches answers: it can name internals. */
function statusError(s: number, where: string, detail: string, retryAfter: string | undefined): LlmError {
  if (s === 401 || s === 403) return new LlmError(`${where}: the model endpoint refused the credentials (HTTP ${s})`, FailureType.llmAuth, false, undefined, detail);
  if (s === 429) return new LlmError(`${where}: rate limited (HTTP 429)`, FailureType.llmRateLimited, true, parseRetryAfter(retryAfter), detail);
  if (s === 408 || s === 409 || s >= 500) return new LlmError(`${where}: the model endpoint failed (HTTP ${s})`, FailureType.llmUnavailable, true, undefined, detail);
  return new LlmError(`${where}: the model endpoint rejected the request (HTTP ${s})`, FailureType.llmBadRequest, false, undefined, detail);
}

/** The OpenAI chat completion's parts this client reads. */
interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}
interface WireToolCall {
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}
interface ChatCompletion {
  model?: string;
  error?: string | { message?: unknown; code?: unknown };
  choices?: { message?: { content?: string | null; tool_calls?: WireToolCall[] } }[];
  usage?: Usage | null;
}
interface ChatCompletionChunk {
  model?: string;
  choices?: { delta?: { content?: string | null; tool_calls?: (WireToolCall & { index: number })[] } }[];
  usage?: Usage | null;
}
type CompletionBody = Record<string, unknown> & { model: string };

export function createModelClient(endpoint: LlmEndpoint, timeoutMs: number): ModelClient {
  const wire = createWireEndpoint({ baseURL: endpoint.baseURL, apiKey: endpoint.apiKey, timeoutMs });
  let streamingRefused = false;
  return {
    endpoint,
    async chat({ messages, tools, temperature, jsonSchema, signal, onText }) {
      if (!endpoint.configured) throw new LlmError(`No LLM configured: set ${endpoint.variables}`, FailureType.llmNotConfigured, false);
      const started = Date.now();
      const body: CompletionBody = {
        model: endpoint.model,
        messages,
        ...(tools && tools.length ? { tools, tool_choice: 'auto' as const } : {}),
        ...(temperature !== undefined ? { temperature } : {}),
        ...(jsonSchema ? { response_format: { type: 'json_schema' as const, json_schema: { name: jsonSchema.name, strict: true, schema: jsonSchema.schema } } } : {}),
      };
      let reply: { model: string; content: string | null; toolCalls: ChatToolCall[]; usage: Usage | null | undefined };
      const plain = async () => completed(await wire.postJson<ChatCompletion>('chat/completions', body, { signal }), endpoint.model);
      try {
        if (onText && !streamingRefused) {
          try {
            reply = await streamed(wire, body, onText, signal);
          } catch (e) {
            // An endpoint that refuses streaming (or its options) as a bad request is asked again
            // without it, and not asked to stream again: the answer then comes whole.
            if (classifyLlmError(e, endpoint.model).type !== FailureType.llmBadRequest) throw e;
            streamingRefused = true;
            reply = await plain();
          }
        } else reply = await plain();
      } catch (e) {
        throw classifyLlmError(e, endpoint.model);
      }
      const model = reply.model || endpoint.model;
      return {
        content: stripThinking(reply.content),
        toolCalls: reply.toolCalls,
        usage: {
          model,
          ...(model !== endpoint.model ? { configuredModel: endpoint.model } : {}),
          ...callTokens(reply.usage, { messages, tools, jsonSchema }, { content: reply.content, toolCalls: reply.toolCalls }),
          latencyMs: Date.now() - started,
        },
      };
    },
  };
}

/** A completed (non-streamed) reply, checked. */
function completed(res: ChatCompletion, configured: string) {
  // A gateway (OpenRouter) may answer 200 with an error from the provider behind it: that provider failed.
  if (res?.error && !res.choices?.length) {
    const e = res.error;
    const detail = typeof e === 'string' ? e : `${e.code ?? ''} ${typeof e.message === 'string' ? e.message : ''}`.trim();
    throw new LlmError(`${configured}: the model endpoint failed (an error in a 200 reply)`, FailureType.llmUnavailable, true, undefined, detail);
  }
  const choice = res?.choices?.[0];
  if (!choice || !choice.message) throw new LlmError(`${configured}: the reply has no choices`, FailureType.llmMalformed, true);
  const toolCalls: ChatToolCall[] = (choice.message.tool_calls ?? [])
    .filter((t) => t?.type === 'function')
    .map((t, i) => ({
      id: t.id || `call_${i}`,
      type: 'function',
      function: { name: String(t.function?.name ?? ''), arguments: String(t.function?.arguments ?? '') },
    }));
  const content = choice.message.content ?? null;
  if (content !== null && typeof content !== 'string') throw new LlmError(`${configured}: the reply's content is not text`, FailureType.llmMalformed, true);
  return { model: typeof res.model === 'string' ? res.model : '', content, toolCalls, usage: res.usage };
}

/**
 * A streamed reply, assembled into the same shape as a completed one: content and tool-call deltas
 * joined (tool calls by their index), the usage of the last chunk (`stream_options.include_usage`).
 * Visible text goes to `onText` as it grows, until the first tool-call delta.
 */
async function streamed(wire: WireEndpoint, body: CompletionBody, onText: (delta: string) => void, signal?: AbortSignal) {
  const stream = wire.postStream<ChatCompletionChunk>('chat/completions', { ...body, stream: true, stream_options: { include_usage: true } }, { signal });
  let raw = '';
  let sent = 0;
  let model = '';
  let usage: Usage | null | undefined;
  let sawChoice = false;
  const calls: { id: string; name: string; arguments: string }[] = [];
  for await (const chunk of stream) {
    if (typeof chunk.model === 'string') model ||= chunk.model;
    if (chunk.usage) usage = chunk.usage;
    const delta = chunk.choices?.[0]?.delta;
    if (!delta) continue;
    sawChoice = true;
    for (const tc of delta.tool_calls ?? []) {
      const c = (calls[tc.index] ??= { id: '', name: '', arguments: '' });
      if (tc.id) c.id = tc.id;
      if (tc.function?.name) c.name += tc.function.name;
      if (tc.function?.arguments) c.arguments += tc.function.arguments;
    }
    if (typeof delta.content === 'string' && delta.content) {
      raw += delta.content;
      if (calls.length === 0) {
        const visible = visibleDraft(raw);
        if (visible.length > sent) {
          onText(visible.slice(sent));
          sent = visible.length;
        }
      }
    }
  }
  if (!sawChoice) throw new LlmError(`${body.model}: the model endpoint sent a malformed stream (no chunk with a choice)`, FailureType.llmMalformed, true);
  const toolCalls: ChatToolCall[] = calls
    .filter((c) => c !== undefined)
    .map((c, i) => ({ id: c.id || `call_${i}`, type: 'function', function: { name: c.name, arguments: c.arguments } }));
  return { model, content: raw === '' && toolCalls.length ? null : raw, toolCalls, usage };
}

/**
 * The part of a growing reply that may be shown: reasoning in <think>…</think> removed, an unclosed
 * <think> and everything after it held back, as is a trailing piece that may be the start of one;
 * leading whitespace dropped. Grows by appending as the reply grows, and ends as `stripThinking` of
 * the whole reply does (up to trailing whitespace).
 */
export function visibleDraft(raw: string): string {
  let text = raw.replace(/<think>[\s\S]*?<\/think>/g, '');
  const open = text.indexOf('<think>');
  if (open >= 0) text = text.slice(0, open);
  for (let k = Math.min(6, text.length); k > 0; k--) {
    if ('<think>'.startsWith(text.slice(-k))) {
      text = text.slice(0, -k);
      break;
    }
  }
  return text.trimStart();
}

/**
 * The call's tokens as the provider reported them; when it reported none (some local servers and
 * proxies send no `usage`), an estimate of about four characters a token from what was sent and
 * received, marked `estimated`, so that budgets still count the call instead of taking it as free.
 */
export function callTokens(
  usage: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null | undefined,
  sent: unknown,
  received: { content: string | null; toolCalls: ChatToolCall[] },
): { promptTokens: number; completionTokens: number; totalTokens: number; estimated?: true } {
  const p = usage?.prompt_tokens;
  const c = usage?.completion_tokens;
  if (typeof p === 'number' && typeof c === 'number' && (p > 0 || c > 0)) return { promptTokens: p, completionTokens: c, totalTokens: usage?.total_tokens || p + c };
  const estimate = (chars: number) => Math.max(1, Math.ceil(chars / 4));
  const promptTokens = estimate(JSON.stringify(sent).length);
  const completionTokens = estimate((received.content ?? '').length + JSON.stringify(received.toolCalls).length);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, estimated: true };
}

/** Reasoning models (qwen3, deepseek) may put <think>…</think> in the content: never show it. */
export function stripThinking(content: string | null): string | null {
  if (content === null) return null;
  return content.replace(/<think>[\s\S]*?<\/think>/g, '').trim();
}
