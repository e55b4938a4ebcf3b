/**
 * Booking writes end to end over HTTP: a write becomes a pending approval, the turn pauses, a human
 * approves or rejects through the API, the Temporal CLI or a client signal, and the commit (or its
 * refusal) is reported honestly with receipts.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTemporalCli } from '../../app/dev-server.js';
import * as messages from '../../workflows/temporal-messages.js';
import { createHarness, KEYS, readSse, type Harness } from '../support/harness.js';
import { agentOf, calls, isOrchestrator, text, toolResults } from '../support/scripted-llm.js';
import { booker, futureSlot, seedPolicy, world } from '../support/world.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const countBookings = async (where = '') => (await h.db.query<{ n: number }>(`select count(*)::int as n from bookings ${where}`)).rows[0]!.n;
const state = (turnId: string) => h.client.workflow.getHandle(`turn-${turnId}`).query(messages.state);
const finished = async (turnId: string) => {
  const events = await readSse(await h.request('GET', `/turns/${turnId}/events`));
  expect(events.at(-1)!.type).toBe('turn.completed');
  return (await h.json('GET', `/turns/${turnId}`)).body;
};

describe('approve through the API', () => {
  it('pauses for approval, lists it, refuses the wrong people, commits once with a receipt', async () => {
    const slot = futureSlot(30, 14);
    h.llm.respond(booker(slot));
    const q = await h.json('POST', '/query', { body: { question: 'Book room 3 for Sarah on that day 2-3pm' } });
    expect(q.status).toBe(200);
    expect(q.body.status).toBe('awaiting_approval');
    expect(q.body.receipts).toEqual([]);
    const [pending] = q.body.pendingApprovals;
    expect(pending).toMatchObject({
      approvalId: `${q.body.turnId}-1`,
      action: 'create',
      status: 'pending',
      requestedBy: 'alice',
      details: { roomId: 'room-3', roomName: 'Room 3', startsAt: slot.start, endsAt: slot.end, bookedFor: 'Sarah', when: expect.stringMatching(/14:00–15:00 \(UTC\)$/) },
    });
    expect(Date.parse(pending.expiresAt)).toBeLessThanOrEqual(Date.parse(slot.start));
    expect(await countBookings()).toBe(0); // nothing written before approval

    // The stream shows the pause.
    const stream = await readSse(await h.request('GET', `/turns/${q.body.turnId}/events`), 4);
    expect(stream.map((e) => e.type)).toEqual(['turn.started', 'orchestrator.decision', 'agent.started', 'approval.required']);
    expect(stream[3]!.data).toMatchObject({ approvalId: pending.approvalId, action: 'create', details: { roomName: 'Room 3', startsAt: slot.start } });

    // Listed for the requester and for approvers; not for another member.
    const mine = await h.json('GET', '/approvals?status=pending');
    expect(mine.body.approvals.map((a: any) => a.approvalId)).toContain(pending.approvalId);
    expect((await h.json('GET', '/approvals', { key: KEYS.bob })).body.approvals.map((a: any) => a.approvalId)).toContain(pending.approvalId);
    expect((await h.json('GET', '/approvals', { key: KEYS.carol })).body.approvals).toEqual([]);
    expect((await h.json('GET', '/approvals?status=bogus')).status).toBe(400);

    const url = `/turns/${q.body.turnId}/approvals/${pending.approvalId}`;
    // Another member: hidden (404), like another user's turn.
    expect((await h.json('POST', url, { key: KEYS.carol, body: { decision: 'approve' } })).status).toBe(404);
    expect((await h.json('POST', `/turns/${q.body.turnId}/approvals/nope`, { key: KEYS.bob, body: { decision: 'approve' } })).status).toBe(404);
    expect((await h.json('POST', `/turns/nope/approvals/${pending.approvalId}`, { key: KEYS.bob, body: { decision: 'approve' } })).status).toBe(404);
    expect((await h.json('POST', url, { key: KEYS.bob, body: { decision: 'maybe' } })).status).toBe(400);

    const ok = await h.json('POST', url, { key: KEYS.bob, body: { decision: 'approve', comment: 'go ahead' } });
    expect(ok.status).toBe(200);
    expect(ok.body.approval).toMatchObject({ status: 'approved', resolvedBy: 'bob', comment: 'go ahead', outcome: { outcome: 'committed' } });
    const receipt = ok.body.approval.outcome.receipt;
    expect(receipt).toMatchObject({ kind: 'booking.created', roomName: 'Room 3', startsAt: slot.start, endsAt: slot.end, status: 'confirmed', bookingId: expect.stringMatching(/^bk_/) });

    const turn = await finished(q.body.turnId);
    expect(turn.status).toBe('completed');
    expect(turn.receipts).toEqual([receipt]);
    expect(turn.pendingApprovals).toEqual([]);
    expect(turn.answer).toContain(receipt.bookingId);
    expect(await countBookings(`where id = '${receipt.bookingId}' and approved_by = 'bob' and requested_by = 'alice'`)).toBe(1);

    // Deciding again: 409, nothing more written.
    const again = await h.json('POST', url, { key: KEYS.bob, body: { decision: 'approve' } });
    expect(again.status).toBe(409);
    expect(await countBookings()).toBe(1);
    // With no worker to answer queries, the approvals table still knows it was decided.
    await h.stopWorker();
    try {
      const offline = await h.json('POST', url, { key: KEYS.bob, body: { decision: 'reject' } });
      expect(offline.status).toBe(409);
      expect(offline.body.detail).toMatch(/already approved/);
    } finally {
      await h.startWorker();
    }
    const listed = await h.json('GET', '/approvals?status=approved', { key: KEYS.admin });
    expect(listed.body.approvals.find((a: any) => a.approvalId === pending.approvalId)).toMatchObject({ status: 'approved', resolvedBy: 'bob', outcome: { outcome: 'committed' } });
  });

  it('the requester may approve their own; a rejection writes nothing and the answer says so', async () => {
    const slot = futureSlot(31, 9);
    h.llm.respond(booker(slot, 'Boardroom'));
    const q = await h.json('POST', '/query', { body: { question: 'book the boardroom for sarah' } });
    const id = q.body.pendingApprovals[0].approvalId;
    const r = await h.json('POST', `/turns/${q.body.turnId}/approvals/${id}`, { body: { decision: 'reject', comment: 'use room 2' } });
    expect(r.status).toBe(200);
    expect(r.body.approval).toMatchObject({ status: 'rejected', resolvedBy: 'alice', outcome: null });
    const turn = await finished(q.body.turnId);
    expect(turn.answer).toMatch(/Not booked: alice rejected it/);
    expect(turn.receipts).toEqual([]);
    expect(await countBookings(`where room_id = 'boardroom'`)).toBe(0);
  });
});

describe('the approval signal', () => {
  it('works from the Temporal CLI with the documented name, and the workflow re-checks every signal', async () => {
    const slot = futureSlot(32, 10);
    h.llm.respond(booker(slot, 'Room 1'));
    const q = await h.json('POST', '/query', { body: { question: 'book room 1 for Sarah' } });
    const turnId = q.body.turnId;
    const approvalId = q.body.pendingApprovals[0].approvalId;
    const handle = h.client.workflow.getHandle(`turn-${turnId}`);
    // Signals the API would have refused reach the workflow directly here: it refuses them itself.
    await handle.signal(messages.approval, { approvalId: 'unknown', decision: 'approve', userId: 'bob' });
    await handle.signal(messages.approval, { approvalId, decision: 'approve', userId: 'carol' });
    await handle.signal('approval', { approvalId, decision: 'perhaps', userId: 'bob' } as never);
    await expect.poll(async () => (await state(turnId)).events.filter((e) => e.type === 'approval.ignored').length).toBe(3);
    const ignored = (await state(turnId)).events.filter((e) => e.type === 'approval.ignored').map((e) => e.data.reason);
    expect(ignored).toEqual(['unknown approval', 'this user may not approve it: the requester, an approver or an admin may approve', expect.stringMatching(/^invalid signal: decision/)]);
    expect((await state(turnId)).approvals[0]!.status).toBe('pending');

    const cli = findTemporalCli(process.env.TEMPORAL_CLI_PATH);
    expect(cli, 'the temporal CLI is needed for this test').toBeTruthy();
    execFileSync(cli!, [
      'workflow', 'signal', '--address', h.temporalAddress, '--workflow-id', `turn-${turnId}`, '--name', 'approval',
      '--input', JSON.stringify({ approvalId, decision: 'approve', userId: 'bob', comment: 'via CLI' }),
    ]);
    const turn = await finished(turnId);
    expect(turn.receipts).toHaveLength(1);
    expect(turn.receipts[0].roomId).toBe('room-1');
    const s = await state(turnId);
    expect(s.approvals[0]).toMatchObject({ status: 'approved', resolvedBy: 'bob', comment: 'via CLI' });
    // A late duplicate changes nothing.
    await handle.signal(messages.approval, { approvalId, decision: 'reject', userId: 'bob' }).catch(() => {});
    expect(await countBookings(`where room_id = 'room-1'`)).toBe(1);
  });
});

describe('honest outcomes', () => {
  it('relays a conflict when the slot was taken before the approval, offering free slots', async () => {
    const slot = futureSlot(33, 15);
    h.llm.respond(booker(slot, 'Room 2'));
    const q = await h.json('POST', '/query', { body: { question: 'book room 2 for sarah' } });
    const id = q.body.pendingApprovals[0].approvalId;
    // Someone else takes the slot while the approval waits.
    await h.db.query(`insert into bookings (id, room_id, starts_at, ends_at, booked_for, requested_by) values ('bk_other', 'room-2', $1, $2, 'Tom', 'tom')`, [slot.start, slot.end]);
    const r = await h.json('POST', `/turns/${q.body.turnId}/approvals/${id}`, { key: KEYS.bob, body: { decision: 'approve' } });
    expect(r.body.approval.outcome).toMatchObject({ outcome: 'conflict', conflicts: [{ id: 'bk_other' }] });
    expect(r.body.approval.outcome.suggestions.length).toBeGreaterThan(0);
    const turn = await finished(q.body.turnId);
    expect(turn.answer).toMatch(/Not booked: the slot was taken\. Free instead: Room 2/);
    expect(turn.receipts).toEqual([]);
    expect(await countBookings(`where room_id = 'room-2'`)).toBe(1);
  });

  it('a model that claims success without a receipt never gets the claim to the user', async () => {
    const slot = futureSlot(34, 11);
    const base = booker(slot, 'Focus A');
    h.llm.respond((req, n) => {
      // The orchestrator lies after seeing the rejection.
      if (isOrchestrator(req) && req.messages.some((m) => m.role === 'tool')) return text("All set! I've booked Focus A for Sarah (booking bk_1234abcd).");
      return base(req, n);
    });
    const q = await h.json('POST', '/query', { body: { question: 'book focus a for sarah' } });
    await h.json('POST', `/turns/${q.body.turnId}/approvals/${q.body.pendingApprovals[0].approvalId}`, { body: { decision: 'reject' } });
    const turn = await finished(q.body.turnId);
    expect(turn.answer).not.toMatch(/I've booked|bk_1234abcd/);
    expect(turn.answer).toMatch(/was rejected by alice\. Nothing was written\./);
    const done = (await state(q.body.turnId)).events.find((e) => e.type === 'turn.completed')!;
    // Sent back once with the reason; it insisted, so only the system's outcome block reached the user.
    expect(done.data.guard).toEqual(['unbacked booking ids: bk_1234abcd', 'prose replaced by the outcome block: unbacked booking ids: bk_1234abcd']);
    expect(turn.answer).toMatch(/^What happened \(stated by the system/);
  });

  it('refuses to propose an invalid write (past, too long, unknown room, busy) without asking anyone', async () => {
    const past = { start: '2020-01-01T10:00:00Z', end: '2020-01-01T11:00:00Z' };
    h.llm.respond(booker(past));
    const q = await h.json('POST', '/query', { body: { question: 'book room 3 in 2020' } });
    expect(q.body.status).toBe('completed');
    expect(q.body.pendingApprovals).toEqual([]);
    expect(q.body.answer).toMatch(/Not booked: the start .* is in the past/);
    const long = futureSlot(35, 8, 12);
    h.llm.respond(booker(long));
    expect((await h.json('POST', '/query', { body: { question: 'book room 3 all day' } })).body.answer).toMatch(/at most 10 hours/);
    h.llm.respond(booker(futureSlot(35, 8), 'Room 42'));
    expect((await h.json('POST', '/query', { body: { question: 'book room 42' } })).body.answer).toMatch(/no room called "Room 42"/);
  });
});

describe('a turn that asked two agents at once, paused for approval', () => {
  // The knowledge agent searches while the booking agent proposes a booking: their calls ran at once. With local
  // activities (the default, `all`), a replay delivered their results otherwise than the first run did, so a restarted
  // worker could not go on with the turn (nor answer a query of it): the concurrent-regular patch runs such calls as
  // regular activities.
  it('goes on after its worker restarts: its status is read, the approval commits, the answer comes', async () => {
    await seedPolicy(h.db, h.runtime.deps.knowledge);
    const slot = futureSlot(33, 15);
    const bookIt = booker(slot);
    h.llm.respond((req, n) => {
      if (!isOrchestrator(req)) return agentOf(req) === 'knowledge_base_agent' ? world(req, n) : bookIt(req, n);
      return toolResults(req).length
        ? text('Client meals are reimbursed up to 60 EUR per person (policy.pdf p.1); Room 3 is booked for Sarah.')
        : calls(['knowledge_base_agent', { request: 'client meal policy' }], ['booking_agent', { request: 'Book room 3 for Sarah' }]);
    });
    try {
      const q = await h.json('POST', '/query', { body: { question: 'What is the client meal policy? And book room 3 for Sarah' } });
      expect(q.status).toBe(200);
      expect(q.body.status).toBe('awaiting_approval');
      const [pending] = q.body.pendingApprovals;
      await h.stopWorker();
      await h.startWorker();
      // A new worker has no cached run: the query replays the turn's history.
      const paused = await h.json('GET', `/turns/${q.body.turnId}`);
      expect(paused.status).toBe(200);
      expect(paused.body.status).toBe('awaiting_approval');
      expect((await h.json('POST', `/turns/${q.body.turnId}/approvals/${pending.approvalId}`, { key: KEYS.bob, body: { decision: 'approve' } })).status).toBe(200);
      const turn = await finished(q.body.turnId);
      expect(turn.status).toBe('completed');
      expect(turn.receipts).toMatchObject([{ kind: 'booking.created', roomName: 'Room 3', startsAt: slot.start, endsAt: slot.end }]);
      expect(turn.sources.map((x: { fileName: string }) => x.fileName)).toContain('policy.pdf');
    } finally {
      h.llm.respond(world);
    }
  }, 120_000);

  // Two tool calls of one step run at once too (concurrent-regular covers them alike). This one replayed in 3 of 3 runs
  // without the patch as well (the gate takes one approval at a time); it guards the path, not a failure seen.
  it('two writes asked in one model step: after the worker restarts, both approvals are decided and both commit', async () => {
    const slot = futureSlot(34, 11);
    h.llm.respond((req) => {
      if (isOrchestrator(req)) return toolResults(req).length ? text('Both rooms were asked for.') : calls(['booking_agent', { request: 'Book rooms 2 and 3 for Sarah' }]);
      if (toolResults(req).length) return text(`Results: ${toolResults(req).join(' | ')}`);
      return calls(
        ['create_booking', { room: 'Room 2', start: slot.start, end: slot.end, bookedFor: 'Sarah', title: 'Planning' }],
        ['create_booking', { room: 'Room 3', start: slot.start, end: slot.end, bookedFor: 'Sarah', title: 'Planning' }],
      );
    });
    try {
      const q = await h.json('POST', '/query', { body: { question: 'Book rooms 2 and 3 for Sarah' } });
      expect(q.status).toBe(200);
      expect(q.body.status).toBe('awaiting_approval');
      await h.stopWorker();
      await h.startWorker();
      // Each approval as it is pending (the turn shows what waits), until the turn goes on.
      const decided = new Set<string>();
      for (let i = 0; i < 20 && decided.size < 2; i++) {
        const now = await h.json('GET', `/turns/${q.body.turnId}`);
        expect(now.status).toBe(200);
        for (const a of now.body.pendingApprovals ?? []) {
          if (decided.has(a.approvalId)) continue;
          expect((await h.json('POST', `/turns/${q.body.turnId}/approvals/${a.approvalId}`, { key: KEYS.bob, body: { decision: 'approve' } })).status).toBe(200);
          decided.add(a.approvalId);
        }
        if (decided.size < 2) await new Promise((ok) => setTimeout(ok, 250));
      }
      expect(decided.size).toBe(2);
      const turn = await finished(q.body.turnId);
      expect(turn.status).toBe('completed');
      expect(turn.receipts.map((r: { roomName: string }) => r.roomName).sort()).toEqual(['Room 2', 'Room 3']);
    } finally {
      h.llm.respond(world);
    }
  }, 120_000);
});
