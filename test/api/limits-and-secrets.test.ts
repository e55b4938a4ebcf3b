/** Per-key rate limits, and secrets kept out of workflow inputs, results and history. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, KEYS, type Harness } from '../support/harness.js';
import { world } from '../support/world.js';

describe('rate limits', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ responder: world, worker: false, env: { RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(async () => h?.close());

  it('gives each key its own budget and answers 429 with Retry-After past it', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await h.request('GET', '/conversations')).status);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await h.request('GET', '/conversations');
    expect(limited.headers.get('content-type')).toMatch(/problem\+json/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await limited.json()).detail).toMatch(/over 5 requests per minute/);
    expect((await h.request('GET', '/conversations', { key: KEYS.bob })).status).toBe(200); // another key, another bucket
    expect((await h.request('GET', '/healthz', { key: null })).status).toBe(200); // health is not limited
  });
});

describe('secrets', () => {
  const SECRET = 'sk-or-v1-DO-NOT-LEAK-0123456789';
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ responder: world, env: { ORCHESTRATOR_API_KEY: SECRET, AGENT_API_KEY: SECRET } });
  });
  afterAll(async () => h?.close());

  it('never puts model keys or API keys in workflow inputs, results or history', async () => {
    const q = await h.json('POST', '/query', { body: { question: 'hello' } });
    expect(q.body.status).toBe('completed');
    const history = JSON.stringify(await h.client.workflow.getHandle(`turn-${q.body.turnId}`).fetchHistory());
    for (const secret of [SECRET, KEYS.alice, KEYS.admin]) {
      expect(history).not.toContain(secret);
      expect(history).not.toContain(Buffer.from(secret).toString('base64').slice(0, 16));
      expect(JSON.stringify(q.body)).not.toContain(secret);
    }
  });
});
