import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, readSse, type Harness } from '../support/harness.js';
import { isOrchestrator, call, type ChatRequestBody, type ScriptedReply } from '../support/scripted-llm.js';
import { agents, seedPolicy, world } from '../support/world.js';
import type { TurnInput, TurnView } from '../../domain/types.js';

// The scripted model reports 100 prompt + 20 completion tokens per call.
const PRICES = { 'scripted-orchestrator': { input: 1, output: 2 }, 'scripted-agent': { input: 0.5, output: 1 } };
const ORCH_CALL = (100 * 1 + 20 * 2) / 1e6;
const AGENT_CALL = (100 * 0.5 + 20 * 1) / 1e6;

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ responder: world, env: { MODEL_PRICES: JSON.stringify(PRICES), MAX_TURN_TOKENS: '500' } });
  await seedPolicy(h.db, h.runtime.deps.knowledge);
});
afterAll(async () => h?.close());
afterEach(() => h.llm.respond(world));

/** A turn started on the worker directly, with its own settings (budgets are per turn input). */
async function runTurn(question: string, settings: Partial<TurnInput['settings']>): Promise<TurnView> {
  const turnId = `budget-${Math.random().toString(36).slice(2)}`;
  return h.client.workflow.execute('turnWorkflow', {
    workflowId: `turn-${turnId}`,
    taskQueue: h.taskQueue,
    args: [
      {
        turnId,
        conversationId: `c-${turnId}`,
        userId: 'alice',
        question,
        namespace: 'default',
        settings: { maxHops: 6, maxAgentRetries: 1, timezone: 'UTC', prices: PRICES, ...settings },
      } satisfies TurnInput,
    ],
  });
}

describe('cost per turn', () => {
  it('prices every model call by model and agent, in the turn, GET /turns and the SSE turn.completed event', async () => {
    const res = await h.request('POST', '/query-agent', { body: { question: 'What is the client meal policy?' } });
    const events = await readSse(res);
    const done = events.at(-1)!;
    expect(done.type).toBe('turn.completed');
    // decide → agent (search) → agent (answer) → decide: 2 orchestrator calls and 2 agent calls.
    expect(done.data.cost.usd).toBeCloseTo(2 * ORCH_CALL + 2 * AGENT_CALL, 12);
    expect(done.data.cost.byModel['scripted-orchestrator']).toBeCloseTo(2 * ORCH_CALL, 12);
    expect(done.data.cost.byAgent.knowledge_base_agent).toBeCloseTo(2 * AGENT_CALL, 12);
    expect(done.data.cost.unpriced).toEqual([]);
    // MAX_TURN_TOKENS (500) leaves no room for the verifier (480 spent, 120 a call): the prose is not
    // shown unverified, and the turn says why.
    expect(done.data.guard).toContainEqual(expect.stringMatching(/not verified \(the next step would exceed this turn's budget of 500 tokens/));
    const turnId = res.headers.get('x-turn-id')!;
    const { body } = await h.json('GET', `/turns/${turnId}`);
    expect(body.cost).toEqual(done.data.cost);
    expect(body.usage.total.totalTokens).toBe(480);
  });

  it('names the models it has no price for instead of counting them as free', async () => {
    const view = await runTurn('What is the client meal policy?', { prices: { 'scripted-agent': PRICES['scripted-agent'] } });
    expect(view.cost!.unpriced).toEqual(['scripted-orchestrator']);
    // Two agent steps and the verifier, which runs on the agent model.
    expect(view.cost!.usd).toBeCloseTo(3 * AGENT_CALL, 12);
  });
});

describe('turn budgets', () => {
  it('MAX_TURN_TOKENS: stops before the step that would exceed it, says so, and names the pages found (the reply, which the spent budget leaves unchecked, is not quoted)', async () => {
    // The orchestrator never answers: without the budget this would run to MAX_HOPS.
    h.llm.respond((req) => (isOrchestrator(req) ? call('knowledge_base_agent', { request: 'client meals' }) : agents(req)));
    const before = h.llm.requests.length;
    const { body } = await h.json('POST', '/query', { body: { question: 'meal policy, dig forever' } });
    expect(body.status).toBe('completed');
    expect(body.stopReason).toBe('budget');
    // 120 tokens a call: decide, search step, answer step (360), decide (480); the next agent step would reach 600.
    expect(h.llm.requests.length - before).toBe(4);
    expect(body.usage.total.totalTokens).toBe(480);
    expect(body.answer).toMatch(/would exceed this turn's budget of 500 tokens \(480 used\)/);
    // The verifier would be a step past the budget too: the agent's prose goes unquoted, its pages named.
    expect(body.answer).not.toContain('60 EUR');
    expect(body.answer).toMatch(/- Knowledge base: its reply is not shown: it could not be checked \(the next step would exceed this turn's budget of 500 tokens \(480 used\)\)\. Pages it retrieved: policy\.pdf p\.\d/);
  });

  it('MAX_TURN_COST: the same in dollars, from the price table', async () => {
    h.llm.respond((req) => (isOrchestrator(req) ? call('knowledge_base_agent', { request: 'client meals' }) : agents(req)));
    // Room for one hop (decide + two agent steps) but not a second decide on top.
    const budget = ORCH_CALL + 2 * AGENT_CALL + ORCH_CALL / 2;
    const view = await runTurn('meal policy, dig forever', { maxTurnCostUsd: budget });
    expect(view.stopReason).toBe('budget');
    expect(view.hops).toBe(1);
    expect(view.cost!.usd).toBeCloseTo(ORCH_CALL + 2 * AGENT_CALL, 12);
    expect(view.answer).toMatch(/would exceed this turn's budget of \$0\.00035 \(\$0\.00028 spent\)/);
  });

  it('a turn within its budgets answers normally', async () => {
    const view = await runTurn('What is the client meal policy?', { maxTurnTokens: 10_000, maxTurnCostUsd: 1 });
    expect(view.stopReason).toBeNull();
    expect(view.answer).toContain('60 EUR');
  });
});

describe('budgets that cannot be dodged (issue 16)', () => {
  /** The world's replies, as a provider that names a dated variant of each model, or sends no usage. */
  const provider = (change: (r: ScriptedReply) => ScriptedReply) => (req: ChatRequestBody) => {
    const r = isOrchestrator(req) ? call('knowledge_base_agent', { request: 'client meals' }) : agents(req);
    return change(r as ScriptedReply);
  };

  it('a returned model name with no price (a dated variant) is priced as the configured model, so MAX_TURN_COST still stops the turn', async () => {
    h.llm.respond(provider((r) => ({ ...r, model: `${r.toolCalls?.some((t) => t.name === 'knowledge_base_agent') ? 'scripted-orchestrator' : 'scripted-agent'}-2026-01-01` })));
    const budget = ORCH_CALL + 2 * AGENT_CALL + ORCH_CALL / 2;
    const view = await runTurn('meal policy, dig forever', { maxTurnCostUsd: budget });
    expect(view.stopReason).toBe('budget');
    expect(view.hops).toBe(1);
    expect(view.cost!.usd).toBeCloseTo(ORCH_CALL + 2 * AGENT_CALL, 12);
    expect(view.cost!.unpriced).toEqual([]);
    expect(view.cost!.pricedAs).toEqual({ 'scripted-orchestrator-2026-01-01': 'scripted-orchestrator', 'scripted-agent-2026-01-01': 'scripted-agent' });
  });

  it('a reply with no usage counts estimated tokens, so MAX_TURN_TOKENS still stops the turn, and the turn says they are estimates', async () => {
    h.llm.respond(provider((r) => ({ ...r, noUsage: true })));
    const view = await runTurn('meal policy, dig forever', { maxTurnTokens: 3000 });
    expect(view.stopReason).toBe('budget');
    expect(view.usage.total.totalTokens).toBeGreaterThan(0);
    // The next call is estimated as the largest so far; the orchestrator's grows with every hop (its
    // messages carry the agents' outputs), so the last one may end a little past the budget, never by
    // more than that growth (docs/operations.md, Cost and budgets).
    expect(view.usage.total.totalTokens).toBeLessThanOrEqual(3000 * 1.1);
    expect(view.cost!.estimatedCalls).toBe(view.usage.calls);
    expect(view.cost!.usd).toBeGreaterThan(0);
    expect(view.answer).toMatch(/would exceed this turn's budget of 3,000 tokens/);
  });
});

describe('budget configuration', () => {
  it('refuses MAX_TURN_COST when a configured model has no price', async () => {
    const { loadConfig } = await import('../../adapters/config.js');
    expect(() => loadConfig({ ORCHESTRATOR_MODEL: 'a', AGENT_MODEL: 'b', MAX_TURN_COST: '0.05', MODEL_PRICES: '{"a":{"input":1,"output":2}}' })).toThrow(/MAX_TURN_COST: needs a price in MODEL_PRICES for "b"/);
    expect(() => loadConfig({ MODEL_PRICES: '{"a":{"input":"x"}}' })).toThrow(/MODEL_PRICES: a\.input/);
    expect(() => loadConfig({ MODEL_PRICES: 'cheap' })).toThrow(/MODEL_PRICES: not JSON/);
  });
});
