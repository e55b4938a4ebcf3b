import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../adapters/logger.js';
import { startApi, type RunningApi } from '../../api/server.js';
import { workflowIdFor } from '../../api/turn-service.js';
import { boundedQuery, queryBy } from '../../api/workflow-query.js';
import * as messages from '../../workflows/temporal-messages.js';
import { createHarness, KEYS, readSse, type Harness } from '../support/harness.js';
import { agentOf, call, firstUser, isOrchestrator, text, toolResults } from '../support/scripted-llm.js';
import { agents, orchestrator, seedPolicy, world } from '../support/world.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ responder: world });
  await seedPolicy(h.db, h.runtime.deps.knowledge);
});
afterAll(async () => h?.close());

describe('SSE', () => {
  it('POST /query-agent streams the events in order and closes after the terminal event', async () => {
    const res = await h.request('POST', '/query-agent', { body: { question: 'What is the client meal policy?' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const turnId = res.headers.get('x-turn-id');
    const events = await readSse(res); // returns only because the server closed the stream
    expect(events.map((e) => e.type)).toEqual([
      'turn.started',
      'orchestrator.decision',
      'agent.started',
      'agent.completed',
      'orchestrator.decision',
      'turn.completed',
    ]);
    expect(events.map((e) => e.id)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(events[3]!.data).toMatchObject({ agent: 'knowledge_base_agent', status: 'ok', sources: [{ fileName: 'policy.pdf', page: 1 }] });
    expect(events[5]!.data.answer).toContain('60 EUR');
    const view = await h.json('GET', `/turns/${turnId}`);
    expect(view.body.status).toBe('completed');
  });

  it('GET /turns/:id/events resumes after Last-Event-ID and misses nothing', async () => {
    // Slow agent so the first reader disconnects mid-turn.
    h.llm.respond(async (req) => (isOrchestrator(req) ? orchestrator(req) : { ...agents(req), delayMs: 300 }));
    const started = await h.json('POST', '/turns', { body: { question: 'Is room 3 free tomorrow?' } });
    expect(started.status).toBe(202);
    const { turnId } = started.body;
    const first = await readSse(await h.request('GET', `/turns/${turnId}/events`), 2);
    expect(first.map((e) => e.type)).toEqual(['turn.started', 'orchestrator.decision']);
    const rest = await readSse(await h.request('GET', `/turns/${turnId}/events`, { headers: { 'last-event-id': String(first.at(-1)!.id) } }));
    const all = [...first, ...rest];
    expect(all.map((e) => e.id)).toEqual(all.map((_, i) => i));
    expect(all.at(-1)!.type).toBe('turn.completed');
    // After the end, a resume from the last id ends at once with nothing new.
    const none = await readSse(await h.request('GET', `/turns/${turnId}/events`, { headers: { 'last-event-id': String(all.at(-1)!.id) } }));
    expect(none).toEqual([]);
    h.llm.respond(world);
  });

  it('the API restarted mid-stream: the client resumes on the new process with Last-Event-ID and misses nothing', async () => {
    // Its own harness: this API is going away. The agents answer only once the new API is up, so the turn
    // is still running (waiting on its model call in the worker) whatever the machine's speed.
    let release!: () => void;
    const agentsMayAnswer = new Promise<void>((resolve) => (release = resolve));
    const x = await createHarness({
      responder: async (req) => {
        if (isOrchestrator(req)) return orchestrator(req);
        await agentsMayAnswer;
        return agents(req);
      },
    });
    await seedPolicy(x.db, x.runtime.deps.knowledge);
    const port = Number(new URL(x.api.url).port);
    let replacement: RunningApi | null = null;
    try {
      const started = await x.json('POST', '/turns', { body: { question: 'What is the client meal policy?' } });
      const { turnId } = started.body;
      let restarted: Promise<void> | null = null;
      const first = await readSse(await x.request('GET', `/turns/${turnId}/events`), Infinity, {
        tolerateDrop: true,
        // After the second event the API process goes away (open streams cut at once) while the turn runs on.
        onMessage: (m) => {
          if (m.id !== 1) return;
          restarted ??= x.api.close();
          x.api.server.closeAllConnections();
        },
      });
      await restarted;
      expect(first.map((e) => e.type).slice(0, 2)).toEqual(['turn.started', 'orchestrator.decision']);
      expect(first.map((e) => e.type)).not.toContain('turn.completed');
      expect((await fetch(`${x.api.url}/healthz`).catch((e) => e)) instanceof Error).toBe(true);
      // A new API process on the same address; the turn kept running in the worker meanwhile.
      replacement = await startApi({ config: { ...x.config, port }, temporalAddress: x.temporalAddress, db: x.db, conversations: x.runtime.deps.conversations, apiKeys: x.config.apiKeys, logger: createLogger('silent') });
      release();
      const rest = await readSse(await x.request('GET', `/turns/${turnId}/events`, { headers: { 'last-event-id': String(first.at(-1)!.id) } }));
      expect(rest.length).toBeGreaterThan(0);
      const all = [...first, ...rest];
      expect(all.map((e) => e.id)).toEqual(all.map((_, i) => i));
      expect(all.at(-1)!.type).toBe('turn.completed');
      expect(all.at(-1)!.data.answer).toContain('60 EUR');
    } finally {
      release();
      // The harness closes its own (already closed) API; this one is the test's to close.
      if (replacement) await (replacement as RunningApi).close();
      await x.close();
    }
  });
});

describe('conversations', () => {
  it('a follow-up sees the earlier turn: "book it" after "is room 3 free at 2?"', async () => {
    const first = await h.json('POST', '/query', { body: { question: 'Is room 3 free tomorrow at 2?' } });
    expect(first.body.status).toBe('completed');
    const conversationId = first.body.conversationId;
    let orchestratorSaw = '';
    let agentSaw = '';
    h.llm.respond((req) => {
      if (isOrchestrator(req)) {
        if (toolResults(req).length) return text('Booking needs approval, which is not available yet: nothing was booked.');
        orchestratorSaw = req.messages[1]!.content ?? '';
        return call('booking_agent', { request: 'Book Room 3 (id room-3) tomorrow 14:00-15:00' });
      }
      agentSaw = firstUser(req);
      return text('I cannot make bookings in this version; nothing was booked.');
    });
    const second = await h.json('POST', '/query', { body: { question: 'ok book it', conversationId } });
    expect(second.body.status).toBe('completed');
    expect(second.body.conversationId).toBe(conversationId);
    expect(orchestratorSaw).toContain('Is room 3 free tomorrow at 2?');
    expect(orchestratorSaw).toContain('Room 3 is free');
    expect(orchestratorSaw).toContain('room Room 3 (id room-3)');
    expect(agentSaw).toContain('room Room 3 (id room-3)');
    const conv = await h.json('GET', `/conversations/${conversationId}`);
    expect(conv.body.turns.map((t: any) => t.question)).toEqual(['Is room 3 free tomorrow at 2?', 'ok book it']);
    const list = await h.json('GET', '/conversations');
    expect(list.body.conversations.some((c: any) => c.id === conversationId && c.turns === 2)).toBe(true);
    h.llm.respond(world);
  });

  it('allows one turn at a time per conversation (409 while the first runs)', async () => {
    h.llm.respond(async (req) => ({ ...world(req, 0), delayMs: 800 }));
    const first = await h.json('POST', '/turns', { body: { question: 'hello', conversationId: 'conv-busy-1' } });
    expect(first.status).toBe(202);
    const second = await h.json('POST', '/query', { body: { question: 'again', conversationId: 'conv-busy-1' } });
    expect(second.status).toBe(409);
    expect(second.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(second.body).toMatchObject({ status: 409, activeTurnId: first.body.turnId });
    h.llm.respond(world);
    // Once the first finishes, the conversation is free again.
    const done = await readSse(await h.request('GET', `/turns/${first.body.turnId}/events`));
    expect(done.at(-1)!.type).toBe('turn.completed');
    const third = await h.json('POST', '/query', { body: { question: 'again', conversationId: 'conv-busy-1' } });
    expect(third.status).toBe(200);
  });

  it('hides other users\' turns and conversations (404), and shows them to admins', async () => {
    const mine = await h.json('POST', '/query', { body: { question: 'hello' } });
    const asBob = await h.json('GET', `/turns/${mine.body.turnId}`, { key: KEYS.bob });
    expect(asBob.status).toBe(404);
    expect((await h.request('GET', `/turns/${mine.body.turnId}/events`, { key: KEYS.bob })).status).toBe(404);
    expect((await h.json('GET', `/conversations/${mine.body.conversationId}`, { key: KEYS.bob })).status).toBe(404);
    const intoTheirs = await h.json('POST', '/query', { key: KEYS.bob, body: { question: 'hi', conversationId: mine.body.conversationId } });
    expect(intoTheirs.status).toBe(404);
    expect((await h.json('GET', `/turns/${mine.body.turnId}`, { key: KEYS.admin })).status).toBe(200);
  });
});

describe('auth and bad input', () => {
  it('needs a valid bearer key on every route but health', async () => {
    expect((await h.json('GET', '/healthz', { key: null })).status).toBe(200);
    const none = await h.json('POST', '/query', { key: null, body: { question: 'hi' } });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(none.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await h.json('POST', '/query', { key: 'not-a-real-key-123456', body: { question: 'hi' } })).status).toBe(401);
    expect((await h.json('GET', '/conversations', { key: null })).status).toBe(401);
  });

  it('413 for a body over the size limit, and 404 problem for unknown routes and turns', async () => {
    const big = await h.request('POST', '/query', { raw: JSON.stringify({ question: 'x'.repeat(70_000) }) });
    expect(big.status).toBe(413);
    expect((await h.json('GET', '/nope')).status).toBe(404);
    const unknown = await h.json('GET', '/turns/does-not-exist');
    expect(unknown.status).toBe(404);
    expect(unknown.body.type).toMatch(/not-found$/);
  });

  it('readyz checks Temporal, the database and the LLM configuration; only an admin key sees the details', async () => {
    const r = await h.json('GET', '/readyz', { key: null });
    expect(r.status).toBe(200);
    expect(r.body.checks).toEqual({ temporal: { ok: true }, database: { ok: true }, llm: { ok: true } });
    expect(JSON.stringify(r.body)).not.toMatch(/scripted-orchestrator|pglite/i);
    for (const key of [KEYS.alice, 'not-a-key-0123456789']) expect((await h.json('GET', '/readyz', { key })).body.checks.llm).toEqual({ ok: true });
    const admin = await h.json('GET', '/readyz', { key: KEYS.admin });
    expect(admin.body.checks.llm).toEqual({ ok: true, detail: 'scripted-orchestrator / scripted-agent' });
  });
});

describe('POST /query past its bound', () => {
  it('answers 202 with the turn\'s links, and the turn completes in the background', async () => {
    // The model takes far longer than the bound: the bound counts from when the start call returns, and on
    // a loaded CI machine a 600 ms model call once finished before a 300 ms bound had run out.
    const slow = await createHarness({ env: { QUERY_WAIT_MS: '300' }, responder: async (req) => ({ ...world(req, 0), delayMs: 2500 }) });
    try {
      const r = await slow.json('POST', '/query', { body: { question: 'hello' } });
      expect(r.status).toBe(202);
      expect(r.body.status).toBe('running');
      expect(r.body.links).toEqual({ self: `/turns/${r.body.turnId}`, events: `/turns/${r.body.turnId}/events` });
      const events = await readSse(await slow.request('GET', r.body.links.events));
      expect(events.at(-1)!.type).toBe('turn.completed');
      const done = await slow.json('GET', r.body.links.self);
      expect(done.body).toMatchObject({ status: 'completed', answer: expect.stringMatching(/Hello/) });
    } finally {
      await slow.close();
    }
  });

  it('a read within the bound is bounded by it: a query waits for the workflow task in progress (the model call), the bounded one gives up at the deadline', async () => {
    const slow = await createHarness({ responder: async (req) => ({ ...world(req, 0), delayMs: 2500 }) });
    try {
      const started = await slow.json('POST', '/turns', { body: { question: 'hello' } });
      const id = workflowIdFor(started.body.turnId);
      // The first model call is a local activity of the turn's first workflow task: a query is answered once that task ends.
      const t0 = Date.now();
      const bounded = await queryBy(Date.now() + 300, slow.client, id, messages.state).then(() => 'answered', () => 'gave up');
      expect(bounded).toBe('gave up');
      expect(Date.now() - t0).toBeLessThan(2000);
      const state = await boundedQuery(slow.client, id, messages.state);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(2000);
      expect(state.status).not.toBe('failed');
    } finally {
      await slow.close();
    }
  });
});

describe('no LLM configured', () => {
  it('answers 503 naming the variables to set, and readyz says why', async () => {
    const bare = await createHarness({
      env: { ORCHESTRATOR_BASE_URL: '', AGENT_BASE_URL: '', ORCHESTRATOR_API_KEY: '', AGENT_API_KEY: '' },
      worker: false,
    });
    try {
      const r = await bare.json('POST', '/query', { body: { question: 'hello' } });
      expect(r.status).toBe(503);
      expect(r.body.detail).toMatch(/ORCHESTRATOR_API_KEY \(or OPENROUTER_API_KEY\)/);
      expect(r.body.detail).toMatch(/AGENT_API_KEY \(or GROQ_API_KEY\)/);
      const ready = await bare.json('GET', '/readyz', { key: null });
      expect(ready.status).toBe(503);
      expect(ready.body.checks.llm).toEqual({ ok: false });
      expect(ready.body.detail).toBe('not ready: llm (details with an admin key)');
      const admin = await bare.json('GET', '/readyz', { key: KEYS.admin });
      expect(admin.body.detail).toMatch(/^llm: .*ORCHESTRATOR_API_KEY/);
    } finally {
      await bare.close();
    }
  });
});

it('agentOf identifies agents by their tools (test helper sanity)', () => {
  expect(agentOf({ model: 'm', messages: [], tools: [{ function: { name: 'list_rooms' } }] })).toBe('booking_agent');
});
