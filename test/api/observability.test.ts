/**
 * What an operator reads from the API process: GET /metrics (Prometheus text, behind METRICS_TOKEN or
 * an admin key) with turns, hops, model latency and tokens, approval waits, ingestion throughput, errors
 * by type and requests; and one JSON log line per request carrying the turn, conversation and workflow ids.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../adapters/logger.js';
import { createHarness, KEYS, readSse, type Harness } from '../support/harness.js';
import { sample, scrapeMetrics } from '../support/metrics.js';
import { httpError, isOrchestrator } from '../support/scripted-llm.js';
import { booker, futureSlot, seedPolicy, world } from '../support/world.js';

const METRICS_TOKEN = 'prometheus-scrape-token-0123456789';
const lines: Record<string, any>[] = [];
const sink = new Writable({
  write(chunk, _enc, cb) {
    for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l));
    cb();
  },
});

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ responder: world, env: { METRICS_TOKEN }, logger: createLogger('info', 'api', sink) });
  await seedPolicy(h.db, h.runtime.deps.knowledge);
});
afterAll(async () => h?.close());

const scrape = (key = METRICS_TOKEN) => scrapeMetrics(h, key);

describe('GET /metrics', () => {
  it('is closed without the metrics token or an admin key', async () => {
    expect((await h.request('GET', '/metrics', { key: null })).status).toBe(401);
    expect((await h.request('GET', '/metrics', { key: KEYS.alice })).status).toBe(401);
    expect((await h.request('GET', '/metrics', { key: 'not-the-token-at-all-000' })).status).toBe(401);
    await scrape(KEYS.admin);
  });

  it('counts turns, hops, model latency and tokens per model and agent', async () => {
    const before = await scrape();
    const { body } = await h.json('POST', '/query', { body: { question: 'What is the client meal policy?' } });
    expect(body.status).toBe('completed');
    const after = await scrape();
    expect(sample(after, 'copilot_turns_total', 'outcome="answered"') - sample(before, 'copilot_turns_total', 'outcome="answered"')).toBe(1);
    expect(sample(after, 'copilot_turn_hops_sum') - sample(before, 'copilot_turn_hops_sum')).toBe(body.hops);
    const kb = 'model="scripted-agent",agent="knowledge_base_agent"';
    expect(sample(after, 'copilot_model_latency_seconds_count', kb) - sample(before, 'copilot_model_latency_seconds_count', kb)).toBe(2);
    expect(sample(after, 'copilot_model_tokens_total', `${kb},kind="completion"`) - sample(before, 'copilot_model_tokens_total', `${kb},kind="completion"`)).toBe(body.usage.byAgent.knowledge_base_agent.completionTokens);
    expect(sample(after, 'copilot_http_requests_total', 'method="POST",route="/query",status="200"')).toBeGreaterThanOrEqual(1);
  });

  it('times approval waits and counts errors by type', async () => {
    const slot = futureSlot(40, 10);
    h.llm.respond(booker(slot));
    const q = await h.json('POST', '/query', { body: { question: 'Book room 3 for Sarah 10-11' } });
    const [pending] = q.body.pendingApprovals;
    await new Promise((r) => setTimeout(r, 1100));
    expect((await h.json('POST', `/turns/${q.body.turnId}/approvals/${pending.approvalId}`, { body: { decision: 'reject' } })).status).toBe(200);
    await readSse(await h.request('GET', `/turns/${q.body.turnId}/events`));
    const text = await scrape();
    expect(sample(text, 'copilot_approval_wait_seconds_count', 'status="rejected"')).toBe(1);
    expect(sample(text, 'copilot_approval_wait_seconds_sum', 'status="rejected"')).toBeGreaterThanOrEqual(1);

    // A model that refuses the key: the activity fails with a typed, non-retryable error; the turn fails.
    h.llm.respond((req) => (isOrchestrator(req) ? httpError(401) : world(req, 0)));
    const failed = await h.json('POST', '/query', { body: { question: 'anything' } });
    expect(failed.body.status).toBe('failed');
    expect((await h.json('POST', '/query', { body: { question: '' } })).status).toBe(400);
    const after = await scrape();
    expect(sample(after, 'copilot_turns_total', 'outcome="failed"')).toBe(1);
    expect(sample(after, 'copilot_errors_total', `source="turn",type="${failed.body.error.type}"`)).toBe(1);
    expect(sample(after, 'copilot_errors_total', `source="activity",type="${failed.body.error.type}"`)).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'copilot_errors_total', 'source="api",type="bad-request"')).toBeGreaterThanOrEqual(1);
    h.llm.respond(world);
  });

  it('labels requests by route pattern: made-up paths add no series', async () => {
    for (let i = 0; i < 3; i++) expect((await h.request('GET', `/turns/made-up-${i}`, { key: null })).status).toBe(401);
    expect((await h.request('GET', '/ui/style.css', { key: null })).status).toBe(200);
    const text = await scrape();
    expect(text).not.toContain('made-up');
    expect(sample(text, 'copilot_http_requests_total', 'method="GET",route="unmatched",status="401"')).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'copilot_http_requests_total', 'method="GET",route="/ui/*",status="200"')).toBe(1);
    expect(lines.find((l) => l.route === 'unmatched' && l.path === '/turns/made-up-0')).toMatchObject({ status: 401 });
  });

  it('measures ingestion throughput', async () => {
    const r = await h.upload('test/fixtures/acme-policy.pdf', 'default');
    expect(r.body.status).toBe('completed');
    const text = await scrape();
    expect(sample(text, 'copilot_ingestions_total', 'status="completed"')).toBe(1);
    expect(sample(text, 'copilot_ingested_pages_total')).toBe(r.body.pages);
    expect(sample(text, 'copilot_ingested_chunks_total')).toBe(r.body.chunks);
    expect(sample(text, 'copilot_ingestion_duration_seconds_count')).toBe(1);
  });
});

describe('request logs', () => {
  it('one JSON line per request, with the user and the turn, conversation and workflow ids; no keys, no questions', async () => {
    const res = await h.request('POST', '/query-agent', { body: { question: 'Which rooms have a projector?' } });
    await readSse(res);
    const turnId = res.headers.get('x-turn-id')!;
    const line = lines.find((l) => l.msg === 'request' && l.turnId === turnId && l.route === '/query-agent');
    expect(line).toMatchObject({ name: 'api', level: 30, method: 'POST', status: 200, userId: 'alice', conversationId: res.headers.get('x-conversation-id'), workflowId: `turn-${turnId}` });
    expect(line!.ms).toBeGreaterThanOrEqual(0);
    const get = await h.json('GET', `/turns/${turnId}`);
    expect(get.status).toBe(200);
    expect(lines.some((l) => l.route === '/turns/:turnId' && l.turnId === turnId && l.status === 200)).toBe(true);
    // Scrapes are logged at debug, so they stay out of an info log.
    expect(lines.some((l) => l.route === '/metrics')).toBe(false);
    const all = JSON.stringify(lines);
    expect(all).not.toContain(KEYS.alice);
    expect(all).not.toContain(METRICS_TOKEN);
    expect(all).not.toContain('projector');
  });
});
