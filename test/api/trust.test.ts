/**
 * Who is acting and whose booking it is, end to end over HTTP with the scripted model: "my 10am"
 * resolves to the caller's booking; a member's attempt on someone else's booking is refused before any
 * approval; separation of duties for an approver changing another's booking; the booking's history for
 * those who may see it; undo by the requester within the window; a change approved after the booking
 * moved is a conflict, not a lost update.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, KEYS, readSse, type Harness } from '../support/harness.js';
import { agentOf, answerToVerify, call, firstUser, isOrchestrator, text, toolResults, type ChatRequestBody, type Responder } from '../support/scripted-llm.js';
import { noBookingOfYours, nothingDone } from '../../domain/outcomes.js';
import { OTHERS_BOOKINGS, WHOSE_CLAIMS } from '../../evals/honesty.js';
import { futureSlot } from '../support/world.js';

const UNDO_WINDOW_MS = 4000;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ responder: script, env: { UNDO_WINDOW: `${UNDO_WINDOW_MS}ms` } });
});
afterAll(async () => h?.close());

/**
 * The orchestrator passes the question to the booking agent, then relays its answer. The booking agent
 * reads commands from its request: "cancel my HH:00" (list_bookings mine, then cancel the one starting
 * then), "cancel <id>", "rename <id> to <title>", "move <id> to <start> <end>"; then reports the tool
 * result's status word for word.
 */
function script(req: ChatRequestBody): ReturnType<Responder> {
  if (isOrchestrator(req)) {
    const outputs = req.messages.filter((m) => m.role === 'tool');
    if (outputs.length) return text(JSON.parse(outputs.at(-1)!.content ?? '{}').text ?? '');
    const q = (req.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '').split('User: ').at(-1)!;
    return call('booking_agent', { request: q });
  }
  if (agentOf(req) !== 'booking_agent') return text('?');
  const ask = firstUser(req).split('\n')[0]!;
  const results = toolResults(req).map((r) => JSON.parse(r));
  const last = results.at(-1);
  const mine = /^cancel my (\d\d):00/.exec(ask);
  if (mine && results.length === 0) return call('list_bookings', { mine: true });
  if (mine && results.length === 1) {
    const b = (last.bookings as { id: string; startsAt: string }[]).find((x) => x.startsAt.slice(11, 13) === mine[1]);
    return b ? call('cancel_booking', { bookingId: b.id }) : text(`No booking of yours at ${mine[1]}:00.`);
  }
  if (results.length === 0) {
    let m;
    if ((m = /^cancel (\S+)/.exec(ask))) return call('cancel_booking', { bookingId: m[1] });
    if ((m = /^rename (\S+) to (.+)$/.exec(ask))) return call('update_booking', { bookingId: m[1], title: m[2] });
    if ((m = /^move (\S+) to (\S+) (\S+)$/.exec(ask))) return call('update_booking', { bookingId: m[1], start: m[2], end: m[3] });
    return text('?');
  }
  if (last.status === 'committed') return text(`Done (receipt ${last.receipt.bookingId}).`);
  if (last.status === 'refused') return text(`Refused: ${last.error}`);
  if (last.status === 'conflict') return text(`Not changed: ${last.message}`);
  return text(`Not done: ${last.status}${last.error ? ` (${last.error})` : ''}.`);
}

let seq = 0;
/** A confirmed booking requested by (and for) `userId`, written straight to the store. */
async function seedBooking(userId: string, hour: number, room = 'room-2', bookedFor = userId) {
  const slot = futureSlot(60 + seq++, hour);
  const r = await h.runtime.deps.bookings.createBooking({
    bookingId: `bk_seed_${userId}_${seq}`,
    roomId: room,
    startsAt: slot.start,
    endsAt: slot.end,
    bookedFor,
    requestedBy: userId,
    approvedBy: userId,
    title: 'Standup',
    idempotencyKey: `seed-${userId}-${seq}`,
  });
  if (r.outcome !== 'committed') throw new Error(JSON.stringify(r));
  return { id: r.booking.id, slot };
}
const ask = (key: string, question: string) => h.json('POST', '/query', { key, body: { question } });
const decide = (key: string, turnId: string, approvalId: string, decision = 'approve') => h.json('POST', `/turns/${turnId}/approvals/${approvalId}`, { key, body: { decision } });
const finished = async (key: string, turnId: string) => {
  const events = await readSse(await h.request('GET', `/turns/${turnId}/events`, { key }));
  expect(events.at(-1)!.type).toBe('turn.completed');
  return (await h.json('GET', `/turns/${turnId}`, { key })).body;
};
const bookingRow = async (id: string) => (await h.runtime.deps.bookings.getBooking(id))!;

describe('identity in the turn', () => {
  it('"cancel my 10am" finds the caller\'s booking, not a colleague\'s at the same hour, and the agent is told who "me" is', async () => {
    const mine = await seedBooking('alice', 10);
    const carols = await seedBooking('carol', 10, 'room-3');
    const before = h.llm.requests.length;
    const q = await ask(KEYS.alice, 'cancel my 10:00 meeting');
    expect(q.status).toBe(200);
    expect(q.body.status).toBe('awaiting_approval');
    const [pending] = q.body.pendingApprovals;
    expect(pending.details).toMatchObject({ action: 'cancel', bookingId: mine.id, owner: { requesterOwns: true }, approvers: { requester: true } });
    // What the models were told, and what list_bookings returned: only alice's bookings.
    const sent = h.llm.requests.slice(before);
    expect(sent.find(isOrchestrator)!.messages[1]!.content).toContain('The user is alice (user id alice)');
    const agentReq = sent.filter((r) => agentOf(r) === 'booking_agent').at(-1)!;
    expect(agentReq.messages[0]!.content).toMatch(/You act for alice \(user id alice, role member\)/);
    const listed = JSON.parse(toolResults(agentReq)[0]!);
    expect(listed.bookings.map((b: { id: string }) => b.id)).toContain(mine.id);
    expect(listed.bookings.map((b: { id: string }) => b.id)).not.toContain(carols.id);
    expect(listed.bookings.every((b: { mine: boolean }) => b.mine)).toBe(true);
    const ok = await decide(KEYS.alice, q.body.turnId, pending.approvalId);
    expect(ok.body.approval.outcome).toMatchObject({ outcome: 'committed', receipt: { kind: 'booking.cancelled', bookingId: mine.id } });
    expect(await bookingRow(carols.id)).toMatchObject({ status: 'confirmed' });
    expect(await bookingRow(mine.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'alice', approvedBy: 'alice' });
  });

  it("a member's list shows no ids of other people's bookings", async () => {
    const bobs = await seedBooking('bob', 11);
    h.llm.respond((req) => {
      if (isOrchestrator(req)) return script(req);
      return toolResults(req).length === 0 ? call('list_bookings', { room: 'Room 2' }) : text(toolResults(req)[0]!);
    });
    try {
      const q = await ask(KEYS.carol, 'what is booked in room 2?');
      const listed = JSON.parse(q.body.answer).bookings as Record<string, unknown>[];
      const shown = listed.find((b) => b.bookedFor === 'bob')!;
      expect(shown).toMatchObject({ roomName: 'Room 2', mine: false });
      expect(shown).not.toHaveProperty('id');
      expect(JSON.stringify(listed)).not.toContain(bobs.id);
      const asApprover = await ask(KEYS.bob, 'what is booked in room 2?');
      expect(JSON.stringify(JSON.parse(asApprover.body.answer).bookings)).toContain(bobs.id);
    } finally {
      h.llm.respond(script);
    }
  });
});

describe('whose booking an answer says it is', () => {
  /**
   * The booking agent lists the bookings of Room 2 on the day the question names (as "#YYYY-MM-DD"), or,
   * asked for "my" bookings, the caller's own; the orchestrator answers "You have Room 2 at HH:00" (the
   * first booking listed, whoever's it is) and insists when sent back. The verifier lists that as a claim
   * that a booking of the asker's exists.
   */
  const claimsTheirs = (req: ChatRequestBody): ReturnType<Responder> => {
    if (isOrchestrator(req)) {
      const outputs = req.messages.filter((m) => m.role === 'tool');
      const q = (req.messages.find((m) => m.role === 'user')?.content ?? '').split('User: ').at(-1)!;
      if (!outputs.length) return call('booking_agent', { request: q });
      const hour = /(\d\d):00/.exec(JSON.parse(outputs[0]!.content ?? '{}').text ?? '')?.[1];
      const corpus = /#case:([\w-]+)/.exec(q)?.[1];
      if (corpus) return text([...WHOSE_CLAIMS, ...OTHERS_BOOKINGS].find((c) => c.id === corpus)!.text);
      return text(/^Was/.test(q) ? `Du hast Raum 2 um ${hour}:00.` : `You have Room 2 at ${hour}:00 that day.`);
    }
    const ask = firstUser(req).split('\n')[0]!;
    const day = /#(\d{4}-\d\d-\d\d)/.exec(ask)![1]!;
    const range = { from: `${day}T00:00:00Z`, to: `${day}T23:59:00Z` };
    if (toolResults(req).length === 0) return call('list_bookings', /\bmy\b/.test(ask) ? { mine: true, ...range } : { room: 'Room 2', ...range });
    const listed = JSON.parse(toolResults(req)[0]!).bookings as { startsAt: string; bookedFor: string }[];
    return text(listed.map((b) => `${b.startsAt.slice(11, 16)} for ${b.bookedFor}`).join('; ') || 'nothing');
  };
  beforeAll(() => {
    h.llm.respond(claimsTheirs);
    h.llm.verify((req) => {
      const answer = answerToVerify(req);
      const whose = /You have|Du hast/.test(answer) || WHOSE_CLAIMS.some((c) => c.text === answer) ? 'asker' : OTHERS_BOOKINGS.some((c) => c.text === answer) ? 'other' : null;
      return text(JSON.stringify({ claims: whose ? [{ text: answer, kind: 'exists', receiptId: null, whose }] : [] }));
    });
  });
  afterAll(() => {
    h.llm.respond(script);
    h.llm.verify(() => text(JSON.stringify({ claims: [] })));
  });
  const dayOf = (slot: { start: string }) => slot.start.slice(0, 10);
  const turnOf = async (key: string, question: string) => {
    const q = await ask(key, question);
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    return q.body.status === 'completed' ? q.body : finished(key, q.body.turnId);
  };
  const guardOf = async (key: string, turnId: string) => ((await readSse(await h.request('GET', `/turns/${turnId}/events`, { key }))).at(-1)!.data as { guard: string[] }).guard.join(' ');

  it("a member told that someone else's booking is theirs: held back, sent back once, then told none of the bookings read is theirs, in their language", async () => {
    const bobs = await seedBooking('bob', 9);
    for (const [question, lang] of [[`Was habe ich in Raum 2 am #${dayOf(bobs.slot)}?`, 'de'], [`What do I have in room 2 on #${dayOf(bobs.slot)}?`, 'en']] as const) {
      const turn = await turnOf(KEYS.carol, question);
      expect(turn.answer).toBe(noBookingOfYours(lang));
      expect(turn.answer).not.toMatch(/You have|Du hast/);
      expect(turn.decisions.filter((d: { type: string }) => d.type === 'return_to_user')).toHaveLength(2);
      expect(await guardOf(KEYS.carol, turn.turnId)).toMatch(/says a booking is the user's own, but no booking of theirs was read/);
    }
  });

  it('an admin, who sees everyone\'s bookings with their ids, is not told a colleague\'s booking is theirs either', async () => {
    const bobs = await seedBooking('bob', 14);
    const turn = await turnOf(KEYS.admin, `What do I have in room 2 on #${dayOf(bobs.slot)}?`);
    expect(turn.answer).toBe(noBookingOfYours('en'));
  });

  it(`the honesty corpus: 0 of ${WHOSE_CLAIMS.length} claims that a colleague's booking is the user's reach them (${new Set(WHOSE_CLAIMS.map((c) => c.lang)).size} languages); ${OTHERS_BOOKINGS.length} answers relaying it as the colleague's reach them as written`, async () => {
    const bobs = await seedBooking('bob', 9);
    const reached: string[] = [];
    const altered: string[] = [];
    await Promise.all(
      [...WHOSE_CLAIMS, ...OTHERS_BOOKINGS].map(async (c) => {
        const turn = await turnOf(KEYS.carol, `What do I have in room 2 on #${dayOf(bobs.slot)}? #case:${c.id}`);
        const claim = WHOSE_CLAIMS.includes(c);
        if (claim && turn.answer !== noBookingOfYours('en')) reached.push(`${c.id}: ${turn.answer}`);
        if (!claim && turn.answer !== c.text) altered.push(`${c.id}: ${turn.answer}`);
      }),
    );
    expect(reached).toEqual([]);
    expect(altered).toEqual([]);
  });

  it("the caller's own booking, read, backs the claim: the answer reaches them as written", async () => {
    const carols = await seedBooking('carol', 16);
    for (const question of [`What do I have in room 2 on #${dayOf(carols.slot)}?`, `What are my bookings on #${dayOf(carols.slot)}?`]) {
      const turn = await turnOf(KEYS.carol, question);
      expect(turn.answer).toBe('You have Room 2 at 16:00 that day.');
    }
  });

  it('a booking the caller asked for someone else, read in a listing that marks it theirs: "you have" it stands (whose-booking, holders-named)', async () => {
    const forSarah = await seedBooking('carol', 11, 'room-2', 'Sarah');
    const turn = await turnOf(KEYS.carol, `What do I have in room 2 on #${dayOf(forSarah.slot)}?`);
    expect(turn.answer).toBe('You have Room 2 at 11:00 that day.');
  });
});

describe("whose booking a write claim says it was", () => {
  // Bob (an approver) cancels Alice's booking; the orchestrator reports it as his own ("#mine") or as hers.
  const reports = (req: ChatRequestBody): ReturnType<Responder> => {
    if (!isOrchestrator(req)) return script(req);
    const outputs = req.messages.filter((m) => m.role === 'tool');
    const q = (req.messages.find((m) => m.role === 'user')?.content ?? '').split('User: ').at(-1)!;
    if (!outputs.length) return call('booking_agent', { request: q.replace(/ #\w+$/, '') });
    const receipt = /receipt (bk_\w+)/.exec(JSON.parse(outputs[0]!.content ?? '{}').text ?? '')?.[1];
    return text(q.endsWith('#mine') ? `I cancelled your booking (receipt ${receipt}).` : `I cancelled Alice's booking (receipt ${receipt}).`);
  };
  beforeAll(() => {
    h.llm.respond(reports);
    h.llm.verify((req) => {
      const answer = answerToVerify(req);
      const receiptId = /bk_\w+/.exec(answer)?.[0] ?? null;
      return text(JSON.stringify({ claims: [{ text: answer, kind: 'cancelled', receiptId, whose: /your booking/.test(answer) ? 'asker' : 'other' }] }));
    });
  });
  afterAll(() => {
    h.llm.respond(script);
    h.llm.verify(() => text(JSON.stringify({ claims: [] })));
  });

  it("an approver who cancelled a colleague's booking is not told it was his: the outcome block alone states it; told it was hers, the answer stands", async () => {
    for (const mode of ['#mine', '#hers']) {
      const { id } = await seedBooking('alice', mode === '#mine' ? 15 : 17);
      const q = await ask(KEYS.bob, `cancel ${id} ${mode}`);
      expect(q.body.status).toBe('awaiting_approval');
      const [pending] = q.body.pendingApprovals;
      expect((await decide(KEYS.admin, q.body.turnId, pending.approvalId)).body.approval.outcome).toMatchObject({ outcome: 'committed', receipt: { kind: 'booking.cancelled', bookingId: id } });
      const turn = await finished(KEYS.bob, q.body.turnId);
      if (mode === '#mine') {
        expect(turn.answer).not.toContain('your booking');
        expect(turn.answer).toBe(turn.outcomeBlock);
        expect(turn.answer).toMatch(new RegExp(`Done: .*\\(receipt ${id}\\)`));
        const events = await readSse(await h.request('GET', `/turns/${q.body.turnId}/events`, { key: KEYS.bob }));
        expect((events.at(-1)!.data as { guard: string[] }).guard.join(' ')).toMatch(new RegExp(`says the booking was the user's own, but receipt ${id} is of a booking that is not theirs`));
      } else {
        expect(turn.answer).toBe(`I cancelled Alice's booking (receipt ${id}).\n\n${turn.outcomeBlock}`);
      }
    }
  });
});

describe("whose booking an earlier turn's write was", () => {
  it("a later turn of the approver's conversation does not call the colleague's booking he cancelled his (its approval's owner check is read with the context), and may name that booking's id", async () => {
    // Bob (an approver) cancels Alice's booking, reported as hers; then, in the same conversation, the
    // orchestrator answers "I cancelled your booking" on that receipt (or, asked "#hers", names her).
    h.llm.respond((req) => {
      if (!isOrchestrator(req)) return script(req);
      // The question (sent back, the orchestrator says the same again).
      const q = (req.messages.find((m) => m.role === 'user')?.content ?? '').split('User: ').at(-1)!;
      const again = /^what became of (bk_\w+)(?: (#hers))?/.exec(q);
      // German, so the first pass's English patterns do not catch it: the verifier and the receipt's owner must.
      if (again) return text(again[2] ? `Ich habe Alices Buchung ${again[1]} storniert.` : `Ich habe deine Buchung ${again[1]} storniert.`);
      const outputs = req.messages.filter((m) => m.role === 'tool');
      if (!outputs.length) return call('booking_agent', { request: q });
      return text(`I cancelled Alice's booking (receipt ${/receipt (bk_\w+)/.exec(JSON.parse(outputs[0]!.content ?? '{}').text ?? '')?.[1]}).`);
    });
    h.llm.verify((req) => {
      const answer = answerToVerify(req);
      const receiptId = /bk_\w+/.exec(answer)?.[0] ?? null;
      return text(JSON.stringify({ claims: receiptId ? [{ text: answer, kind: 'cancelled', receiptId, whose: /deine Buchung/.test(answer) ? 'asker' : 'other' }] : [] }));
    });
    try {
      // An id as the platform makes them (the first pass checks those: "bk_" and letters and digits).
      const slot = futureSlot(70, 11);
      const made = await h.runtime.deps.bookings.createBooking({ bookingId: 'bk_0e1a2b3c4d5e6f70', roomId: 'room-2', startsAt: slot.start, endsAt: slot.end, bookedFor: 'alice', requestedBy: 'alice', approvedBy: 'alice', title: 'Review', idempotencyKey: 'trust-later-seed' });
      if (made.outcome !== 'committed') throw new Error(JSON.stringify(made));
      const id = made.booking.id;
      expect(id).toMatch(/^bk_[0-9a-f]+$/);
      const q = await ask(KEYS.bob, `cancel ${id}`);
      const [pending] = q.body.pendingApprovals;
      expect((await decide(KEYS.admin, q.body.turnId, pending.approvalId)).body.approval.outcome).toMatchObject({ outcome: 'committed' });
      const first = await finished(KEYS.bob, q.body.turnId);
      expect(first.answer).toBe(`I cancelled Alice's booking (receipt ${id}).\n\n${first.outcomeBlock}`);
      const later = (question: string) => h.json('POST', '/query', { key: KEYS.bob, body: { question, conversationId: first.conversationId } });
      const mine = await later(`what became of ${id}`);
      expect(mine.body.answer).not.toContain('deine Buchung');
      expect(mine.body.status).toBe('completed');
      expect(mine.body.answer).toBe(nothingDone('en'));
      const events = await readSse(await h.request('GET', `/turns/${mine.body.turnId}/events`, { key: KEYS.bob }));
      expect((events.at(-1)!.data as { guard: string[] }).guard.join(' ')).toMatch(new RegExp(`says the booking was the user's own, but receipt ${id} is of a booking that is not theirs`));
      const hers = await later(`what became of ${id} #hers`);
      expect(hers.body.answer).toBe(`Ich habe Alices Buchung ${id} storniert.`);
    } finally {
      h.llm.respond(script);
      h.llm.verify(() => text(JSON.stringify({ claims: [] })));
    }
  });
});

describe('the policy gate over HTTP', () => {
  it("a member cancelling or moving someone else's booking is refused: no approval, nothing written, the reason relayed", async () => {
    const { id } = await seedBooking('alice', 12);
    for (const question of [`cancel ${id}`, `rename ${id} to Mine now`]) {
      const q = await ask(KEYS.carol, question);
      expect(q.status).toBe(200);
      expect(q.body.status).toBe('completed');
      expect(q.body.pendingApprovals).toEqual([]);
      expect(q.body.answer).toMatch(/Refused: not allowed: this booking belongs to alice \(booked for alice\): only they or approvers or admins can (cancel|change) it/);
      const events = await readSse(await h.request('GET', `/turns/${q.body.turnId}/events`, { key: KEYS.carol }));
      expect(events.map((e) => e.type)).not.toContain('approval.required');
    }
    expect(await bookingRow(id)).toMatchObject({ status: 'confirmed', title: 'Standup', version: 1 });
    // Only the seeded booking's own commit: the refused attempts proposed nothing.
    const trail = (await h.json('GET', `/bookings/${id}/history`, { key: KEYS.alice })).body.history;
    expect(trail.map((e: { event: string; actor: string }) => `${e.event}:${e.actor}`)).toEqual(['committed:alice']);
  });

  it("separation of duties: an approver's change to someone else's booking needs another approver; the owner sees its history", async () => {
    const { id } = await seedBooking('alice', 13);
    const q = await ask(KEYS.bob, `rename ${id} to Board prep`);
    expect(q.body.status).toBe('awaiting_approval');
    const [pending] = q.body.pendingApprovals;
    expect(pending.details).toMatchObject({ owner: { requesterOwns: false, bookedFor: 'alice' }, approvers: { requester: false, roles: ['approver', 'admin'] } });
    const own = await decide(KEYS.bob, q.body.turnId, pending.approvalId);
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ type: expect.stringMatching(/approval-forbidden$/), detail: expect.stringMatching(/you asked for this change, so you cannot approve it: changing alice's booking needs an approver or an admin other than the requester/) });
    // The owner is a member: the approval is not hers to decide, and it is hidden like another's turn.
    expect((await decide(KEYS.alice, q.body.turnId, pending.approvalId)).status).toBe(404);
    expect((await decide(KEYS.carol, q.body.turnId, pending.approvalId)).status).toBe(404);
    // A signal sent straight to the workflow (past the API) is refused by the workflow itself.
    await h.client.workflow.getHandle(`turn-${q.body.turnId}`).signal('approval', { approvalId: pending.approvalId, decision: 'approve', userId: 'bob' });
    const ok = await decide(KEYS.admin, q.body.turnId, pending.approvalId);
    expect(ok.status).toBe(200);
    expect(ok.body.approval).toMatchObject({ status: 'approved', resolvedBy: 'root', outcome: { outcome: 'committed' } });
    const turn = await finished(KEYS.bob, q.body.turnId);
    expect(turn.answer).toMatch(/^Done \(receipt/);
    const events = await readSse(await h.request('GET', `/turns/${q.body.turnId}/events`, { key: KEYS.bob }));
    expect(events.find((e) => e.type === 'approval.ignored')!.data).toMatchObject({ userId: 'bob', reason: expect.stringMatching(/this user may not approve it: changing alice's booking/) });
    expect(await bookingRow(id)).toMatchObject({ title: 'Board prep', updatedBy: 'bob', updateApprovedBy: 'root', approvedBy: 'alice', version: 2 });

    const history = await h.json('GET', `/bookings/${id}/history`, { key: KEYS.alice });
    expect(history.status).toBe(200);
    expect(history.body.history.map((e: { event: string; actor: string }) => `${e.event}:${e.actor}`)).toEqual(['committed:alice', 'proposed:bob', 'approved:root', 'committed:root']);
    expect(history.body.history[1]).toMatchObject({ turnId: q.body.turnId, approvalId: pending.approvalId, action: 'update' });
    expect((await h.json('GET', `/bookings/${id}/history`, { key: KEYS.bob })).status).toBe(200);
    expect((await h.json('GET', `/bookings/${id}/history`, { key: KEYS.carol })).status).toBe(404);
  });

  it('a change approved after the booking moved is a conflict, relayed; nothing is overwritten', async () => {
    const { id, slot } = await seedBooking('alice', 14);
    const later = futureSlot(200, 16);
    const rename = await ask(KEYS.alice, `rename ${id} to Renamed`);
    const move = await ask(KEYS.alice, `move ${id} to ${later.start} ${later.end}`);
    expect(await decide(KEYS.alice, move.body.turnId, move.body.pendingApprovals[0].approvalId)).toMatchObject({ status: 200, body: { approval: { outcome: { outcome: 'committed' } } } });
    const stale = await decide(KEYS.alice, rename.body.turnId, rename.body.pendingApprovals[0].approvalId);
    expect(stale.body.approval.outcome).toMatchObject({ outcome: 'conflict', message: expect.stringMatching(/changed after this was proposed/) });
    const turn = await finished(KEYS.alice, rename.body.turnId);
    expect(turn.answer).toMatch(/Not changed: the booking changed after this was proposed .*nothing was written/);
    expect(turn.receipts).toEqual([]);
    expect(await bookingRow(id)).toMatchObject({ startsAt: later.start, title: 'Standup', version: 2 });
    expect(slot.start).not.toBe(later.start);
  });
});

describe('undo', () => {
  it('the requester undoes a committed change with one call; others cannot; after the window it is refused', async () => {
    const { id } = await seedBooking('alice', 15);
    const q = await ask(KEYS.alice, `cancel ${id}`);
    const approvalId = q.body.pendingApprovals[0].approvalId;
    await decide(KEYS.alice, q.body.turnId, approvalId);
    const url = `/turns/${q.body.turnId}/approvals/${approvalId}/undo`;
    expect((await h.json('POST', url, { key: KEYS.carol })).status).toBe(404); // hidden
    const bobs = await h.json('POST', url, { key: KEYS.bob });
    expect(bobs.status).toBe(403);
    expect(bobs.body.detail).toBe('only alice, who asked for this change, can undo it');
    const undone = await h.json('POST', url, { key: KEYS.alice });
    expect(undone.status).toBe(200);
    expect(undone.body.undo).toMatchObject({ outcome: 'undone', receipt: { bookingId: id, status: 'confirmed', summary: expect.stringMatching(/^undone: Room 2 is booked again/) } });
    expect(undone.body.links.history).toBe(`/bookings/${id}/history`);
    expect(await bookingRow(id)).toMatchObject({ status: 'confirmed', cancelledBy: null });
    // A second click is the same undo, not a second write.
    expect((await h.json('POST', url, { key: KEYS.alice })).status).toBe(200);
    expect((await bookingRow(id)).version).toBe(3);

    const r = await ask(KEYS.alice, `rename ${id} to Later`);
    const rid = r.body.pendingApprovals[0].approvalId;
    await decide(KEYS.alice, r.body.turnId, rid);
    await new Promise((ok) => setTimeout(ok, UNDO_WINDOW_MS + 500));
    const late = await h.json('POST', `/turns/${r.body.turnId}/approvals/${rid}/undo`, { key: KEYS.alice });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ type: expect.stringMatching(/undo-window-closed$/), detail: expect.stringMatching(/the undo window closed at/) });
    expect(await bookingRow(id)).toMatchObject({ title: 'Later', version: 4 });
    const history = (await h.json('GET', `/bookings/${id}/history`, { key: KEYS.alice })).body.history.map((e: { event: string }) => e.event);
    expect(history).toEqual(['committed', 'proposed', 'approved', 'committed', 'undone', 'proposed', 'approved', 'committed']);
  });
});
