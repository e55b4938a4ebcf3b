/**
 * Defects found by probing the running stack from outside (issue 16), each over HTTP against the real
 * server, Temporal and PGlite: streams that outlive their client, pages that 500 on another spelling of
 * their path, and the other cases of the list.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../adapters/logger.js';
import { errorHandler, unavailable } from '../../api/errors.js';
import { startMetricsServer } from '../../worker/metrics-server.js';
import { createWorker } from '../../worker/worker.js';
import { dataConverterFor } from '../../adapters/codec.js';
import { ApplicationFailure } from '@temporalio/activity';
import type { Harness as H } from '../support/harness.js';
import { createHarness, KEYS, readSse, type Harness } from '../support/harness.js';
import { agentOf, calls, isOrchestrator, text, toolResults, type ChatRequestBody, type ScriptedReply } from '../support/scripted-llm.js';
import { booker, futureSlot, world } from '../support/world.js';

let h: Harness;
const MAX_STREAMS = 2;

beforeAll(async () => {
  h = await createHarness({ responder: booker(futureSlot(40, 9)), env: { SSE_MAX_STREAMS_PER_USER: String(MAX_STREAMS), APPROVAL_TIMEOUT: '10m', INGESTION_MAX_UPLOADS_PER_USER: '1' } });
});
afterAll(async () => h?.close());

/** The open-streams gauge as the API's /metrics shows it. */
async function openStreams(): Promise<number> {
  const res = await h.request('GET', '/metrics', { key: KEYS.admin });
  const line = (await res.text()).split('\n').find((l) => l.startsWith('copilot_sse_streams_open'));
  return Number(line?.split(' ').at(-1) ?? NaN);
}
const until = async (what: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await what()) return true;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  return false;
};

/** A turn waiting for approval, started over /query-agent; the stream is left open until aborted. */
async function pausedStream(key = KEYS.alice) {
  const ctl = new AbortController();
  const res = await fetch(`${h.api.url}/query-agent`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ question: 'Book room 3 for Sarah' }),
    signal: ctl.signal,
  });
  expect(res.status).toBe(200);
  const turnId = res.headers.get('x-turn-id')!;
  const seen: string[] = [];
  const reading = readSse(res, Infinity, { onMessage: (m) => seen.push(m.type), tolerateDrop: true }).catch(() => []);
  expect(await until(async () => seen.includes('approval.required'), 20_000)).toBe(true);
  return { turnId, abort: () => ctl.abort(), reading };
}

describe('event streams end when their client leaves, and a user may hold only so many', () => {
  it('a client that aborts /query-agent on a paused turn closes its stream on the server (the gauge returns to 0)', async () => {
    expect(await openStreams()).toBe(0);
    const s = await pausedStream();
    expect(await openStreams()).toBe(1);
    s.abort();
    await s.reading;
    // Before the fix the server listened on the request, closed once the body was read: the stream
    // stayed open, polling, for as long as the turn waited.
    expect(await until(async () => (await openStreams()) === 0, 3000)).toBe(true);
  });

  it(`past SSE_MAX_STREAMS_PER_USER (${MAX_STREAMS}) a new stream is 429 and /query-agent starts no turn; a closed stream frees its slot`, async () => {
    const first = await pausedStream();
    const ctl = new AbortController();
    const second = await fetch(`${h.api.url}/turns/${first.turnId}/events`, { headers: { authorization: `Bearer ${KEYS.alice}` }, signal: ctl.signal });
    expect(second.status).toBe(200);
    const third = await h.request('GET', `/turns/${first.turnId}/events`);
    expect(third.status).toBe(429);
    expect(third.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await third.json()).type).toMatch(/too-many-streams$/);
    const before = h.llm.requests.length;
    const agent = await h.json('POST', '/query-agent', { body: { question: 'Book room 2 for Sarah' } });
    expect(agent.status).toBe(429);
    await new Promise((ok) => setTimeout(ok, 300));
    expect(h.llm.requests.length).toBe(before); // no turn started, so no model call
    // Another user is not limited by alice's streams.
    const bobs = await fetch(`${h.api.url}/turns/${first.turnId}/events`, { headers: { authorization: `Bearer ${KEYS.admin}` } });
    expect(bobs.status).toBe(200);
    await bobs.body?.cancel();
    ctl.abort();
    expect(await until(async () => (await openStreams()) === 1, 3000)).toBe(true);
    const again = await fetch(`${h.api.url}/turns/${first.turnId}/events`, { headers: { authorization: `Bearer ${KEYS.alice}` } });
    expect(again.status).toBe(200);
    await again.body?.cancel();
    first.abort();
    expect(await until(async () => (await openStreams()) === 0, 3000)).toBe(true);
  });
});

describe('pages answer whatever the spelling of their path', () => {
  it('GET /documents/, /APPROVALS and /Documents/ as a browser get the page, not a 500', async () => {
    for (const p of ['/documents/', '/APPROVALS', '/Documents/', '/approvals/', '/']) {
      const res = await h.request('GET', p, { key: null, headers: { accept: 'text/html' } });
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toMatch(/text\/html/);
    }
    // An API client at the same spelling still gets the API.
    const api = await h.json('GET', '/APPROVALS/');
    expect(api.status).toBe(200);
    expect(api.body).toHaveProperty('approvals');
  });
});

describe('fan-out is bounded: a model that returns 300 tool calls', () => {
  afterAll(() => h.llm.respond(booker(futureSlot(40, 9))));

  it('runs the first 8 distinct tool calls of an agent step, answers the rest "not run", and runs identical ones once', async () => {
    const rooms = ['Room 1', 'Room 2', 'Room 3', 'Boardroom'];
    let agentSaw: string[] = [];
    h.llm.respond((req: ChatRequestBody, n: number): ScriptedReply | Promise<ScriptedReply> => {
      if (isOrchestrator(req)) return req.messages.some((m) => m.role === 'tool') ? text('Checked.') : calls(['booking_agent', { request: 'Is any room free?' }]);
      if (agentOf(req) !== 'booking_agent') return world(req, n);
      const results = toolResults(req);
      if (results.length) {
        agentSaw = results;
        return text('Some rooms are free.');
      }
      // 300 calls: 290 distinct availability checks, then 10 copies of the first (keys in another order).
      const list: [string, unknown][] = [];
      for (let i = 0; i < 290; i++) list.push(['check_availability', { room: rooms[i % 4], start: `2030-02-${String(1 + (i % 28)).padStart(2, '0')}T${String(8 + Math.floor(i / 28)).padStart(2, '0')}:00:00Z`, end: `2030-02-${String(1 + (i % 28)).padStart(2, '0')}T${String(9 + Math.floor(i / 28)).padStart(2, '0')}:00:00Z` }]);
      const first = list[0]![1] as { room: string; start: string; end: string };
      for (let i = 0; i < 10; i++) list.push(['check_availability', { end: first.end, start: first.start, room: first.room }]);
      return calls(...list);
    });
    const q = await h.json('POST', '/query', { key: KEYS.carol, body: { question: 'Is any room free in February?' } });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(agentSaw).toHaveLength(300);
    const parsed = agentSaw.map((c) => JSON.parse(c));
    const ran = parsed.filter((r) => r.error === undefined);
    expect(ran).toHaveLength(8);
    expect(parsed.slice(8, 290).every((r) => /too many tool calls in one step: at most 8 run per step/.test(r.error))).toBe(true);
    expect(parsed.slice(290).every((r) => /the same call as .* in this step; it was not run again/.test(r.error))).toBe(true);
    // The turn's log shows 8 tool runs that succeeded, the rest refused.
    const events = await h.request('GET', `/turns/${q.body.turnId}/events`, { key: KEYS.carol });
    const done = (await readSse(events)).find((e) => e.type === 'agent.completed')!;
    const tools = (done.data as { toolCalls: { ok: boolean }[] }).toolCalls;
    expect(tools.filter((t) => t.ok)).toHaveLength(8);
  });

  it('starts at most 4 agent calls from one decision, and an identical request once; the orchestrator is told', async () => {
    let orchestratorSaw = '';
    let agentRuns = 0;
    h.llm.respond((req: ChatRequestBody, n: number): ScriptedReply | Promise<ScriptedReply> => {
      if (isOrchestrator(req)) {
        const outs = req.messages.filter((m) => m.role === 'tool');
        if (outs.length) {
          orchestratorSaw = outs.map((m) => m.content).join('\n');
          return text('Done looking.');
        }
        const list: [string, unknown][] = [];
        for (let i = 0; i < 297; i++) list.push(['knowledge_base_agent', { request: `client meal policy, question ${i}` }]);
        for (let i = 0; i < 3; i++) list.push(['knowledge_base_agent', { request: '  CLIENT meal policy,   question 0 ' }]);
        return calls(...list);
      }
      if (agentOf(req) === 'knowledge_base_agent' && toolResults(req).length === 0) agentRuns += 1;
      return world(req, n);
    });
    const q = await h.json('POST', '/query', { key: KEYS.carol, body: { question: 'What is the client meal policy?' } });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(agentRuns).toBe(4);
    expect((orchestratorSaw.match(/too many agent calls in one decision: at most 4 run at once/g) ?? []).length).toBe(293);
    expect((orchestratorSaw.match(/the same request to the same agent was already made/g) ?? []).length).toBe(3);
  });
});

describe('internals a keyless caller does not get', () => {
  it("the worker's metrics server listens on loopback by default; off loopback without METRICS_TOKEN its /metrics is 403 and /healthz still 200", async () => {
    const local = await startMetricsServer({ port: 0, workers: [] });
    try {
      expect(local.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(local.exposedWithoutToken).toBe(false);
      expect((await fetch(`${local.url}/metrics`)).status).toBe(200);
    } finally {
      await local.close();
    }
    const open = await startMetricsServer({ port: 0, host: '0.0.0.0', workers: [] });
    try {
      expect(open.exposedWithoutToken).toBe(true);
      const m = await fetch(`${open.url}/metrics`);
      expect(m.status).toBe(403);
      expect(await m.text()).toMatch(/METRICS_TOKEN is not set/);
      expect((await fetch(`${open.url}/healthz`)).status).toBe(200);
    } finally {
      await open.close();
    }
    const tokened = await startMetricsServer({ port: 0, host: '0.0.0.0', token: 'scrape-token-0123456789', workers: [] });
    try {
      expect((await fetch(`${tokened.url}/metrics`)).status).toBe(401);
      expect((await fetch(`${tokened.url}/metrics`, { headers: { authorization: 'Bearer scrape-token-0123456789' } })).status).toBe(200);
    } finally {
      await tokened.close();
    }
  });

  it("a 503 from a backend says what did not happen and that a retry is safe, never the backend's error text, which is logged", async () => {
    const lines: string[] = [];
    const logger = createLogger('info', 'api', { write: (l: string) => lines.push(l) });
    const app = express();
    app.get('/x', () => {
      throw unavailable('temporal-unavailable', 'Workflow service unavailable', 'the turn could not be started: the workflow service did not answer; nothing was started, try again', new Error('14 UNAVAILABLE: connect ECONNREFUSED 10.1.2.3:7233 (temporal 1.24.0)'));
    });
    app.use(errorHandler(logger));
    const server = http.createServer(app).listen(0, '127.0.0.1');
    await new Promise((ok) => server.once('listening', ok));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      const text = await res.text();
      expect(text).toMatch(/nothing was started, try again/);
      expect(text).not.toMatch(/ECONNREFUSED|10\.1\.2\.3|UNAVAILABLE/);
      expect(lines.join('')).toMatch(/ECONNREFUSED 10\.1\.2\.3:7233/);
    } finally {
      server.close();
    }
  });
});

describe('a turn finished in its workflow is never lost or left running in its row', () => {
  let g: H;
  let stopWorker: () => Promise<void>;
  beforeAll(async () => {
    g = await createHarness({ responder: booker(futureSlot(41, 9)), worker: false, env: { APPROVAL_TIMEOUT: '10m' } });
    // A worker whose persistTurn always fails for good: the turn completes in its workflow, its row does not.
    const { worker } = await createWorker({
      address: g.temporalAddress,
      namespace: g.config.temporal.namespace,
      taskQueue: g.taskQueue,
      activities: { ...g.runtime.activities, persistTurn: async () => { throw ApplicationFailure.nonRetryable('the database refused the write', 'DatabaseError'); } },
      workflowBundle: g.bundle,
      dataConverter: dataConverterFor(g.config.payloadEncryptionKey),
      tuning: g.config.worker,
    });
    const running = worker.run();
    let stopped = false;
    stopWorker = async () => {
      if (!stopped) worker.shutdown();
      stopped = true;
      await running;
    };
  });
  afterAll(async () => {
    await stopWorker?.();
    await g?.close();
  });

  it('a completed turn whose save failed keeps its answer and receipts: the next turn in the conversation reconciles it from the workflow', async () => {
    const first = await g.json('POST', '/query', { body: { question: 'Book room 3 for Sarah' } });
    expect(first.body.status).toBe('awaiting_approval');
    const [a] = first.body.pendingApprovals;
    expect((await g.json('POST', `/turns/${first.body.turnId}/approvals/${a.approvalId}`, { key: KEYS.bob, body: { decision: 'approve' } })).status).toBe(200);
    await g.client.workflow.getHandle(`turn-${first.body.turnId}`).result();
    expect((await g.runtime.deps.conversations.getTurn(first.body.turnId))!.status).not.toBe('completed'); // the row was never saved
    // Before the fix the next turn marked this one failed, with no answer, and its receipt vanished.
    const next = await g.json('POST', '/query', { body: { question: 'hi', conversationId: first.body.conversationId } });
    expect(next.status, JSON.stringify(next.body)).not.toBe(409);
    const saved = (await g.runtime.deps.conversations.getTurn(first.body.turnId))!;
    expect(saved.status).toBe('completed');
    expect(saved.answer).toMatch(/Booked Room 3|receipt bk_/);
    expect(saved.result!.receipts).toHaveLength(1);
    expect(saved.result!.events.at(-1)!.type).toBe('turn.completed');
    const ctx = await g.runtime.deps.conversations.loadContext(first.body.conversationId, 'none');
    expect(ctx.turns.find((t) => t.turnId === first.body.turnId)!.receipts).toHaveLength(1);
  });

  it('a terminated turn is shown failed with the reason, and its open stream ends', async () => {
    g.llm.respond(booker(futureSlot(42, 9)));
    const q = await g.json('POST', '/query', { body: { question: 'Book room 3 for Sarah' } });
    expect(q.body.status).toBe('awaiting_approval');
    const stream = await g.request('GET', `/turns/${q.body.turnId}/events`);
    const reading = readSse(stream);
    await g.client.workflow.getHandle(`turn-${q.body.turnId}`).terminate('operator stopped it');
    const events = await Promise.race([reading, new Promise<never>((_, no) => setTimeout(() => no(new Error('the stream did not end')), 15_000))]);
    expect(events.at(-1)).toMatchObject({ type: 'turn.failed', data: { error: { type: 'TurnNotFinished', message: "the turn's workflow was terminated before it finished" } } });
    const view = await g.json('GET', `/turns/${q.body.turnId}`);
    expect(view.body).toMatchObject({ status: 'failed', answer: "Sorry, this request did not finish: the turn's workflow was terminated before it finished.\n\nNothing was changed." });
  });

  it('with no worker to answer queries, a completed turn whose save failed is saved from the workflow result: completed, with its receipt', async () => {
    g.llm.respond(booker(futureSlot(43, 9)));
    const q = await g.json('POST', '/query', { body: { question: 'Book room 3 for Sarah' } });
    const [a] = q.body.pendingApprovals;
    expect((await g.json('POST', `/turns/${q.body.turnId}/approvals/${a.approvalId}`, { key: KEYS.bob, body: { decision: 'approve' } })).status).toBe(200);
    await g.client.workflow.getHandle(`turn-${q.body.turnId}`).result();
    await stopWorker();
    const view = await g.json('GET', `/turns/${q.body.turnId}`);
    expect(view.body).toMatchObject({ status: 'completed', receipts: [{ roomName: 'Room 3' }] });
    const saved = (await g.runtime.deps.conversations.getTurn(q.body.turnId))!;
    expect(saved.status).toBe('completed');
    expect(saved.result!.receipts).toHaveLength(1);
    expect(saved.result!.events.at(-1)!.type).toBe('turn.completed');
  });
});

describe('uploads: whose name it is, what is read before the namespace is checked, how many at once', () => {
  const FIX = 'test/fixtures';
  /** A multipart upload sent by hand: the head now, the rest when `finish` is called (or never). */
  function partialUpload(key: string, namespace: string) {
    const boundary = 'hardening-boundary-91';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="namespace"\r\n\r\n${namespace}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    const url = new URL(`${h.api.url}/ingestion`);
    const req = http.request({ host: url.hostname, port: url.port, path: '/ingestion', method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + 20 * 1024 * 1024) } });
    req.on('error', () => {});
    const response = new Promise<{ status: number; body: string }>((ok) =>
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => ok({ status: res.statusCode ?? 0, body }));
        res.on('error', () => ok({ status: res.statusCode ?? 0, body }));
      }),
    );
    req.write(head);
    return { response, abort: () => req.destroy() };
  }

  it("a namespace the key may not use, sent before the file, is refused before the file is read (the body is never sent)", async () => {
    const up = partialUpload(KEYS.dave, 'default'); // dave may use "hr" only
    const r = await Promise.race([up.response, new Promise<null>((ok) => setTimeout(() => ok(null), 5000))]);
    up.abort();
    expect(r).not.toBeNull();
    expect(r!.status).toBe(403);
    expect(JSON.parse(r!.body).detail).toBe('this API key may not use namespace "default"');
  });

  it('one user may have INGESTION_MAX_UPLOADS_PER_USER (1 here) uploads in flight; the next is 429, another user is not held up', async () => {
    const held = partialUpload(KEYS.carol, 'default');
    await until(async () => {
      const r = await h.upload(`${FIX}/acme-policy.pdf`, 'default', { key: KEYS.carol, name: 'second.pdf' });
      return r.status === 429;
    });
    const again = await h.upload(`${FIX}/acme-policy.pdf`, 'default', { key: KEYS.carol, name: 'second.pdf' });
    expect(again.status).toBe(429);
    expect(again.body.type).toMatch(/too-many-uploads$/);
    expect((await h.upload(`${FIX}/acme-policy.pdf`, 'default', { key: KEYS.bob, name: 'bobs-own.pdf' })).status).toBe(200);
    held.abort();
    expect(await until(async () => (await h.upload(`${FIX}/acme-policy.pdf`, 'default', { key: KEYS.carol, name: 'second.pdf' })).status === 200)).toBe(true);
  });

  it("a same-named upload by another member is 409 and leaves the owner's document; an admin's replaces it; deleting it deletes its upload", async () => {
    const own = await h.upload(`${FIX}/acme-policy.pdf`, 'default', { key: KEYS.bob, name: 'team-handbook.pdf' });
    expect(own.status).toBe(200);
    const other = await h.upload(`${FIX}/injection.pdf`, 'default', { key: KEYS.carol, name: 'team-handbook.pdf' });
    expect(other.status).toBe(409);
    expect(other.body.type).toMatch(/document-name-taken$/);
    const docs = async () => (await h.json('GET', '/documents?namespace=default', { key: KEYS.admin })).body.documents.filter((d: { fileName: string }) => d.fileName === 'team-handbook.pdf');
    expect((await docs()).map((d: { createdBy: string }) => d.createdBy)).toEqual(['bob']);
    const byAdmin = await h.upload(`${FIX}/injection.pdf`, 'default', { key: KEYS.admin, name: 'team-handbook.pdf' });
    expect(byAdmin.status).toBe(200);
    const after = await docs();
    expect(after.map((d: { createdBy: string }) => d.createdBy)).toEqual(['root']);
    const key = after[0].contentHash as string;
    const stored = async () => (await h.db.query(`select 1 from uploads where key = $1`, [key])).rows.length;
    expect(await stored()).toBe(1);
    expect((await h.request('DELETE', `/documents/${after[0].id}`, { key: KEYS.admin })).status).toBe(204);
    expect(await stored()).toBe(0);
  });
});
