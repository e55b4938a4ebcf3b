import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.js';
import { createRemoteEmbedder, fitDimensions, stem } from '../../adapters/embedding.js';
import { LlmError } from '../../adapters/llm.js';
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.js';

const norm = (v: number[]) => Math.sqrt(v.reduce((a, x) => a + x * x, 0));

describe('fitDimensions', () => {
  it('truncates longer vectors (Matryoshka) and re-normalizes', () => {
    const v = Array.from({ length: 3072 }, (_, i) => (i % 7) - 3 + 0.5);
    const out = fitDimensions(v);
    expect(out).toHaveLength(1024);
    expect(norm(out)).toBeCloseTo(1, 10);
    // Same direction as the first 1,024 components.
    const head = v.slice(0, 1024);
    const k = norm(head);
    out.forEach((x, i) => expect(x).toBeCloseTo(head[i]! / k, 12));
  });
  it('re-normalizes an exact-length vector and refuses shorter or zero ones', () => {
    expect(norm(fitDimensions(new Array(1024).fill(3)))).toBeCloseTo(1, 12);
    expect(() => fitDimensions(new Array(768).fill(1))).toThrow(/768 dimensions; 1024 are needed/);
    expect(() => fitDimensions(new Array(1024).fill(0))).toThrow(/zero vector/);
  });
});

describe('stem', () => {
  it('strips common English suffixes only', () => {
    expect(['hotels', 'meals', 'policies', 'boxes', 'booking', 'booked', 'class', 'status', 'need'].map(stem)).toEqual([
      'hotel', 'meal', 'policy', 'box', 'book', 'book', 'class', 'status', 'need',
    ]);
  });
});

describe('remote embedders (OpenAI-compatible embeddings API)', () => {
  let llm: ScriptedLlm;
  beforeAll(async () => {
    llm = await startScriptedLlm();
  });
  afterAll(async () => llm?.close());

  it('asks OpenRouter and Gemini for 1,024 dimensions, not Ollama; fits whatever comes back', async () => {
    llm.respondEmbeddings((req) => ({ vectors: req.input.map((_, i) => Array.from({ length: 2048 }, (_, j) => (j === i ? 5 : 1))) }));
    for (const provider of ['openrouter', 'gemini', 'ollama'] as const) {
      const e = createRemoteEmbedder({ provider, baseURL: llm.url, apiKey: 'k', model: 'm', timeoutMs: 2000 });
      expect(e.id).toBe(`${provider}/m`);
      const out = await e.embed(['a', 'b']);
      expect(out.map((v) => v.length)).toEqual([1024, 1024]);
      expect(out.every((v) => Math.abs(norm(v) - 1) < 1e-9)).toBe(true);
      expect(out[0]![0]).toBeGreaterThan(out[0]![1]!);
      const req = llm.embeddingRequests.at(-1)!;
      expect(req).toMatchObject({ model: 'm', input: ['a', 'b'], encoding_format: 'float' });
      expect(req.dimensions).toBe(provider === 'ollama' ? undefined : 1024);
    }
  });

  it('gives a search query the instruction its model documents (mxbai-embed-large), and passages none', async () => {
    llm.respondEmbeddings((req) => ({ vectors: req.input.map(() => Array.from({ length: 1024 }, () => 1)) }));
    const mxbai = createRemoteEmbedder({ provider: 'ollama', baseURL: llm.url, apiKey: undefined, model: 'mxbai-embed-large', timeoutMs: 2000 });
    await mxbai.embed(['client meals'], 'query');
    expect(llm.embeddingRequests.at(-1)!.input).toEqual(['Represent this sentence for searching relevant passages: client meals']);
    await mxbai.embed(['Client meals are reimbursed up to 60 EUR.']);
    expect(llm.embeddingRequests.at(-1)!.input).toEqual(['Client meals are reimbursed up to 60 EUR.']);
    // A model without a documented query instruction gets the query as it is.
    const other = createRemoteEmbedder({ provider: 'ollama', baseURL: llm.url, apiKey: undefined, model: 'nomic-embed-text', timeoutMs: 2000 });
    await other.embed(['client meals'], 'query');
    expect(llm.embeddingRequests.at(-1)!.input).toEqual(['client meals']);
  });

  it('classifies failures like model calls: 401 permanent, 503 retryable', async () => {
    const e = createRemoteEmbedder({ provider: 'openrouter', baseURL: llm.url, apiKey: 'k', model: 'm', timeoutMs: 2000 });
    llm.respondEmbeddings(() => ({ status: 401 }));
    expect(await e.embed(['x']).catch((err) => err)).toMatchObject({ type: 'LlmAuthError', retryable: false });
    llm.respondEmbeddings(() => ({ status: 503 }));
    const err = await e.embed(['x']).catch((x) => x);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.retryable).toBe(true);
  });

  it('is chosen by EMBEDDING_PROVIDER, with a clear error when its key is missing', () => {
    expect(loadConfig({}).embedding).toEqual({ provider: 'local' });
    expect(loadConfig({ EMBEDDING_PROVIDER: 'gemini', GEMINI_API_KEY: 'g' }).embedding).toMatchObject({ provider: 'gemini', apiKey: 'g', model: 'gemini-embedding-001' });
    expect(loadConfig({ EMBEDDING_PROVIDER: 'ollama' }).embedding).toMatchObject({ provider: 'ollama', baseURL: 'http://localhost:11434/v1' });
    expect(() => loadConfig({ EMBEDDING_PROVIDER: 'openrouter' })).toThrow(/EMBEDDING_PROVIDER: openrouter needs EMBEDDING_API_KEY \(or OPENROUTER_API_KEY\)/);
    // The hybrid relevance bar: calibrated for the offline default; for a provider, the old vector-only 0.3 at coverage 0.
    expect(loadConfig({}).kbMinScore).toBe(0.56);
    expect(loadConfig({ EMBEDDING_PROVIDER: 'ollama' }).kbMinScore).toBe(0.2);
    expect(loadConfig({}).kbTextWeight).toBe(0.5);
    expect(loadConfig({ KB_MIN_SCORE: '0.4', KB_TEXT_WEIGHT: '1' })).toMatchObject({ kbMinScore: 0.4, kbTextWeight: 1 });
    expect(loadConfig({}).kbTextSearchConfig).toBe('english');
    expect(loadConfig({ KB_TEXT_SEARCH_CONFIG: 'german' }).kbTextSearchConfig).toBe('german');
    expect(() => loadConfig({ KB_TEXT_SEARCH_CONFIG: 'klingon' })).toThrow(/KB_TEXT_SEARCH_CONFIG/);
    expect(() => loadConfig({ KB_TEXT_WEIGHT: '-1' })).toThrow(/KB_TEXT_WEIGHT/);
  });
});
