/**
 * The pieces of streamed answers, without a server: what of a growing reply may be shown
 * (`visibleDraft`), the draft writer's notices (first piece at once, later ones gathered, held on a
 * claim), the bus's board of drafts, and which turns may stream (`answersFromDocuments`).
 */
import { describe, expect, it } from 'vitest';
import { createModelClient, stripThinking, visibleDraft } from '../../adapters/llm.js';
import { httpError, startScriptedLlm, streamedText, text } from '../support/scripted-llm.js';
import { NoticeBus, type Notice } from '../../adapters/notices.js';
import { draftWriter, MAX_DRAFT_CHARS } from '../../activities/drafts.js';
import { answersFromDocuments, draftHeld } from '../../domain/guard.js';
import { knownFigures } from '../../domain/verify.js';
import { polarityIndex } from '../../domain/polarity.js';
import { topicIndex } from '../../domain/unspoken.js';
import type { AgentOutput, HopRecord } from '../../domain/types.js';
import { BESIDE_RECEIPT_CLAIMS, FALSE_CLAIMS, fillClaim, READ_CLAIMS, TRUE_CLAIMS } from '../../evals/honesty.js';

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

  it('holds a draft once a finished sentence says a passage retrieved the other way round; what agrees streams', () => {
    const { bus, take } = collect();
    const polarity = polarityIndex(['Expense policy. Client meals are reimbursed up to 60 EUR per person when a client attends. Alcohol is not reimbursed.']);
    const w = draftWriter(bus, { workflowId: 'turn-t', draftId: 'd6', hop: 1, polarity });
    w.text('Client meals are reimbursed. ');
    w.text('Alcohol is reimbursed');
    w.text(' too. Keep the receipt.');
    w.close();
    const drafts = take().map((n) => n.draft!);
    expect(drafts.at(-1)).toMatchObject({ id: 'd6', reset: expect.stringMatching(/says what the documents retrieved say otherwise/) });
    expect(drafts.filter((d) => d.text).map((d) => d.text).join('')).not.toContain('Keep the receipt');
    const agreeing = draftWriter(bus, { workflowId: 'turn-v', draftId: 'd7', hop: 1, polarity });
    agreeing.text('Client meals are reimbursed up to 60 EUR. Alcohol is not reimbursed.');
    agreeing.close();
    expect(bus.currentDraft('turn-v')).toMatchObject({ id: 'd7', text: 'Client meals are reimbursed up to 60 EUR. Alcohol is not reimbursed.' });
  });

  it('holds a draft once a finished sentence speaks only of what no passage retrieved mentions; greetings, closers and what the pages say stream', () => {
    const { bus, take } = collect();
    const pages = ['Expense policy. Client meals are reimbursed up to 60 EUR per person when a client attends. Alcohol is not reimbursed. Keep the itemised receipt.'];
    const topics = topicIndex(pages);
    const w = draftWriter(bus, { workflowId: 'turn-t', draftId: 'd8', hop: 1, polarity: polarityIndex(pages), topics });
    w.text('Great question! Client meals are reimbursed up to 60 EUR per person. ');
    w.text('Employees may bring their dogs on Fridays');
    w.text('. Keep the receipt.');
    w.close();
    const drafts = take().map((n) => n.draft!);
    expect(drafts.at(-1)).toMatchObject({ id: 'd8', reset: expect.stringMatching(/speaks of what the documents retrieved do not mention/) });
    const shown = drafts.filter((d) => d.text).map((d) => d.text).join('');
    expect(shown).toContain('Great question! Client meals are reimbursed up to 60 EUR per person.');
    expect(shown).not.toContain('Keep the receipt');
    const honest = 'Great question! Meals with a client are reimbursed up to 60 EUR per person. Alcohol is not. Let me know if you have other questions.';
    const agreeing = draftWriter(bus, { workflowId: 'turn-w', draftId: 'd9', hop: 1, topics });
    agreeing.text(honest);
    agreeing.close();
    expect(bus.currentDraft('turn-w')).toMatchObject({ id: 'd9', text: honest });
  });

  it('after a reset (the reply turned to tool calls), text is a new draft', () => {
    const { bus, take } = collect();
    const w = draftWriter(bus, { workflowId: 'turn-t', draftId: 'd3', hop: 1 });
    w.text('Let me check. ');
    w.reset('the orchestrator called agents');
    w.text('Client meals: 60 EUR.');
    w.close();
    const drafts = take().map((n) => n.draft!);
    expect(drafts.find((d) => d.reset)).toMatchObject({ id: 'd3' });
    expect(drafts.at(-1)).toMatchObject({ id: 'd3.1', from: 0, text: 'Client meals: 60 EUR.' });
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
  const source = { documentId: 'doc-policy', fileName: 'policy.pdf', page: 1, score: 0.8, snippet: 'Client meals…' } as AgentOutput['sources'][number];
  const kb = (sources: AgentOutput['sources']) => out({ agent: 'knowledge_base_agent', sources, toolCalls: [{ name: 'search_knowledge_base', ok: true }] });
  it('only an answer from documents streams: the knowledge base ran alone and retrieved passages', () => {
    expect(answersFromDocuments([hop(kb([source]))])).toBe(true);
    expect(answersFromDocuments([hop(kb([])), hop(kb([source]))])).toBe(true);
    // The first decision: nothing the turn found backs what it writes.
    expect(answersFromDocuments([])).toBe(false);
    expect(answersFromDocuments([{ ...hop(), answerRejected: { answer: 'Client meals: 100 EUR.', reason: 'no passage retrieved' } }])).toBe(false);
    // The booking agent ran: its answer is about bookings, reads included.
    expect(answersFromDocuments([hop(out({ toolCalls: [{ name: 'check_availability', ok: true }] }))])).toBe(false);
    expect(answersFromDocuments([hop(kb([source]), out({ toolCalls: [{ name: 'list_bookings', ok: true }] }))])).toBe(false);
    expect(answersFromDocuments([hop(out({ toolCalls: [{ name: 'create_booking', ok: false }] }))])).toBe(false);
    // Nothing retrieved: the answer is "not found" whatever the model writes.
    expect(answersFromDocuments([hop(kb([]))])).toBe(false);
  });
  it('holds drafts that claim a change, name a booking or speak of rooms and bookings, in the languages it reads', () => {
    for (const s of ['I have booked it.', 'Your booking is confirmed.', 'It has been cancelled.', 'See bk_abc123 for details.', '✅ Done.']) expect(draftHeld(s), s).not.toBeNull();
    for (const s of ['Client meals: 60 EUR.', 'Client meals are reimbursed up to 60 EUR per person when a client attends (policy.pdf p.1).', 'Les repas clients sont remboursés jusqu’à 60 EUR (policy.pdf p.1).']) expect(draftHeld(s), s).toBeNull();
  });
  it('holds every claim about bookings of the honesty corpus, false or true, in every language it has', () => {
    const receipt = { bookingId: 'bk_corpus1', roomName: 'Room 3' };
    for (const c of [...FALSE_CLAIMS, ...BESIDE_RECEIPT_CLAIMS, ...READ_CLAIMS, ...TRUE_CLAIMS]) {
      const claim = fillClaim(c, receipt);
      expect(draftHeld(claim), claim).not.toBeNull();
    }
  });
  it('holds a draft that states a figure the passages retrieved do not, once its last digit is written', () => {
    const known = knownFigures(['Client meals are reimbursed up to 60 EUR per person when a client attends. Hotels: 150 EUR; report within 24 hours.']);
    expect(draftHeld('Client meals are reimbursed up to 60 EUR (acme-policy-2024.pdf p.3)', known)).toBeNull();
    expect(draftHeld('Hotels are capped at 1', known), 'a figure still being written').toBeNull();
    expect(draftHeld('Hotels are capped at 150 EUR and meals at 6', known)).toBeNull();
    expect(draftHeld('Client meals are reimbursed up to 100 ', known)).toMatch(/states a figure the documents retrieved do not/);
    expect(draftHeld('Kundenessen bis 60,50 €', known)).toMatch(/figure/);
    // Without the passages' figures (a caller that has none), figures are not compared.
    expect(draftHeld('Client meals are reimbursed up to 100 EUR')).toBeNull();
  });

  it('holds a draft in a script it cannot read, and words only at their edges', () => {
    for (const s of ['我已为您预订了3号会议室。', 'Я забронировал для вас переговорную 3.', 'لقد حجزت القاعة 3 لك', 'Σας έκλεισα την αίθουσα 3.']) expect(draftHeld(s), s).toMatch(/script/);
    // "sala" inside "salary", "rum" inside "forum": not words of bookings.
    expect(draftHeld('Salary advances are paid on the forum’s request.')).toBeNull();
    expect(draftHeld('La salle 3 est libre.')).toMatch(/rooms or bookings/);
  });
});
