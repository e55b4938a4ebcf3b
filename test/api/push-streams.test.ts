/**
 * Streams by push (adapters/notices.ts): an open stream on a paused turn reads nothing while nothing
 * changes; progress reaches it as the workflow announces it, without a read per event; a terminated
 * turn's stream still ends (the closed sweep); and across processes the notices travel over
 * PostgreSQL's LISTEN/NOTIFY, surviving a dropped listener connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openPostgres, type Db } from '../../adapters/db.js';
import { listenForNotices, notifyThrough, NoticeBus, type Notice } from '../../adapters/notices.js';
import { createHarness, KEYS, readSse, type Harness } from '../support/harness.js';
import { createTempDatabase, postgresAvailable } from '../support/postgres.js';
import { agentOf, call, isOrchestrator, text, toolResults, type ChatRequestBody, type ScriptedReply } from '../support/scripted-llm.js';
import { booker, futureSlot } from '../support/world.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ responder: booker(futureSlot(61, 9)), env: { APPROVAL_TIMEOUT: '10m', SSE_CLOSED_SWEEP_MS: '1000' } });
});
afterAll(async () => h?.close());

/** How often streams read the log (a workflow query or the saved turn), from the API's /metrics. */
async function logReads(): Promise<number> {
  const res = await h.request('GET', '/metrics', { key: KEYS.admin });
  const line = (await res.text()).split('\n').find((l) => l.startsWith('copilot_sse_log_reads_total'));
  return Number(line?.split(' ').at(-1) ?? NaN);
}
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

describe('an open stream on a paused turn', () => {
  it('reads nothing while nothing changes, then gets the decision and the end pushed', async () => {
    h.llm.respond(booker(futureSlot(61, 9)));
    const q = await h.json('POST', '/query', { body: { question: 'Book room 3 for Sarah' } });
    expect(q.body.status).toBe('awaiting_approval');
    const res = await h.request('GET', `/turns/${q.body.turnId}/events`);
    const seen: string[] = [];
    const reading = readSse(res, Infinity, { onMessage: (m) => seen.push(m.type) });
    for (let i = 0; i < 100 && !seen.includes('approval.required'); i++) await sleep(50);
    expect(seen).toContain('approval.required');
    const before = await logReads();
    await sleep(3000);
    expect(await logReads(), 'reads while the turn waited').toBe(before);
    const [a] = q.body.pendingApprovals;
    const decided = await h.json('POST', `/turns/${q.body.turnId}/approvals/${a.approvalId}`, { key: KEYS.bob, body: { decision: 'approve' } });
    expect(decided.status).toBe(200);
    const events = await reading;
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['approval.resolved', 'turn.completed']));
    expect(events.at(-1)!.type).toBe('turn.completed');
    // Ids follow on without a gap or a repeat, whether pushed or read.
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i));
    // The decision's save and the end are announced without content: a few reads, not one per 100 ms.
    expect((await logReads()) - before).toBeLessThanOrEqual(4);
  });

  it('a terminated turn\'s stream ends though no event says so', async () => {
    h.llm.respond(booker(futureSlot(62, 9)));
    const q = await h.json('POST', '/query', { body: { question: 'Book room 3 for Sarah' } });
    const reading = readSse(await h.request('GET', `/turns/${q.body.turnId}/events`));
    await sleep(300);
    await h.client.workflow.getHandle(`turn-${q.body.turnId}`).terminate('operator stopped it');
    const events = await Promise.race([reading, sleep(10_000).then(() => null)]);
    expect(events, 'the stream did not end').not.toBeNull();
    expect(events!.at(-1)).toMatchObject({ type: 'turn.failed' });
  });
  it('a turn terminated while a model call runs: its stream ends on turn.failed after the events it wrote, and the saved turn keeps them', async () => {
    // The worker holds the terminated run's task until the model call ends, so no query answers for its
    // log: the rebuilt log is what this API saw pushed, and its end follows on from what the stream wrote.
    let release!: () => void;
    const held = new Promise<void>((ok) => (release = ok));
    h.llm.respond(async (req: ChatRequestBody): Promise<ScriptedReply> => {
      if (isOrchestrator(req)) return toolResults(req).length === 0 ? call('knowledge_base_agent', { request: 'client meals policy' }) : text('Nothing on that.');
      await held;
      return text('Nothing found.');
    });
    try {
      const res = await h.request('POST', '/query-agent', { body: { question: 'What does the policy say about client meals?' } });
      const seen: { type: string; data?: any }[] = [];
      const reading = readSse(res, Infinity, { onMessage: (m) => seen.push(m) });
      for (let i = 0; i < 100 && !seen.some((e) => e.type === 'agent.started'); i++) await sleep(50);
      const turnId: string | undefined = seen.find((e) => e.type === 'turn.started')?.data?.turnId;
      expect(turnId, 'the turn started').toBeTruthy();
      await h.client.workflow.getHandle(`turn-${turnId}`).terminate('operator stopped it');
      const events = await Promise.race([reading, sleep(20_000).then(() => null)]);
      expect(events, 'the stream did not end').not.toBeNull();
      expect(events!.map((e) => e.type)).toEqual(['turn.started', 'orchestrator.decision', 'agent.started', 'turn.failed']);
      expect(events!.map((e) => e.id)).toEqual([0, 1, 2, 3]);
      const view = await h.json('GET', `/turns/${turnId}`);
      expect(view.body.status).toBe('failed');
      expect(view.body.answer).toMatch(/terminated before it finished/);
      // A stream resumed from the middle gets the rest, ending on the same terminal event.
      const resumed = await readSse(await h.request('GET', `/turns/${turnId}/events`, { headers: { 'Last-Event-ID': '1' } }));
      expect(resumed.map((e) => [e.id, e.type])).toEqual([[2, 'agent.started'], [3, 'turn.failed']]);
    } finally {
      release();
      h.llm.respond(booker(futureSlot(61, 9)));
    }
  });
});

describe('progress while a turn runs', () => {
  it('arrives event by event with far fewer reads than events', async () => {
    // Three knowledge-base hops, every model call taking 150 ms: events spread over about two seconds.
    h.llm.respond((req: ChatRequestBody): ScriptedReply => {
      if (isOrchestrator(req)) {
        const done = req.messages.filter((m) => m.role === 'tool').length;
        return { ...(done < 2 ? call('knowledge_base_agent', { request: `policy question ${done + 1}` }) : text('Client meals: 60 EUR.')), delayMs: 150 };
      }
      if (agentOf(req) === 'knowledge_base_agent') return { ...(toolResults(req).length === 0 ? call('search_knowledge_base', { query: 'client meals' }) : text('Nothing found on that.')), delayMs: 150 };
      return text('?');
    });
    const before = await logReads();
    const res = await h.request('POST', '/query-agent', { body: { question: 'What does the policy say about client meals?' } });
    const arrivals: number[] = [];
    const events = await readSse(res, Infinity, { onMessage: () => arrivals.push(Date.now()) });
    expect(events.at(-1)!.type).toBe('turn.completed');
    expect(events.length).toBeGreaterThanOrEqual(8);
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i));
    // Spread out as they happened, not in one batch at the end.
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(600);
    const reads = (await logReads()) - before;
    expect(reads).toBeLessThanOrEqual(3);
    expect(reads).toBeLessThan(events.length / 2);
  });
});

describe('notices across processes (PostgreSQL LISTEN/NOTIFY)', async () => {
  const available = await postgresAvailable({ quiet: true });
  it.skipIf(!available)('reach another process\'s bus, with content when small, and survive a dropped listener', async () => {
    const tmp = await createTempDatabase();
    let db: Db | null = null;
    let listener: { close(): Promise<void> } | null = null;
    try {
      db = await openPostgres(tmp.url);
      const workerBus = new NoticeBus();
      const apiBus = new NoticeBus();
      const warnings: string[] = [];
      notifyThrough(db, { warn: (_o, m) => warnings.push(m) }, workerBus);
      listener = await listenForNotices(tmp.url, apiBus, { warn: (_o, m) => warnings.push(m) });
      const sub = apiBus.subscribe('turn-x');
      const next = async (): Promise<Notice[]> => {
        expect(await sub.wait(5000), 'a notice within 5 s').toBe(true);
        return sub.take();
      };
      const event = { offset: 3, type: 'agent.started', at: new Date().toISOString(), data: { agent: 'knowledge_base_agent' } };
      workerBus.publish({ workflowId: 'turn-x', last: 3, events: [event] });
      expect(await next()).toMatchObject([{ workflowId: 'turn-x', last: 3, events: [event] }]);
      // Too large for NOTIFY: it travels without the events, and the reader reads the log.
      workerBus.publish({ workflowId: 'turn-x', last: 4, events: [{ ...event, offset: 4, data: { text: 'x'.repeat(20_000) } }] });
      const [big] = await next();
      expect(big).toMatchObject({ workflowId: 'turn-x', last: 4 });
      expect(big!.events).toBeUndefined();
      // Other workflows' notices do not wake this reader.
      workerBus.publish({ workflowId: 'turn-y', last: 0 });
      expect(await sub.wait(300)).toBe(false);
      // The listener's connection is cut: it reconnects and wakes every reader (notices in between are lost).
      const admin = new pg.Client({ connectionString: tmp.url });
      await admin.connect();
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`);
      await admin.end();
      expect(await sub.wait(10_000), 'woken after the reconnect').toBe(true);
      expect(sub.take()).toEqual([]);
      workerBus.publish({ workflowId: 'turn-x', last: 5 });
      expect(await next()).toMatchObject([{ workflowId: 'turn-x', last: 5 }]);
      expect(warnings).toContain('notice listener lost its connection; reconnecting');
      sub.close();
      expect(apiBus.watched).toBe(0);
    } finally {
      await listener?.close();
      await db?.close();
      await tmp.drop();
    }
  });
});
