import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_AGENT_BASE_URL, llmConfigProblem, loadConfig, parseApiKeys } from '../../adapters/config.js';

describe('loadConfig', () => {
  it('has sensible defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.maxHops).toBe(6);
    expect(c.orchestrator.model).toBe('openai/gpt-oss-120b');
    expect(c.agent.model).toBe('qwen/qwen3-32b');
    expect(c.agent.baseURL).toBe(DEFAULT_AGENT_BASE_URL);
    expect(c.temporal).toMatchObject({ namespace: 'default', taskQueue: 'copilot-turns', port: 7233, uiPort: 8233 });
    expect(c.dataDir).toMatch(/\.data$/);
    expect(llmConfigProblem(c)).toMatch(/ORCHESTRATOR_API_KEY \(or OPENROUTER_API_KEY\).*AGENT_API_KEY \(or GROQ_API_KEY\)/);
  });

  it('falls back to OPENROUTER_API_KEY and GROQ_API_KEY', () => {
    const c = loadConfig({ OPENROUTER_API_KEY: 'or-key', GROQ_API_KEY: 'gq-key' });
    expect(c.orchestrator.apiKey).toBe('or-key');
    expect(c.agent.apiKey).toBe('gq-key');
    expect(llmConfigProblem(c)).toBeNull();
    expect(loadConfig({ ORCHESTRATOR_API_KEY: 'a', OPENROUTER_API_KEY: 'b' }).orchestrator.apiKey).toBe('a');
  });

  it('treats any non-default base URL (Ollama, llama.cpp) as configured without a key', () => {
    const c = loadConfig({ ORCHESTRATOR_BASE_URL: 'http://localhost:11434/v1', AGENT_BASE_URL: 'http://localhost:8080/v1' });
    expect(llmConfigProblem(c)).toBeNull();
  });

  it.each([
    ['PORT', 'abc', /^Invalid configuration: PORT: .*\(got "abc"\)$/],
    ['MAX_HOPS', '0', /MAX_HOPS: Too small/],
    ['ORCHESTRATOR_BASE_URL', 'not a url', /ORCHESTRATOR_BASE_URL: /],
    ['WORKSPACE_TIMEZONE', 'Mars/Olympus', /WORKSPACE_TIMEZONE: not an IANA time zone/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL: /],
    ['COPILOT_API_KEYS', 'short:bob:member', /COPILOT_API_KEYS: the key for user "bob" is shorter than 16/],
  ])('a bad %s gives one line naming it', (name, value, re) => {
    let err: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(re);
    expect((err as Error).message).not.toContain('\n');
  });

  it('never echoes secrets in errors', () => {
    expect(() => loadConfig({ COPILOT_API_KEYS: 'supersecretvalue123:bob:king' })).toThrow(/role "king"/);
    try {
      loadConfig({ COPILOT_API_KEYS: 'supersecretvalue123:bob:king' });
    } catch (e) {
      expect((e as Error).message).not.toContain('supersecretvalue123');
    }
  });
});

describe('parseApiKeys', () => {
  it('parses key:userId:role entries', () => {
    expect(parseApiKeys('aaaaaaaaaaaaaaaa:alice:member, bbbbbbbbbbbbbbbb:bob:admin')).toEqual([
      { key: 'aaaaaaaaaaaaaaaa', userId: 'alice', role: 'member' },
      { key: 'bbbbbbbbbbbbbbbb', userId: 'bob', role: 'admin' },
    ]);
  });
  it('rejects malformed entries', () => {
    expect(() => parseApiKeys('aaaaaaaaaaaaaaaa:alice')).toThrow(/not key:userId:role/);
  });
});
