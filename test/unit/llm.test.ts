import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.js';
import { createModelClient, LlmError, parseRetryAfter, stripThinking } from '../../adapters/llm.js';
import { httpError, startScriptedLlm, text, type ScriptedLlm } from '../support/scripted-llm.js';

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm();
});
afterAll(async () => llm?.close());

const client = (timeoutMs = 2000) =>
  createModelClient(loadConfig({ ORCHESTRATOR_BASE_URL: llm.url, ORCHESTRATOR_MODEL: 'm' }).orchestrator, timeoutMs);
const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as LlmError;
  }
  throw new Error('expected a failure');
};

describe('model client error classification', () => {
  it.each([
    [401, 'LlmAuthError', false],
    [403, 'LlmAuthError', false],
    [400, 'LlmBadRequest', false],
    [404, 'LlmBadRequest', false],
    [500, 'LlmUnavailable', true],
    [503, 'LlmUnavailable', true],
  ])('HTTP %i is %s (retryable: %s)', async (status, type, retryable) => {
    llm.respond(() => httpError(status));
    const e = await failure(client().chat({ messages: [{ role: 'user', content: 'x' }] }));
    expect(e).toBeInstanceOf(LlmError);
    expect(e.type).toBe(type);
    expect(e.retryable).toBe(retryable);
  });

  it('429 carries Retry-After', async () => {
    llm.respond(() => httpError(429, { 'retry-after': '7' }));
    const e = await failure(client().chat({ messages: [{ role: 'user', content: 'x' }] }));
    expect(e).toMatchObject({ type: 'LlmRateLimited', retryable: true, retryAfterMs: 7000 });
  });

  it('a hung call times out and is retryable', async () => {
    llm.respond(() => ({ hang: true }));
    const started = Date.now();
    const e = await failure(client(1000).chat({ messages: [{ role: 'user', content: 'x' }] }));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(e).toMatchObject({ type: 'LlmUnavailable', retryable: true });
    expect(e.message).toMatch(/timed out/);
  });

  it('malformed JSON is a retryable malformed-response failure', async () => {
    llm.respond(() => ({ raw: '{"choices": [' }));
    const e = await failure(client().chat({ messages: [{ role: 'user', content: 'x' }] }));
    expect(e.retryable).toBe(true);
    expect(['LlmMalformedResponse', 'LlmUnavailable']).toContain(e.type);
  });

  it('returns content, tool calls and usage; strips <think> blocks', async () => {
    llm.respond(() => ({ ...text('<think>hmm</think>Hello'), usage: { prompt_tokens: 11, completion_tokens: 3 } }));
    const r = await client().chat({ messages: [{ role: 'user', content: 'x' }] });
    expect(r.content).toBe('Hello');
    expect(r.usage).toMatchObject({ model: 'm', promptTokens: 11, completionTokens: 3, totalTokens: 14 });
    expect(stripThinking(null)).toBeNull();
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, caps at two minutes', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(10_000 + 5000).toUTCString(), 10_000)).toBe(5000);
    expect(parseRetryAfter('9999')).toBe(120_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
