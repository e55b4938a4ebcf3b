import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

  it('runs reads and model calls as local activities unless told otherwise', () => {
    expect(loadConfig({}).localActivities).toBe('all');
    expect(loadConfig({ TURN_LOCAL_ACTIVITIES: 'reads' }).localActivities).toBe('reads');
    expect(loadConfig({ TURN_LOCAL_ACTIVITIES: 'none' }).localActivities).toBe('none');
    expect(loadConfig({ TURN_LOCAL_ACTIVITIES: 'all' }).localActivities).toBe('all');
  });

  it("bounds the worker's heap growth to 20% past what is live unless told otherwise (0: V8 chooses)", () => {
    expect(loadConfig({}).heapGrowthPercent).toBe(20);
    expect(loadConfig({ WORKER_HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(loadConfig({ WORKER_HEAP_GROWTH_PERCENT: '' }).heapGrowthPercent).toBe(20);
    expect(loadConfig({ WORKER_HEAP_GROWTH_PERCENT: '50' }).heapGrowthPercent).toBe(50);
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
    ['TURN_LOCAL_ACTIVITIES', 'everything', /TURN_LOCAL_ACTIVITIES: .*"none"\|"reads"\|"all"|TURN_LOCAL_ACTIVITIES: Invalid option/],
    ['COPILOT_API_KEYS', 'short:bob:member', /COPILOT_API_KEYS: the key for user "bob" is shorter than 16/],
    ['WORKER_HEAP_GROWTH_PERCENT', '-5', /WORKER_HEAP_GROWTH_PERCENT: Too small/],
    ['WORKER_HEAP_GROWTH_PERCENT', '20%', /WORKER_HEAP_GROWTH_PERCENT: /],
    ['WORKER_HEAP_GROWTH_PERCENT', '5000', /WORKER_HEAP_GROWTH_PERCENT: Too big/],
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
    expect(() => parseApiKeys('aaaaaaaaaaaaaaaa:alice:member:')).toThrow(/not key:userId:role/);
    expect(() => parseApiKeys('aaaaaaaaaaaaaaaa:alice:member:../etc')).toThrow(/namespace "..\/etc" for user "alice"/);
    expect(() => parseApiKeys('aaaaaaaaaaaaaaaa:alice:member,aaaaaaaaaaaaaaaa:bob:admin')).toThrow(/listed twice/);
  });
  it('takes the namespaces a key may use: a |-separated list, or * for all', () => {
    expect(parseApiKeys('aaaaaaaaaaaaaaaa:dave:member:hr|legal,bbbbbbbbbbbbbbbb:eve:approver:*')).toEqual([
      { key: 'aaaaaaaaaaaaaaaa', userId: 'dave', role: 'member', namespaces: ['hr', 'legal'] },
      { key: 'bbbbbbbbbbbbbbbb', userId: 'eve', role: 'approver', namespaces: '*' },
    ]);
  });
});

describe('COPILOT_API_KEYS_FILE', () => {
  const file = (text: string) => {
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'keys-')), 'keys.json');
    fs.writeFileSync(f, text);
    return f;
  };
  it('adds the keys in a JSON file to COPILOT_API_KEYS', () => {
    const f = file(JSON.stringify([{ key: 'k'.repeat(20), userId: 'dave', role: 'member', namespaces: ['hr'] }, { key: 'a'.repeat(20), userId: 'ann', role: 'admin' }]));
    const c = loadConfig({ COPILOT_API_KEYS: `${'b'.repeat(16)}:bob:approver`, COPILOT_API_KEYS_FILE: f });
    expect(c.apiKeys.map((k) => [k.userId, k.role, k.namespaces])).toEqual([
      ['bob', 'approver', undefined],
      ['dave', 'member', ['hr']],
      ['ann', 'admin', undefined],
    ]);
  });
  it('names the file and the entry at fault, never echoing a key', () => {
    const secret = 's'.repeat(20);
    const cases: [string, RegExp][] = [
      ['not json', /COPILOT_API_KEYS_FILE: not JSON/],
      [JSON.stringify([{ key: secret, userId: 'x', role: 'owner' }]), /role "owner" for user "x"/],
      [JSON.stringify([{ key: secret, userId: 'x', role: 'member', extra: 1 }]), /entry 0: Unrecognized key/],
      [JSON.stringify([{ key: 'short', userId: 'x', role: 'member' }]), /shorter than 16/],
    ];
    for (const [text, msg] of cases) {
      const err = (() => {
        try {
          loadConfig({ COPILOT_API_KEYS_FILE: file(text) });
        } catch (e) {
          return e as Error;
        }
      })();
      expect(err).toBeInstanceOf(ConfigError);
      expect(err!.message).toMatch(msg);
      expect(err!.message).not.toContain(secret);
    }
    expect(() => loadConfig({ COPILOT_API_KEYS_FILE: '/nonexistent/keys.json' })).toThrow(/COPILOT_API_KEYS_FILE: cannot read \/nonexistent\/keys.json \(ENOENT\)/);
  });
});

describe('CORS_ORIGINS', () => {
  it('is empty (same-origin only) by default, takes exact origins, and refuses wildcards and paths', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:5173' }).corsOrigins).toEqual(['https://a.example', 'http://localhost:5173']);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS: "\*" is not an origin/);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example/app' })).toThrow(/not an origin/);
  });
});

describe('ANSWER_WORDS_TIMEOUT', () => {
  it('is 15 s by default, a duration from 1 s to 30 s (the verifier activity has 2 minutes for the model call and the reading)', () => {
    expect(loadConfig({}).answerWordsTimeoutMs).toBe(15_000);
    expect(loadConfig({ ANSWER_WORDS_TIMEOUT: '30s' }).answerWordsTimeoutMs).toBe(30_000);
    expect(() => loadConfig({ ANSWER_WORDS_TIMEOUT: '31s' })).toThrow(/ANSWER_WORDS_TIMEOUT.*at least 1s and at most 30s/);
    expect(() => loadConfig({ ANSWER_WORDS_TIMEOUT: '500ms' })).toThrow(/ANSWER_WORDS_TIMEOUT.*at least 1s/);
  });
});

describe('a secured Temporal cluster and the observability settings', () => {
  it('TEMPORAL_API_KEY turns on TLS; a client certificate needs its key; both are read at start-up', () => {
    expect(loadConfig({}).temporal.auth).toEqual({ tls: false, apiKey: undefined });
    expect(loadConfig({ TEMPORAL_API_KEY: 'cloud-key' }).temporal.auth).toEqual({ tls: true, apiKey: 'cloud-key' });
    expect(() => loadConfig({ TEMPORAL_TLS_CERT_PATH: '/tmp/x.pem' })).toThrow(/TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH go together/);
    expect(() => loadConfig({ TEMPORAL_TLS_CERT_PATH: '/nonexistent/c.pem', TEMPORAL_TLS_KEY_PATH: '/nonexistent/k.pem' })).toThrow(/TEMPORAL_TLS_CERT_PATH: cannot read \/nonexistent\/c.pem \(ENOENT\)/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tls-'));
    fs.writeFileSync(path.join(dir, 'c.pem'), 'CERT');
    fs.writeFileSync(path.join(dir, 'k.pem'), 'KEY');
    const tls = loadConfig({ TEMPORAL_TLS_CERT_PATH: path.join(dir, 'c.pem'), TEMPORAL_TLS_KEY_PATH: path.join(dir, 'k.pem') }).temporal.auth.tls as any;
    expect(String(tls.clientCertPair.crt)).toBe('CERT');
    expect(String(tls.clientCertPair.key)).toBe('KEY');
    fs.rmSync(dir, { recursive: true });
  });

  it('reads the OTLP endpoint, the metrics settings and the Temporal UI address', () => {
    const c = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/', METRICS_PORT: '9464', METRICS_TOKEN: 'tok', TEMPORAL_UI_PORT: '9000' });
    expect(c.otel).toEqual({ tracesUrl: 'http://collector:4318/v1/traces', serviceName: 'workspace-copilot' });
    expect(c.metricsPort).toBe(9464);
    expect(c.temporalUiUrl).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://x.example/traces' }).otel!.tracesUrl).toBe('https://x.example/traces');
    expect(loadConfig({}).otel).toBeUndefined();
    expect(loadConfig({ TEMPORAL_UI_URL: 'https://temporal.example.com/' }).temporalUiUrl).toBe('https://temporal.example.com');
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
  });
});
