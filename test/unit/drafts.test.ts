/**
 * The pieces of streamed answers, without a server: what of a growing reply may be shown
 * (`visibleDraft`), the draft writer's notices (first piece at once, later ones gathered, held on a
 * claim), the bus's board of drafts, and which turns may stream (`answerMayStream`).
 */
import { describe, expect, it } from 'vitest';
import { createModelClient, stripThinking, visibleDraft } from '../../adapters/llm.js';
import { httpError, startScriptedLlm, streamedText, text } from '../support/scripted-llm.js';
import { NoticeBus, type Notice } from '../../adapters/notices.js';
import { draftWriter, MAX_DRAFT_CHARS } from '../../activities/drafts.js';
import { answerMayStream, draftHeld } from '../../domain/guard.js';
import type { AgentOutput, HopRecord } from '../../domain/types.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('visibleDraft', () => {
  const replies = [
    'Client meals are reimbursed up to 60 EUR.',
    '<think>the user wants the meal policy</think>\n\nClient meals: 60 EUR per person.',
    'Before <think>hidden</think>after, and a < sign, and <b>bold</b>.',
    '   leading spaces then text',
    '<think>never closed, nothing shows',
    'Ends with a partial tag <thi',
  ];
  it('only grows by appending as the reply grows, and ends as the completed reply shows (up to trailing space)', () => {
    for (const reply of replies) {
      let shown = '';
      for (let i = 1; i <= reply.length; i++) {
        const v = visibleDraft(reply.slice(0, i));
        expect(v.startsWith(shown), `${JSON.stringify(reply.slice(0, i))}`).toBe(true);
        shown = v;
      }
      const done = stripThinking(reply) ?? '';
      // A trailing "<thi" is held back while the reply may still be opening a tag, and an unclosed
      // <think> hides the rest (the completed reply then differs, and the stream resets the draft).
      if (!reply.endsWith('<thi') && !reply.includes('never closed')) expect(shown.trimEnd()).toBe(done);
      expect(shown).not.toContain('hidden');
      expect(shown).not.toContain('the user wants');
    }
  });
});

describe('draftWriter', () => {
  const collect = () => {
    const bus = new NoticeBus();
    const got: Notice[] = [];
    const sub = bus.subscribe('turn-t', { drafts: true });
    const plain = bus.subscribe('turn-t');
    return { bus, got, sub, plain, take: () => (got.push(...sub.take()), got) };
  };

  it('sends a start, the first piece at once, then gathers pieces; the board holds the whole draft', async () => {
    const { bus, take, plain } = collect();
    const w = draftWriter(bus, { workflowId: 'turn-t', draftId: 'd1', hop: 2, coalesceMs: 30 });
    w.text('Client ');
    expect(take().map((n) => n.draft)).toEqual([{ id: 'd1', hop: 2 }, { id: 'd1', hop: 2, from: 0, text: 'Client ' }]);
    w.text('meals ');
    w.text('are ');
    expect(take()).toHaveLength(2);
    await sleep(60);
    expect(take().at(-1)!.draft).toEqual({ id: 'd1', hop: 2, from: 7, text: 'meals are ' });
    w.text('60 EUR.');
    w.close();
    expect(take().at(-1)!.draft).toEqual({ id: 'd1', hop: 2, from: 17, text: '60 EUR.' });
    expect(bus.currentDraft('turn-t')).toMatchObject({ id: 'd1', text: 'Client meals are 60 EUR.' });
    // Listeners that did not ask for drafts (a waiting POST /query) are never woken by them.
    expect(plain.take()).toEqual([]);
  });

  it('holds a draft that claims a change: a reset, and nothing more of that reply', () => {
    const { bus, take } = collect();
    const w = draftWriter(bus, { workflowId: 'turn-t', draftId: 'd2', hop: 1 });
    w.text('Sure. ');
    w.text('I have booked Room 3 for you.');
    w.text(' Anything else?');
    w.close();
    const drafts = take().map((n) => n.draft!);
    expect(drafts.filter((d) => d.text).map((d) => d.text).join('')).toBe('Sure. ');
    expect(drafts.at(-1)).toMatchObject({ id: 'd2', reset: expect.stringMatching(/claims a change/) });
    expect(bus.currentDraft('turn-t')).toBeNull();
  });

  it('after a reset (the reply turned to tool calls), text is a new draft', () => {
    const { bus, take } = collect();
    const w = draftWriter(bus, { workflowId: 'turn-t', draftId: 'd3', hop: 1 });
    w.text('Let me check. ');
    w.reset('the orchestrator called agents');
    w.text('Room 3 is free.');
    w.close();
    const drafts = take().map((n) => n.draft!);
    expect(drafts.find((d) => d.reset)).toMatchObject({ id: 'd3' });
    expect(drafts.at(-1)).toMatchObject({ id: 'd3.1', from: 0, text: 'Room 3 is free.' });
  });

  it('splits a large piece into notices that fit NOTIFY, and stops growing a draft past its bound', () => {
    const { bus, take } = collect();
    const w = draftWriter(bus, { workflowId: 'turn-t', draftId: 'd4', hop: 1 });
    const big = '😀 policy '.repeat(800); // 8,000 UTF-16 units, with surrogate pairs
    w.text(big);
    w.close();
    const pieces = take().filter((n) => n.draft?.text !== undefined).map((n) => n.draft!);
    expect(pieces.length).toBeGreaterThan(4);
    for (const p of pieces) expect(Buffer.byteLength(JSON.stringify(p))).toBeLessThan(7000);
    expect(pieces.map((p) => p.text).join('')).toBe(big);
    expect(pieces.every((p) => !/^[\uDC00-\uDFFF]/.test(p.text!))).toBe(true);
    const huge = draftWriter(bus, { workflowId: 'turn-u', draftId: 'd5', hop: 1 });
    for (let i = 0; i < 100; i++) huge.text('x'.repeat(1000));
    huge.close();
    expect(bus.currentDraft('turn-u')!.text.length).toBe(MAX_DRAFT_CHARS);
  });

  it('the board never offers a draft it missed a piece of', () => {
    const bus = new NoticeBus();
    bus.deliver({ workflowId: 'turn-x', last: -1, draft: { id: 'a', hop: 1, from: 5, text: 'later' } });
    expect(bus.currentDraft('turn-x')).toBeNull();
    bus.deliver({ workflowId: 'turn-x', last: -1, draft: { id: 'b', hop: 1, from: 0, text: 'whole' } });
    expect(bus.currentDraft('turn-x')).toMatchObject({ id: 'b', text: 'whole' });
  });
});

describe('which answers stream', () => {
  const out = (o: Partial<AgentOutput>): AgentOutput => ({ agent: 'booking_agent', request: 'r', status: 'ok', text: 't', sources: [], receipts: [], entities: [], steps: 1, toolCalls: [], ...o });
  const hop = (...outputs: AgentOutput[]): HopRecord => ({ hop: 1, calls: [], rejected: [], outputs, refused: [] });
  it('a turn that only read streams; one that attempted any write does not; nor one whose knowledge search found nothing', () => {
    expect(answerMayStream([])).toBe(true);
    expect(answerMayStream([hop(out({ toolCalls: [{ name: 'check_availability', ok: true }] }))])).toBe(true);
    expect(answerMayStream([hop(out({ toolCalls: [{ name: 'create_booking', ok: false }] }))])).toBe(false);
    expect(answerMayStream([hop(out({ toolCalls: [{ name: 'list_bookings', ok: true }] })), hop(out({ toolCalls: [{ name: 'cancel_booking', ok: true }] }))])).toBe(false);
    expect(answerMayStream([hop(out({ agent: 'knowledge_base_agent', sources: [] }))])).toBe(false);
  });
  it('holds drafts that claim a change or name a booking, in any phrasing the guard knows', () => {
    for (const s of ['I have booked it.', 'Your booking is confirmed.', 'It has been cancelled.', 'See bk_abc123 for details.']) expect(draftHeld(s), s).not.toBeNull();
    for (const s of ['Room 3 is free at 14:00.', 'Client meals: 60 EUR.']) expect(draftHeld(s), s).toBeNull();
  });
});

describe('a model endpoint that refuses to stream', () => {
  it('is asked again without streaming, once, and not asked to stream after that: the answer comes whole', async () => {
    const llm = await startScriptedLlm((req) => (req.stream ? httpError(400) : text('Client meals: 60 EUR.')));
    try {
      const model = createModelClient({ baseURL: llm.url, apiKey: 'k', model: 'm', variables: 'X', configured: true }, 10_000);
      const pieces: string[] = [];
      for (let i = 0; i < 2; i++) {
        const r = await model.chat({ messages: [{ role: 'user', content: 'meals?' }], onText: (d) => pieces.push(d) });
        expect(r.content).toBe('Client meals: 60 EUR.');
      }
      expect(pieces).toEqual([]);
      expect(llm.requests.map((r) => Boolean(r.stream))).toEqual([true, false, false]);
      // A streaming endpoint streams, and the result is the same completed reply.
      llm.respond(() => streamedText('Room 3 is free at 14:00.'));
      const fresh = createModelClient({ baseURL: llm.url, apiKey: 'k', model: 'm', variables: 'X', configured: true }, 10_000);
      const got: string[] = [];
      const r = await fresh.chat({ messages: [{ role: 'user', content: 'free?' }], onText: (d) => got.push(d) });
      expect(got.join('')).toBe('Room 3 is free at 14:00.');
      expect(r).toMatchObject({ content: 'Room 3 is free at 14:00.', toolCalls: [], usage: { model: 'm' } });
    } finally {
      await llm.close();
    }
  });
});
