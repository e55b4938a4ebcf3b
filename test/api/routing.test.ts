import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { isOrchestrator } from '../support/scripted-llm.js';
import { seedPolicy, world } from '../support/world.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ responder: world });
  await seedPolicy(h.db, h.runtime.deps.knowledge);
});
afterAll(async () => h?.close());

describe('POST /query routes through the orchestrator to the right agents', () => {
  it('sends a policy question to the Knowledge-Base agent and cites the page', async () => {
    const { status, body } = await h.json('POST', '/query', { body: { question: 'What does the expense policy say about client meals?' } });
    expect(status).toBe(200);
    expect(body.status).toBe('completed');
    expect(body.decisions).toEqual([{ type: 'call_agents', agents: ['knowledge_base_agent'] }, { type: 'return_to_user' }]);
    expect(body.answer).toContain('60 EUR');
    expect(body.sources[0]).toMatchObject({ fileName: 'policy.pdf', page: 1 });
    // decide, agent step (tool call), agent step (answer), decide, and the verifier (the turn read no
    // bookings, so its prose is checked for claims about them) on the agent model.
    expect(body.usage.calls).toBe(5);
    expect(body.usage.total.totalTokens).toBe(5 * 120);
    expect(body.usage.byModel).toEqual({
      'scripted-orchestrator': { promptTokens: 200, completionTokens: 40, totalTokens: 240 },
      'scripted-agent': { promptTokens: 300, completionTokens: 60, totalTokens: 360 },
    });
    expect(Object.keys(body.usage.byAgent).sort()).toEqual(['knowledge_base_agent', 'orchestrator', 'verifier']);
    // Search attributes make the run findable in the Web UI (visibility is updated asynchronously).
    const handle = h.client.workflow.getHandle(`turn-${body.turnId}`);
    await expect
      .poll(async () => (await handle.describe()).searchAttributes, { timeout: 10_000 })
      .toMatchObject({ ConversationId: [body.conversationId], UserId: ['alice'], TurnStatus: ['completed'] });
  });

  it('sends a room question to the Booking agent, which reads the database', async () => {
    const { body } = await h.json('POST', '/query', { body: { question: 'Is room 3 free tomorrow at 2?' } });
    expect(body.status).toBe('completed');
    expect(body.decisions[0]).toEqual({ type: 'call_agents', agents: ['booking_agent'] });
    expect(body.answer).toContain('Room 3 is free');
  });

  it('calls both agents in one decision, in parallel, when the question needs both', async () => {
    const before = h.llm.requests.length;
    const { body } = await h.json('POST', '/query', { body: { question: 'What is the client meal policy, and is a meeting room free tomorrow?' } });
    expect(body.status).toBe('completed');
    expect(body.decisions[0].type).toBe('call_agents');
    expect(new Set(body.decisions[0].agents)).toEqual(new Set(['knowledge_base_agent', 'booking_agent']));
    expect(body.answer).toContain('60 EUR');
    expect(body.answer).toContain('Room 3 is free');
    const orchestratorCalls = h.llm.requests.slice(before).filter(isOrchestrator);
    expect(orchestratorCalls).toHaveLength(2);
  });

  it('answers a greeting with no agent', async () => {
    const { body } = await h.json('POST', '/query', { body: { question: 'hi there!' } });
    expect(body.status).toBe('completed');
    expect(body.decisions).toEqual([{ type: 'return_to_user' }]);
    expect(body.answer).toMatch(/Hello/);
    expect(body.hops).toBe(1);
  });

  it('reports a booking conflict from the database instead of claiming the room is free', async () => {
    await h.db.query(
      `insert into bookings (id, room_id, starts_at, ends_at, booked_for, requested_by, title) values ('b-1', 'room-3', '2030-01-15T13:30:00Z', '2030-01-15T14:30:00Z', 'Sarah', 'alice', 'Sync')`,
    );
    const { body } = await h.json('POST', '/query', { body: { question: 'Is room 3 free tomorrow at 2?' } });
    expect(body.answer).toContain('not free');
    await h.db.query(`delete from bookings where id = 'b-1'`);
  });
});
