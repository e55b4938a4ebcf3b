/**
 * `POST /query`'s wait (api/turn-service.ts `waitForRest`): subscribed to the turn's notices before it
 * starts, it reads the turn only when a notice may mean it came to rest (its end, a pause for approval,
 * a notice without its events) or when none came within SSE_RECHECK_MS. So a turn that runs through
 * costs no workflow query (each waits for the workflow task in progress, and one of a closed workflow
 * replays it); progress notices wake nothing; a lost notice only delays the answer; and no request
 * leaves a subscription behind. `copilot_workflow_queries_total` counts the API's queries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../../adapters/notices.js';
import { createHarness, KEYS, type Harness } from '../support/harness.js';
import { sample, scrapeMetrics } from '../support/metrics.js';
import { agentOf, call, isOrchestrator, text, toolResults, type ChatRequestBody, type ScriptedReply } from '../support/scripted-llm.js';
import { booker, futureSlot, seedPolicy } from '../support/world.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ responder: askTwice, env: { SSE_RECHECK_MS: '1000' } });
  await seedPolicy(h.db, h.runtime.deps.knowledge);
});
afterAll(async () => h?.close());

/** A three-hop knowledge turn: the orchestrator asks the knowledge-base agent twice, then answers. */
function askTwice(req: ChatRequestBody): ScriptedReply {
  if (isOrchestrator(req)) {
    const done = req.messages.filter((m) => m.role === 'tool').length;
    return done < 2 ? call('knowledge_base_agent', { request: `client meals, part ${done + 1}` }) : text('Client meals are reimbursed up to 60 EUR per person.');
  }
  if (agentOf(req) === 'knowledge_base_agent') {
    return toolResults(req).length === 0 ? call('search_knowledge_base', { query: 'client meals reimbursed' }) : text('Client meals are reimbursed up to 60 EUR per person (policy.pdf p.1).');
  }
  return text('?');
}

const queries = async () => {
  const m = await scrapeMetrics(h, KEYS.admin);
  return sample(m, 'copilot_workflow_queries_total', 'query="state"') + sample(m, 'copilot_workflow_queries_total', 'query="events"');
};
const ask = (question: string) => h.json('POST', '/query', { body: { question } });

describe("POST /query's wait", () => {
  it('answers a turn that runs through with no workflow query, its progress waking nothing', async () => {
    h.llm.respond(askTwice);
    const before = await queries();
    const q = await ask('What does the policy say about client meals?');
    expect(q.status).toBe(200);
    expect(q.body.status).toBe('completed');
    expect(q.body.hops).toBe(3);
    expect(q.body.answer).toContain('60 EUR');
    expect(q.body.sources.map((s: { fileName: string }) => s.fileName)).toContain('policy.pdf');
    expect(await queries(), 'workflow queries for a turn that ran through').toBe(before);
    // What the wait answered is the saved turn, as GET /turns/:id gives it.
    const saved = await h.json('GET', `/turns/${q.body.turnId}`);
    expect(saved.body.answer).toBe(q.body.answer);
    expect(notices.watched, 'subscriptions left behind').toBe(0);
  });

  it('answers a turn that pauses for approval with its pending approval', async () => {
    h.llm.respond(booker(futureSlot(71, 10)));
    const q = await ask('Book room 3 for Sarah');
    expect(q.status).toBe(200);
    expect(q.body.status).toBe('awaiting_approval');
    expect(q.body.pendingApprovals).toHaveLength(1);
    expect(q.body.pendingApprovals[0]).toMatchObject({ action: 'create', status: 'pending' });
    const decided = await h.json('POST', `/turns/${q.body.turnId}/approvals/${q.body.pendingApprovals[0].approvalId}`, { key: KEYS.bob, body: { decision: 'reject' } });
    expect(decided.status).toBe(200);
    expect(notices.watched).toBe(0);
  });

  it('still answers when every notice is lost, after SSE_RECHECK_MS', async () => {
    h.llm.respond(askTwice);
    const publish = notices.publish;
    let dropped = 0;
    notices.publish = function drop() {
      dropped += 1;
    };
    try {
      const t = Date.now();
      const q = await ask('What does the policy say about client meals?');
      expect(q.status).toBe(200);
      expect(q.body.status).toBe('completed');
      expect(q.body.answer).toContain('60 EUR');
      expect(dropped, 'notices the worker published').toBeGreaterThan(0);
      // Read on the recheck (1 s here), not the 60 s default.
      expect(Date.now() - t).toBeLessThan(15_000);
    } finally {
      notices.publish = publish;
    }
    expect(notices.watched).toBe(0);
  });

  it('leaves no subscription behind when the turn cannot start', async () => {
    h.llm.respond(booker(futureSlot(72, 10)));
    const first = await ask('Book room 3 for Sarah');
    expect(first.body.status).toBe('awaiting_approval');
    // The conversation is busy with the paused turn: 409, and nothing started.
    const busy = await h.json('POST', '/query', { body: { question: 'And room 4?', conversationId: first.body.conversationId } });
    expect(busy.status).toBe(409);
    expect(busy.body.activeTurnId).toBe(first.body.turnId);
    expect(notices.watched).toBe(0);
    await h.json('POST', `/turns/${first.body.turnId}/approvals/${first.body.pendingApprovals[0].approvalId}`, { key: KEYS.bob, body: { decision: 'reject' } });
  });
});
