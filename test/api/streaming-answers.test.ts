/**
 * Answers that stream (issue 19): the orchestrator's answer reaches an SSE client as `answer.delta`
 * drafts while the model writes it (side channel, not history), then `turn.completed` carries the
 * checked answer. A draft the checks changed, a retried model call and a draft that claims a change are
 * reset once; a reconnecting client gets the durable events and the draft so far; a turn that attempted
 * a write streams no answer before its outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, KEYS, readSse, type Harness, type SseMessage } from '../support/harness.js';
import { sample, scrapeMetrics } from '../support/metrics.js';
import { answerToVerify, isOrchestrator, streamedText, text, toolResults, wordPieces, type ChatRequestBody, type Responder, type ScriptedReply } from '../support/scripted-llm.js';
import { agents, booker, futureSlot, seedPolicy } from '../support/world.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { APPROVAL_TIMEOUT: '10m' } });
  await seedPolicy(h.db, h.runtime.deps.knowledge);
});
afterAll(async () => h?.close());

const ANSWER = 'Client meals are reimbursed up to 60 EUR per person when a client attends (policy.pdf p.1). Alcohol is not reimbursed.';

/** The knowledge-base agent answers from the seeded policy; the orchestrator's final answer is `final(req, n)`. */
function kbTurn(final: (req: ChatRequestBody, n: number) => ScriptedReply): Responder {
  let finals = 0;
  return (req) => {
    if (!isOrchestrator(req)) return agents(req);
    if (toolResults(req).length === 0) return { content: null, toolCalls: [{ name: 'knowledge_base_agent', arguments: { request: 'What does the expense policy say about client meals?' } }] };
    return final(req, finals++);
  };
}

/** The draft a client holds after applying the draft events in order (each delta at its `from`). */
function applyDrafts(events: SseMessage[]): { text: string; resets: number; ids: string[] } {
  let text = '';
  let resets = 0;
  const ids: string[] = [];
  for (const e of events) {
    if (e.type === 'answer.delta') {
      if (!ids.includes(e.data.draftId)) ids.push(e.data.draftId);
      expect(e.data.from, 'a delta starts where the draft ends or earlier').toBeLessThanOrEqual(text.length);
      text = text.slice(0, e.data.from) + e.data.text;
    } else if (e.type === 'answer.reset') {
      resets += 1;
      text = '';
    }
  }
  return { text, resets, ids };
}

async function streamQuestion(question: string, opts: { stopAfterFirstDelta?: boolean } = {}) {
  const res = await h.request('POST', '/query-agent', { body: { question } });
  expect(res.status).toBe(200);
  const arrivals: { type: string; at: number }[] = [];
  const events = await readSse(res, Infinity, {
    drafts: true,
    onMessage: (m) => arrivals.push({ type: m.type, at: Date.now() }),
  });
  return { events, arrivals };
}

describe('a turn that only reads', () => {
  it('streams its answer in order, and the final answer equals the draft when no check changed it', async () => {
    const pieces = wordPieces(ANSWER);
    h.llm.respond(kbTurn(() => streamedText(ANSWER, { tokenDelayMs: 40 })));
    const { events, arrivals } = await streamQuestion('What does the expense policy say about client meals?');
    const deltas = events.filter((e) => e.type === 'answer.delta');
    const done = events.at(-1)!;
    expect(done.type).toBe('turn.completed');
    // Several deltas (coalesced a little, never one blob), each following on from the last.
    expect(deltas.length).toBeGreaterThanOrEqual(Math.min(5, pieces.length / 3));
    let at = 0;
    for (const d of deltas) {
      expect(d.data.from).toBe(at);
      at += d.data.text.length;
    }
    const draft = applyDrafts(events);
    expect(draft.resets).toBe(0);
    expect(draft.ids).toHaveLength(1);
    expect(draft.text.trim()).toBe(done.data.answer);
    // The draft came while the model wrote: the first delta well before the end.
    const firstDelta = arrivals.find((a) => a.type === 'answer.delta')!.at;
    const end = arrivals.find((a) => a.type === 'turn.completed')!.at;
    expect(end - firstDelta).toBeGreaterThan(pieces.length * 40 * 0.5);
    // Drafts carry no SSE id: the durable events still count 0, 1, 2, … without a gap.
    const durable = events.filter((e) => !Number.isNaN(e.id));
    expect(durable.map((e) => e.id)).toEqual(durable.map((_, i) => i));
    // History holds the completed text (the decision's result), never the pieces.
    const turnId = durable[0]!.data.turnId as string;
    const history = JSON.stringify(await h.client.workflow.getHandle(`turn-${turnId}`).fetchHistory());
    expect(history).not.toContain('answer.delta');
  });

  it('says so with one reset when a check changed the answer (a citation of a page not retrieved)', async () => {
    const invented = `${ANSWER} See also (travel-guide.pdf p.9).`;
    h.llm.respond(kbTurn(() => streamedText(invented, { tokenDelayMs: 5 })));
    const { events } = await streamQuestion('What does the expense policy say about client meals?');
    const done = events.at(-1)!;
    expect(done.type).toBe('turn.completed');
    expect(done.data.answer).not.toContain('travel-guide.pdf');
    const resetAt = events.findIndex((e) => e.type === 'answer.reset');
    expect(resetAt, 'a reset before the final answer').toBeGreaterThan(-1);
    expect(events.filter((e) => e.type === 'answer.reset')).toHaveLength(1);
    expect(events[resetAt]!.data.reason).toMatch(/checked answer differs/);
    expect(resetAt).toBeLessThan(events.length - 1);
    expect(events.slice(resetAt + 1).some((e) => e.type === 'answer.delta')).toBe(false);
  });

  it('stops showing a draft that claims a change, and resets it; the checked answer follows', async () => {
    const claim = 'Client meals are covered up to 60 EUR (policy.pdf p.1). I have booked Room 3 for your client lunch.';
    // The claim is sent back by the checks; asked again, the model answers without it.
    h.llm.respond(kbTurn((_req, n) => streamedText(n === 0 ? claim : ANSWER, { tokenDelayMs: 5 })));
    const { events } = await streamQuestion('What does the expense policy say about client meals?');
    const deltas = events.filter((e) => e.type === 'answer.delta');
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.map((d) => d.data.text).join('')).not.toMatch(/booked/i);
    const resets = events.filter((e) => e.type === 'answer.reset');
    expect(resets).toHaveLength(1);
    expect(resets[0]!.data.reason).toMatch(/claims a change/);
    const done = events.at(-1)!;
    expect(done.type).toBe('turn.completed');
    expect(done.data.answer).not.toMatch(/I have booked/);
    expect(applyDrafts(events).text.trim()).toBe(done.data.answer);
  });

  it('a model call cut mid-stream is retried: the client sees one reset, then the new draft from its start', async () => {
    h.llm.respond(kbTurn((_req, n) => (n === 0 ? streamedText(ANSWER, { tokenDelayMs: 5, cutAfter: 6 }) : streamedText(ANSWER, { tokenDelayMs: 5 }))));
    const { events } = await streamQuestion('What does the expense policy say about client meals?');
    const draft = applyDrafts(events);
    expect(draft.ids.length).toBe(2);
    expect(draft.resets).toBe(1);
    const resetAt = events.findIndex((e) => e.type === 'answer.reset');
    const after = events.slice(resetAt + 1).filter((e) => e.type === 'answer.delta');
    expect(after[0]!.data.from).toBe(0);
    expect(new Set(after.map((d) => d.data.draftId)).size).toBe(1);
    expect(events.at(-1)!.type).toBe('turn.completed');
    expect(draft.text.trim()).toBe(events.at(-1)!.data.answer);
  });

  it('a client reconnecting with Last-Event-ID mid-draft gets the durable events it missed and the draft so far at once, never twice, with no workflow query', async () => {
    h.llm.respond(kbTurn(() => streamedText(ANSWER, { tokenDelayMs: 80 })));
    const eventQueries = async () => sample(await scrapeMetrics(h, KEYS.admin), 'copilot_workflow_queries_total', 'query="events"');
    const first = await h.request('POST', '/query-agent', { body: { question: 'What does the expense policy say about client meals?' } });
    let deltasSeen = 0;
    const before = await readSse(first, Infinity, { drafts: true, until: (m) => m.type === 'answer.delta' && ++deltasSeen >= 3 });
    const durableBefore = before.filter((e) => !Number.isNaN(e.id));
    const lastId = durableBefore.at(-1)!.id;
    const turnId = durableBefore[0]!.data.turnId as string;
    const draftSoFar = applyDrafts(before).text;
    expect(draftSoFar.length).toBeGreaterThan(0);

    const queriesBefore = await eventQueries();
    // Another user gets nothing of it, recent events included: the turn is not theirs.
    const stranger = await h.request('GET', `/turns/${turnId}/events`, { key: KEYS.bob, headers: { 'Last-Event-ID': '-1' } });
    expect(stranger.status).toBe(404);
    await stranger.body?.cancel();
    const again = await h.request('GET', `/turns/${turnId}/events`, { headers: { 'Last-Event-ID': String(lastId) } });
    const after = await readSse(again, Infinity, { drafts: true });
    const durableAfter = after.filter((e) => !Number.isNaN(e.id));
    // The durable events it missed, from the next offset, none repeated.
    expect(durableAfter[0]!.id).toBe(lastId + 1);
    expect(durableAfter.map((e) => e.id)).toEqual(durableAfter.map((_, i) => lastId + 1 + i));
    // Every event it missed was pushed to this process's bus: the stream starts from those, without the
    // read that would wait for the workflow task in progress (in `all`, the rest of the turn).
    expect(await eventQueries(), 'workflow queries for the events of a running turn').toBe(queriesBefore);
    // So it joins while the answer is still being written: the draft so far, whole from 0, then the rest
    // of it live, and the final answer is that draft finished. No piece without its start, no reset.
    const deltas = after.filter((e) => e.type === 'answer.delta');
    expect(deltas.length, 'the draft so far, then more of it live').toBeGreaterThan(1);
    expect(deltas[0]!.data.from).toBe(0);
    expect(String(deltas[0]!.data.text).startsWith(draftSoFar)).toBe(true);
    const draft = applyDrafts(after);
    expect(draft.resets).toBe(0);
    const final = after.at(-1)!;
    expect(final.type).toBe('turn.completed');
    expect(after.findIndex((e) => e.type === 'answer.delta')).toBeLessThan(after.length - 1);
    expect(draft.text.trim()).toBe(final.data.answer);
  });
});

describe('answers that come whole, once checked', () => {
  // The verifier lists what these answers claim (a booking; a policy fact); the system judges them.
  beforeAll(() =>
    h.llm.verify((req) => {
      const answer = answerToVerify(req);
      const claims = [...answer.matchAll(/[^.]*(?:gehört|tuya)[^.]*\./g)].map((m) => ({ text: m[0].trim(), kind: 'booked', receiptId: null }));
      if (answer.includes('100 EUR')) claims.push({ text: answer, kind: 'policy', receiptId: null });
      return text(JSON.stringify({ claims }));
    }),
  );
  afterAll(() => h.llm.verify(() => text(JSON.stringify({ claims: [] }))));
  const noDrafts = (events: SseMessage[]) => expect(events.filter((e) => e.type.startsWith('answer.')), 'no draft shown').toEqual([]);

  it('a turn that read bookings: what it writes is about bookings, which only the claim check reads, in any language', async () => {
    // A true read first, then a claim of a booking never made, in German: neither is shown as a draft.
    for (const [final, shown] of [
      ['Room 3 is free on 15 January from 14:00 to 15:00.', true],
      ['Alles klar, der Raum gehört am 15. Januar um 14 Uhr dir.', false],
    ] as const) {
      h.llm.respond((req) => {
        if (!isOrchestrator(req)) return agents(req);
        if (toolResults(req).length === 0) return { content: null, toolCalls: [{ name: 'booking_agent', arguments: { request: 'Is room 3 free on 15 January 2-3pm?' } }] };
        return streamedText(final, { tokenDelayMs: 5 });
      });
      const { events } = await streamQuestion('Is room 3 free on 15 January 2-3pm?');
      noDrafts(events);
      const done = events.at(-1)!;
      expect(done.type).toBe('turn.completed');
      if (shown) expect(done.data.answer).toContain(final);
      else expect(done.data.answer).not.toContain('gehört');
    }
  });

  it('an answer written before any agent ran: it rests on nothing the turn found', async () => {
    h.llm.respond((req) => (isOrchestrator(req) ? streamedText('Client meals are reimbursed up to 100 EUR per person.', { tokenDelayMs: 5 }) : agents(req)));
    const { events } = await streamQuestion('What does the expense policy say about client meals?');
    noDrafts(events);
    const done = events.at(-1)!;
    expect(done.type).toBe('turn.completed');
    expect(done.data.answer).not.toContain('100 EUR');
  });

  it('an answer from documents whose draft states a figure the page retrieved does not stops before it', async () => {
    const invented = 'Client meals are reimbursed up to 100 EUR per person (policy.pdf p.1).';
    h.llm.respond(kbTurn((_req, n) => streamedText(n === 0 ? invented : ANSWER, { tokenDelayMs: 5 })));
    const { events } = await streamQuestion('What does the expense policy say about client meals?');
    const deltas = events.filter((e) => e.type === 'answer.delta');
    // The first draft shows the start of the sentence (as much as was sent before the figure), never the figure.
    const first = deltas.filter((d) => d.data.draftId === deltas[0]!.data.draftId).map((d) => d.data.text).join('');
    expect(first.length).toBeGreaterThan(0);
    expect('Client meals are reimbursed up to '.startsWith(first)).toBe(true);
    expect(deltas.map((d) => d.data.text).join(''), 'the invented figure never shown').not.toContain('100');
    expect(events.filter((e) => e.type === 'answer.reset')[0]!.data.reason).toMatch(/states a figure the documents retrieved do not/);
    const done = events.at(-1)!;
    expect(done.type).toBe('turn.completed');
    expect(done.data.answer).toBe(ANSWER);
  });

  it('an answer from documents whose draft turns to a room or a booking, in another language, stops there', async () => {
    const claim = 'Las comidas con clientes se reembolsan hasta 60 EUR por persona (policy.pdf p.1). Listo, la sala 3 ya es tuya el viernes.';
    h.llm.respond(kbTurn((_req, n) => streamedText(n === 0 ? claim : ANSWER, { tokenDelayMs: 5 })));
    const { events } = await streamQuestion('¿Qué dice la política sobre las comidas con clientes?');
    const deltas = events.filter((e) => e.type === 'answer.delta');
    expect(deltas.length, 'the policy part streamed').toBeGreaterThan(0);
    expect(deltas.map((d) => d.data.text).join('')).not.toMatch(/sala|tuya/);
    expect(events.filter((e) => e.type === 'answer.reset')[0]!.data.reason).toMatch(/rooms or bookings/);
    const done = events.at(-1)!;
    expect(done.type).toBe('turn.completed');
    expect(done.data.answer).not.toMatch(/tuya/);
  });
});

describe('a turn that attempted a write', () => {
  it('streams no answer before the outcome: the answer comes with the terminal event, after the decision', async () => {
    h.llm.respond(booker(futureSlot(71, 10)));
    const q = await h.json('POST', '/query', { body: { question: 'Book room 3 for Sarah' } });
    expect(q.body.status).toBe('awaiting_approval');
    const reading = readSse(await h.request('GET', `/turns/${q.body.turnId}/events`), Infinity, { drafts: true });
    const [a] = q.body.pendingApprovals;
    expect((await h.json('POST', `/turns/${q.body.turnId}/approvals/${a.approvalId}`, { key: KEYS.bob, body: { decision: 'approve' } })).status).toBe(200);
    const events = await reading;
    expect(events.filter((e) => e.type.startsWith('answer.'))).toEqual([]);
    const types = events.map((e) => e.type);
    expect(types.indexOf('approval.resolved')).toBeLessThan(types.indexOf('turn.completed'));
  });
});
