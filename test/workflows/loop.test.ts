import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { events as eventsQuery } from '../../workflows/temporal-messages.js';
import { agentOf, call, calls, httpError, isOrchestrator, text, toolResults, type ChatRequestBody } from '../support/scripted-llm.js';
import { agents, orchestrator, seedPolicy, world } from '../support/world.js';

let h: Harness;
beforeAll(async () => {
  // Model calls as regular activities: the retry tests read each attempt and its failure from history
  // (local activities record only their outcome; test/workflows/local-activities covers that mode).
  h = await createHarness({ responder: world, env: { MAX_HOPS: '3', MAX_AGENT_RETRIES: '1', TURN_LOCAL_ACTIVITIES: 'reads' } });
  await seedPolicy(h.db, h.runtime.deps.knowledge);
});
afterAll(async () => h?.close());

const ask = (question: string) => h.json('POST', '/query', { body: { question } });
const since = (n: number) => h.llm.requests.slice(n);
const eventsOf = async (turnId: string) => (await h.client.workflow.getHandle(`turn-${turnId}`).query(eventsQuery, { after: -1 })) as any[];

describe('the orchestrator loop', () => {
  it('retries an agent that returned nothing, then answers honestly when its budget is spent', async () => {
    // The booking agent always answers with empty text; the orchestrator keeps asking for it.
    h.llm.respond((req) => (isOrchestrator(req) ? call('booking_agent', { request: 'Which rooms exist?' }) : text('')));
    const before = h.llm.requests.length;
    const { body } = await ask('Which rooms are there?');
    expect(body.status).toBe('completed');
    // Two runs (first try + one retry), then the third call is refused: no further agent model calls.
    const agentCalls = since(before).filter((r) => agentOf(r) === 'booking_agent');
    expect(agentCalls).toHaveLength(2);
    expect(body.answer).toMatch(/could not complete/i);
    expect(body.answer).toMatch(/Bookings returned nothing after 2 attempts/);
    expect(body.decisions).toEqual([
      { type: 'call_agents', agents: ['booking_agent'] },
      { type: 'call_agents', agents: ['booking_agent'] },
      { type: 'call_agents', agents: ['booking_agent'] },
    ]);
    const state = await h.client.workflow.getHandle(`turn-${body.turnId}`).query<any>('state');
    expect(state.retryCounts).toEqual({ booking_agent: 2 });
  });

  it('lets the orchestrator answer honestly itself after an empty retry, seeing the retry count', async () => {
    let decisions = 0;
    h.llm.respond((req) => {
      if (!isOrchestrator(req)) return text('');
      decisions++;
      const last = req.messages.at(-1)!.content ?? '';
      if (/returned nothing 2 time/.test(last)) return text('Sorry, the booking system returned nothing twice; I could not check the rooms.');
      return call('booking_agent', { request: 'List rooms' });
    });
    const { body } = await ask('list the rooms pls');
    expect(decisions).toBe(3);
    expect(body.answer).toMatch(/could not check the rooms/);
    expect(body.decisions.at(-1)).toEqual({ type: 'return_to_user' });
  });

  it('stops when the hop budget is spent and says what it found', async () => {
    h.llm.respond((req) => (isOrchestrator(req) ? call('knowledge_base_agent', { request: 'client meals' }) : agents(req)));
    const before = h.llm.requests.length;
    const { body } = await ask('What is the meal policy? keep digging forever');
    expect(body.status).toBe('completed');
    expect(body.hops).toBe(3);
    expect(since(before).filter(isOrchestrator)).toHaveLength(3);
    expect(body.answer).toMatch(/more than the 3 steps allowed/);
    expect(body.answer).toContain('60 EUR'); // what the agent found is relayed, not lost
  });

  it('corrects invalid tool arguments with one re-ask that quotes the error', async () => {
    let n = 0;
    h.llm.respond((req) => {
      if (!isOrchestrator(req)) return agents(req);
      if (req.messages.some((m) => m.role === 'tool' && m.content?.startsWith('{'))) return orchestrator(req);
      n++;
      return n === 1 ? call('knowledge_base_agent', { request: '', extra: 1 }) : call('knowledge_base_agent', { request: 'client meal policy' });
    });
    const before = h.llm.requests.length;
    const { body } = await ask('meal policy?');
    expect(body.status).toBe('completed');
    expect(body.answer).toContain('60 EUR');
    const reask = since(before).filter(isOrchestrator)[1]!;
    const quoted = reask.messages.find((m) => m.role === 'tool')!.content!;
    expect(quoted).toMatch(/invalid call, not run/);
    expect(quoted).toMatch(/request/);
    const events = await eventsOf(body.turnId);
    const first = events.find((e) => e.type === 'orchestrator.decision');
    expect(first.data.corrections[0].error).toMatch(/request/);
    expect(first.data.rejected).toBeUndefined();
  });

  it('rejects and records a call still invalid after the re-ask, never running it', async () => {
    let answered = false;
    h.llm.respond((req) => {
      if (!isOrchestrator(req)) throw new Error('no agent may run');
      const seenRejection = req.messages.some((m) => m.role === 'tool' && /Rejected, not run/.test(m.content ?? ''));
      if (seenRejection) {
        answered = true;
        return text('I could not form a valid request, so nothing was looked up.');
      }
      return calls(['knowledge_base_agent', { query: 'wrong field' }], ['calendar_agent', { request: 'x' }]);
    });
    const before = h.llm.requests.length;
    const { body } = await ask('meal policy?');
    expect(answered).toBe(true);
    expect(since(before).filter((r) => !isOrchestrator(r))).toHaveLength(0);
    expect(body.decisions).toEqual([{ type: 'return_to_user' }]);
    const events = await eventsOf(body.turnId);
    const d = events.find((e) => e.type === 'orchestrator.decision');
    expect(d.data.decision).toEqual({ type: 'rejected' });
    expect(d.data.rejected.map((r: any) => r.tool).sort()).toEqual(['calendar_agent', 'knowledge_base_agent']);
    expect(d.data.rejected.find((r: any) => r.tool === 'calendar_agent').error).toMatch(/unknown tool/);
  });

  it('refuses an agent calling a tool of the other agent, and invalid tool arguments, without running them', async () => {
    let sawErrors: string[] = [];
    h.llm.respond((req: ChatRequestBody) => {
      if (isOrchestrator(req)) return orchestrator(req);
      const results = toolResults(req);
      if (results.length === 0) return calls(['list_rooms', {}], ['search_knowledge_base', { query: 5 }]);
      sawErrors = results;
      return text('Not in the documents.');
    });
    const { body } = await ask('What is the policy on pets?');
    expect(body.status).toBe('completed');
    expect(JSON.parse(sawErrors[0]!).error).toMatch(/unknown tool "list_rooms"/);
    expect(JSON.parse(sawErrors[1]!).error).toMatch(/invalid arguments: query/);
    const events = await eventsOf(body.turnId);
    const done = events.find((e) => e.type === 'agent.completed');
    expect(done.data.toolCalls).toEqual([
      { name: 'list_rooms', ok: false },
      { name: 'search_knowledge_base', ok: false },
    ]);
  });
});

describe('model endpoint failures', () => {
  it('retries 429 (honouring Retry-After) and 500 to success', async () => {
    let n = 0;
    h.llm.respond((req) => {
      n++;
      if (n === 1) return httpError(429, { 'retry-after': '1' });
      if (n === 2) return httpError(500);
      return world(req, n);
    });
    const started = Date.now();
    const { body } = await ask('hello');
    expect(body.status).toBe('completed');
    expect(body.answer).toMatch(/Hello/);
    expect(n).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000); // waited for Retry-After
  });

  it('abandons a hung model call at the timeout and retries it', async () => {
    let n = 0;
    h.llm.respond((req) => (++n === 1 ? { hang: true } : world(req, n)));
    const { body } = await ask('hello');
    expect(body.status).toBe('completed');
    expect(n).toBe(2);
    const history = await h.client.workflow.getHandle(`turn-${body.turnId}`).fetchHistory();
    const started = history.events!.filter((e) => e.activityTaskStartedEventAttributes);
    const retried = started.find((e) => e.activityTaskStartedEventAttributes!.attempt === 2);
    expect(retried!.activityTaskStartedEventAttributes!.lastFailure?.message).toMatch(/timed out/);
  });

  it('retries a response cut off mid-way and a malformed body to success', async () => {
    let n = 0;
    h.llm.respond((req) => {
      n++;
      if (n === 1) return { ...world(req, n), cut: true };
      if (n === 2) return { raw: '{"id": "chatcmpl-x", "choices": [ {"message": ' };
      return world(req, n);
    });
    const { body } = await ask('hello');
    expect(body.status).toBe('completed');
    expect(body.answer).toMatch(/Hello/);
    expect(n).toBe(3);
    const history = await h.client.workflow.getHandle(`turn-${body.turnId}`).fetchHistory();
    const failures = history.events!.flatMap((e) => e.activityTaskStartedEventAttributes?.lastFailure?.message ?? []);
    expect(failures.join(' | ')).toMatch(/malformed|JSON/i);
  });

  it('an orchestrator that keeps calling unknown tools stops at its budget, honestly', async () => {
    let n = 0;
    h.llm.respond(() => {
      n++;
      return call('calendar_agent', { request: 'book it' });
    });
    const { body } = await ask('Book room 3 at 2pm');
    expect(body.status).toBe('completed');
    // One call plus its corrective re-ask per hop, three hops at most: never an endless loop.
    expect(n).toBeLessThanOrEqual(6);
    expect(body.receipts).toEqual([]);
    expect(body.answer).not.toMatch(/booked/i);
  });

  it('fails fast and honestly on 401, without retrying', async () => {
    let n = 0;
    h.llm.respond(() => {
      n++;
      return httpError(401);
    });
    const started = Date.now();
    const { body } = await ask('hello');
    expect(n).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(body.status).toBe('failed');
    expect(body.error.type).toBe('LlmAuthError');
    expect(body.answer).toMatch(/refused the credentials/);
    expect(body.answer).toMatch(/Nothing was changed/);
    // The provider's error body (here "scripted HTTP 401") goes to the worker's log, not the answer.
    expect(body.answer).not.toMatch(/scripted HTTP/);
  });

  it('turns an agent model failure into an error output the orchestrator relays', async () => {
    h.llm.respond((req) => (isOrchestrator(req) ? orchestrator(req) : httpError(400)));
    const { body } = await ask('Which rooms have a projector?');
    expect(body.status).toBe('completed');
    const events = await eventsOf(body.turnId);
    const done = events.find((e) => e.type === 'agent.completed');
    expect(done.data.status).toBe('error');
    expect(done.data.error).toMatch(/HTTP 400/);
    expect(done.data.error).not.toMatch(/scripted HTTP/);
  });
});
