/**
 * Who may do what to which booking: the policy gate, the approver rule, the commit's second check, the
 * audit trail, lost updates and undo, through the write activities on real databases (PGlite, the real
 * PostgreSQL server, and the Supabase wire format). The approver check is the same function the turn
 * workflow's signal handler and the API call (mayApprove).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.js';
import { checkPolicyRooms } from '../../app/runtime.js';
import { approvalAuditRows } from '../../activities/index.js';
import { createWriteActivities, idempotencyKeyFor } from '../../activities/writes.js';
import { createSqlBookingStore, seedRooms, type BookingStore } from '../../adapters/booking-store.js';
import { openDatabase, type Db } from '../../adapters/db.js';
import { DEFAULT_POLICY, decideProposal, mayApprove, type Actor, type BookingPolicy } from '../../domain/policy.js';
import type { Approval, WriteDetails } from '../../domain/types.js';
import { bookingBackends } from '../support/booking-backends.js';
import { futureSlot } from '../support/world.js';


const USERS: Record<string, Actor> = {
  alice: { userId: 'alice', displayName: 'Alice', role: 'member' },
  carol: { userId: 'carol', displayName: 'Carol', role: 'member' },
  bob: { userId: 'bob', displayName: 'Bob', role: 'approver' },
  dora: { userId: 'dora', displayName: 'Dora', role: 'approver' },
  root: { userId: 'root', displayName: 'Root', role: 'admin' },
};


let seq = 0;

describe.each(bookingBackends)('trust on $name', ({ open, skip }) => {
  let db: Db;
  let store: BookingStore;
  let cleanup: () => Promise<void>;
  let writes: ReturnType<typeof createWriteActivities>;
  beforeAll(async () => {
    if (skip) return;
    ({ db, store, cleanup } = await open());
    await seedRooms(db);
    writes = createWriteActivities(store, DEFAULT_POLICY);
  });
  afterAll(async () => cleanup?.());

  const now = () => new Date().toISOString();
  const limits = { maxBookingHours: 10, bookingHorizonDays: 365 };
  const base = { timezone: 'UTC', limits };

  /** Proposes a write as `actor`: the prepared details, or the refusal. */
  async function propose(actor: Actor, tool: 'create_booking' | 'update_booking' | 'cancel_booking', args: Record<string, unknown>) {
    return writes.prepareWrite({ tool, args, requestedBy: actor.userId, caller: actor, now: now(), ...base });
  }
  /** An approval as the workflow builds it, with the audit rows saveApproval writes. */
  async function open_(actor: Actor, details: WriteDetails): Promise<Approval> {
    seq += 1;
    const turnId = `t${seq}-${Date.now()}`;
    const a: Approval = {
      approvalId: `${turnId}-1`,
      turnId,
      action: details.action,
      details,
      status: 'pending',
      requestedBy: actor.userId,
      createdAt: now(),
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      resolvedBy: null,
      resolvedAt: null,
      comment: null,
      outcome: null,
    };
    for (const row of approvalAuditRows(a)) await store.recordAudit(row);
    return a;
  }
  /** Decides as the signal handler does (mayApprove on the approval's rule), then commits as the workflow does. */
  async function decide(a: Approval, approver: Actor, decision: 'approve' | 'reject' = 'approve') {
    if (!mayApprove(a.details.approvers!, a.requestedBy, approver.userId, approver.role)) return 'not_allowed' as const;
    a.status = decision === 'approve' ? 'approved' : 'rejected';
    a.resolvedBy = approver.userId;
    if (a.status === 'approved') {
      a.outcome = await writes.commitWrite({ approval: a, approvedBy: approver.userId, approverRole: approver.role, caller: USERS[a.requestedBy]!, now: now(), timezone: 'UTC' });
    }
    for (const row of approvalAuditRows(a)) await store.recordAudit(row);
    return a.outcome?.outcome ?? a.status;
  }
  /** A confirmed booking owned by `owner` (requested by them, for them). */
  async function bookingOf(owner: Actor, hour: number) {
    const slot = futureSlot(40 + (seq++ % 200), hour);
    const p = await propose(owner, 'create_booking', { room: 'Room 2', start: slot.start, end: slot.end, title: 'Sync' });
    if (!p.ok) throw new Error(p.error);
    const a = await open_(owner, p.details);
    expect(await decide(a, owner)).toBe('committed');
    return { id: (a.outcome as { receipt: { bookingId: string } }).receipt.bookingId, approval: a, slot };
  }
  const events = async (bookingId: string) => (await store.history(bookingId)).map((e) => `${e.event}:${e.actor ?? '-'}`);

  // ------------------------------------------------------------------ the matrix
  // For each actor × action × ownership: proposed or refused, who approves (the first allowed of the
  // candidates, the requester first), and the audit rows the booking gains.
  type Row = { actor: string; action: 'create' | 'update' | 'cancel'; whose: 'own' | 'others'; result: 'refused' | 'committed'; approvedBy?: string; selfApprove: boolean };
  const MATRIX: Row[] = [
    // create: everyone books (the requester owns it) and may confirm their own new booking.
    { actor: 'alice', action: 'create', whose: 'own', result: 'committed', approvedBy: 'alice', selfApprove: true },
    { actor: 'bob', action: 'create', whose: 'own', result: 'committed', approvedBy: 'bob', selfApprove: true },
    { actor: 'root', action: 'create', whose: 'own', result: 'committed', approvedBy: 'root', selfApprove: true },
    // update/cancel own: the owner proposes and confirms.
    { actor: 'alice', action: 'update', whose: 'own', result: 'committed', approvedBy: 'alice', selfApprove: true },
    { actor: 'alice', action: 'cancel', whose: 'own', result: 'committed', approvedBy: 'alice', selfApprove: true },
    { actor: 'bob', action: 'update', whose: 'own', result: 'committed', approvedBy: 'bob', selfApprove: true },
    { actor: 'root', action: 'cancel', whose: 'own', result: 'committed', approvedBy: 'root', selfApprove: true },
    // someone else's: members are refused; approvers and admins propose, another approver approves.
    { actor: 'carol', action: 'update', whose: 'others', result: 'refused', selfApprove: false },
    { actor: 'carol', action: 'cancel', whose: 'others', result: 'refused', selfApprove: false },
    { actor: 'bob', action: 'update', whose: 'others', result: 'committed', approvedBy: 'dora', selfApprove: false },
    { actor: 'bob', action: 'cancel', whose: 'others', result: 'committed', approvedBy: 'root', selfApprove: false },
    { actor: 'root', action: 'update', whose: 'others', result: 'committed', approvedBy: 'bob', selfApprove: false },
    { actor: 'root', action: 'cancel', whose: 'others', result: 'committed', approvedBy: 'dora', selfApprove: false },
  ];

  it.skipIf(skip).each(MATRIX)('$actor $action on $whose booking: $result', async (row) => {
    const actor = USERS[row.actor]!;
    const owner = row.whose === 'own' ? actor : row.actor === 'alice' ? USERS.carol! : USERS.alice!;
    let bookingId: string | null = null;
    let before: string[] = [];
    let p;
    if (row.action === 'create') {
      const slot = futureSlot(300 + (seq++ % 50), 9);
      p = await propose(actor, 'create_booking', { room: 'Room 1', start: slot.start, end: slot.end });
    } else {
      bookingId = (await bookingOf(owner, 10)).id;
      before = await events(bookingId);
      expect(before).toEqual([`proposed:${owner.userId}`, `approved:${owner.userId}`, `committed:${owner.userId}`]);
      p = await propose(actor, `${row.action}_booking`, row.action === 'update' ? { bookingId, title: `by ${actor.userId}` } : { bookingId, reason: 'done' });
    }
    if (row.result === 'refused') {
      expect(p).toMatchObject({ ok: false, refused: true, error: expect.stringMatching(/not allowed: this booking belongs to alice .*only they or approvers or admins can (change|cancel) it/) });
      // Nothing proposed, nothing written, nothing in the booking's history.
      expect(await events(bookingId!)).toEqual(before);
      expect((await store.getBooking(bookingId!))!.version).toBe(1);
      return;
    }
    if (!p.ok) throw new Error(p.error);
    expect(p.details.approvers!.requester).toBe(row.selfApprove);
    if (row.action === 'create') expect(p.details.bookedFor).toBe(actor.displayName); // "for me"
    const a = await open_(actor, p.details);
    // The requester may confirm only when the rule lets them; members never approve others' writes.
    expect(mayApprove(a.details.approvers!, a.requestedBy, actor.userId, actor.role)).toBe(row.selfApprove);
    expect(mayApprove(a.details.approvers!, a.requestedBy, 'carol', 'member')).toBe(false);
    expect(await decide(a, USERS[row.approvedBy!]!)).toBe('committed');
    const id = bookingId ?? (a.outcome as { receipt: { bookingId: string } }).receipt.bookingId;
    const b = (await store.getBooking(id))!;
    expect(await events(id)).toEqual([...before, `proposed:${actor.userId}`, `approved:${row.approvedBy}`, `committed:${row.approvedBy}`]);
    if (row.action === 'create') expect(b).toMatchObject({ requestedBy: actor.userId, approvedBy: row.approvedBy, status: 'confirmed', version: 1 });
    if (row.action === 'update') expect(b).toMatchObject({ title: `by ${actor.userId}`, updatedBy: actor.userId, updateApprovedBy: row.approvedBy, approvedBy: owner.userId, version: 2 });
    if (row.action === 'cancel') {
      // The booking's own approver is kept; who cancelled and who approved that are recorded beside it.
      expect(b).toMatchObject({ status: 'cancelled', cancelledBy: actor.userId, cancelApprovedBy: row.approvedBy, approvedBy: owner.userId, version: 2 });
      expect(b.cancelledAt).toEqual(expect.any(String));
    }
  });

  it.skipIf(skip)('approve: who may decide which proposal (separation of duties for others\' bookings)', async () => {
    const { id } = await bookingOf(USERS.alice!, 11);
    const own = await propose(USERS.alice!, 'update_booking', { bookingId: id, title: 'mine' });
    const others = await propose(USERS.bob!, 'update_booking', { bookingId: id, title: 'moved by bob' });
    if (!own.ok || !others.ok) throw new Error('not proposed');
    const can = (d: WriteDetails, requester: string) => Object.values(USERS).filter((u) => mayApprove(d.approvers!, requester, u.userId, u.role)).map((u) => u.userId);
    expect(can(own.details, 'alice')).toEqual(['alice', 'bob', 'dora', 'root']);
    expect(can(others.details, 'bob')).toEqual(['dora', 'root']); // not bob himself, not the members
    expect(others.details.approvers!.note).toMatch(/changing Alice's booking needs an approver or an admin other than the requester/);
    // Bob approving his own change to Alice's booking: refused, nothing written, nothing recorded.
    const a = await open_(USERS.bob!, others.details);
    expect(await decide(a, USERS.bob!)).toBe('not_allowed');
    expect((await store.getBooking(id))!.title).toBe('Sync');
    // The commit checks again: an approval forged past the signal check is refused there.
    a.status = 'approved';
    a.resolvedBy = 'bob';
    expect(await writes.commitWrite({ approval: a, approvedBy: 'bob', approverRole: 'approver', caller: USERS.bob!, now: now(), timezone: 'UTC' })).toMatchObject({
      outcome: 'refused',
      message: expect.stringMatching(/bob may not approve this/),
    });
    expect((await store.getBooking(id))!.version).toBe(1);
  });

  it.skipIf(skip)('a rejected or conflicting write leaves its rows in the audit, and the booking unchanged', async () => {
    const { id, slot } = await bookingOf(USERS.alice!, 12);
    const p = await propose(USERS.alice!, 'update_booking', { bookingId: id, title: 'nope' });
    if (!p.ok) throw new Error(p.error);
    const a = await open_(USERS.alice!, p.details);
    a.comment = 'keep it';
    expect(await decide(a, USERS.bob!, 'reject')).toBe('rejected');
    expect((await store.history(id)).slice(-2)).toMatchObject([
      { event: 'proposed', action: 'update', actor: 'alice', turnId: a.turnId, approvalId: a.approvalId },
      { event: 'rejected', actor: 'bob', details: { comment: 'keep it' } },
    ]);
    // Conflict: another booking takes the target slot between proposal and approval.
    const move = futureSlot(39, 8);
    const q = await propose(USERS.alice!, 'update_booking', { bookingId: id, start: move.start, end: move.end });
    if (!q.ok) throw new Error(q.error);
    const b = await open_(USERS.alice!, q.details);
    const squatter = await propose(USERS.carol!, 'create_booking', { room: 'Room 2', start: move.start, end: move.end });
    if (!squatter.ok) throw new Error(squatter.error);
    expect(await decide(await open_(USERS.carol!, squatter.details), USERS.carol!)).toBe('committed');
    expect(await decide(b, USERS.alice!)).toBe('conflict');
    expect((await store.history(id)).map((e) => e.event).slice(-3)).toEqual(['proposed', 'approved', 'conflicted']);
    expect(await store.getBooking(id)).toMatchObject({ startsAt: slot.start, version: 1 });
  });

  it.skipIf(skip)('the audit table is append-only: updates and deletes are refused by the database', async () => {
    const { id } = await bookingOf(USERS.alice!, 13);
    await expect(db.query(`update booking_audit set actor = 'mallory' where booking_id = $1`, [id])).rejects.toThrow(/append-only/);
    await expect(db.query(`delete from booking_audit where booking_id = $1`, [id])).rejects.toThrow(/append-only/);
    expect((await store.history(id)).map((e) => e.actor)).toEqual(['alice', 'alice', 'alice']);
  });

  // ------------------------------------------------------------------ lost updates

  it.skipIf(skip)('no lost update: a change approved after the booking moved is refused; an update writes only what it changed', async () => {
    const { id, slot } = await bookingOf(USERS.alice!, 14);
    const later = futureSlot(38, 15);
    const retitle = await propose(USERS.alice!, 'update_booking', { bookingId: id, title: 'Renamed' });
    const moveIt = await propose(USERS.alice!, 'update_booking', { bookingId: id, start: later.start, end: later.end });
    if (!retitle.ok || !moveIt.ok) throw new Error('not proposed');
    expect(retitle.details).toMatchObject({ version: 1, changes: { title: 'Renamed' } });
    expect(moveIt.details.changes).toEqual({ startsAt: later.start, endsAt: later.end });
    const first = await open_(USERS.alice!, moveIt.details);
    const second = await open_(USERS.alice!, retitle.details);
    expect(await decide(first, USERS.alice!)).toBe('committed');
    // The stale title change would have moved the booking back to its old time: refused instead.
    expect(await decide(second, USERS.alice!)).toBe('conflict');
    expect(second.outcome).toMatchObject({ outcome: 'conflict', message: expect.stringMatching(/changed after this was proposed.*nothing was written/) });
    expect(await store.getBooking(id)).toMatchObject({ startsAt: later.start, endsAt: later.end, title: 'Sync', version: 2 });
    // Proposed again on the current version: only the title is written; the new time stays.
    const again = await propose(USERS.alice!, 'update_booking', { bookingId: id, title: 'Renamed' });
    if (!again.ok) throw new Error(again.error);
    expect(await decide(await open_(USERS.alice!, again.details), USERS.alice!)).toBe('committed');
    expect(await store.getBooking(id)).toMatchObject({ startsAt: later.start, title: 'Renamed', version: 3 });
    expect(slot.start).not.toBe(later.start);
    // A cancellation proposed before a change is stale too.
    const cancel = await propose(USERS.alice!, 'cancel_booking', { bookingId: id });
    const retitle2 = await propose(USERS.alice!, 'update_booking', { bookingId: id, title: 'Third' });
    if (!cancel.ok || !retitle2.ok) throw new Error('not proposed');
    const c = await open_(USERS.alice!, cancel.details);
    expect(await decide(await open_(USERS.alice!, retitle2.details), USERS.alice!)).toBe('committed');
    expect(await decide(c, USERS.alice!)).toBe('conflict');
    expect((await store.getBooking(id))!.status).toBe('confirmed');
  });

  // ------------------------------------------------------------------ undo

  const undo = (a: Approval, actor: Actor, windowMs = 600_000, at = now()) => writes.undoWrite({ turnId: a.turnId, approvalId: a.approvalId, actor, windowMs, now: at, timezone: 'UTC' });

  it.skipIf(skip)('undo: a create is cancelled, a change reverted, a cancellation restored; each once', async () => {
    const { id, approval } = await bookingOf(USERS.alice!, 16);
    const u1 = await undo(approval, USERS.alice!);
    expect(u1).toMatchObject({ outcome: 'undone', receipt: { bookingId: id, status: 'cancelled', summary: expect.stringMatching(/^undone: the booking of Room 2 is cancelled/) } });
    expect(await undo(approval, USERS.alice!)).toMatchObject({ outcome: 'undone' }); // a retry is the same undo
    expect(await store.getBooking(id)).toMatchObject({ status: 'cancelled', cancelledBy: 'alice', version: 2 });
    expect((await store.history(id)).map((e) => e.event)).toEqual(['proposed', 'approved', 'committed', 'undone']);

    const b = await bookingOf(USERS.alice!, 17);
    const later = futureSlot(37, 18);
    const p = await propose(USERS.alice!, 'update_booking', { bookingId: b.id, start: later.start, end: later.end, title: 'Moved' });
    if (!p.ok) throw new Error(p.error);
    const moved = await open_(USERS.alice!, p.details);
    expect(await decide(moved, USERS.alice!)).toBe('committed');
    expect(await undo(moved, USERS.alice!)).toMatchObject({ outcome: 'undone' });
    expect(await store.getBooking(b.id)).toMatchObject({ startsAt: b.slot.start, endsAt: b.slot.end, title: 'Sync', status: 'confirmed', version: 3 });

    const c = await propose(USERS.alice!, 'cancel_booking', { bookingId: b.id });
    if (!c.ok) throw new Error(c.error);
    const cancelled = await open_(USERS.alice!, c.details);
    expect(await decide(cancelled, USERS.alice!)).toBe('committed');
    expect(await undo(cancelled, USERS.alice!)).toMatchObject({ outcome: 'undone', receipt: { status: 'confirmed' } });
    expect(await store.getBooking(b.id)).toMatchObject({ status: 'confirmed', cancelledBy: null, version: 5 });
  });

  it.skipIf(skip)('undo is refused for someone else, after the window, after a later change, and is a conflict when the slot was taken', async () => {
    const { id, approval, slot } = await bookingOf(USERS.alice!, 19);
    expect(await undo(approval, USERS.carol!)).toMatchObject({ outcome: 'refused', reason: 'not_requester', message: 'only alice, who asked for this change, can undo it' });
    expect(await undo(approval, USERS.root!)).toMatchObject({ outcome: 'refused', reason: 'not_requester' }); // not even an admin: it is alice's undo
    const past = new Date(Date.now() + 11 * 60_000).toISOString();
    expect(await undo(approval, USERS.alice!, 600_000, past)).toMatchObject({ outcome: 'refused', reason: 'window', message: expect.stringMatching(/undo window closed at .*\(10 min after the change\)/) });
    // Cancelled, then someone takes the slot: restoring it would double-book, so the undo is a conflict.
    const c = await propose(USERS.alice!, 'cancel_booking', { bookingId: id });
    if (!c.ok) throw new Error(c.error);
    const cancelled = await open_(USERS.alice!, c.details);
    expect(await decide(cancelled, USERS.alice!)).toBe('committed');
    expect(await undo(approval, USERS.alice!)).toMatchObject({ outcome: 'refused', reason: 'stale' }); // the create, after the cancel
    const taker = await propose(USERS.carol!, 'create_booking', { room: 'Room 2', start: slot.start, end: slot.end });
    if (!taker.ok) throw new Error(taker.error);
    expect(await decide(await open_(USERS.carol!, taker.details), USERS.carol!)).toBe('committed');
    const conflict = await undo(cancelled, USERS.alice!);
    expect(conflict).toMatchObject({ outcome: 'conflict', message: expect.stringMatching(/overlap another booking/), conflicts: [{ roomName: 'Room 2', startsAt: slot.start }] });
    expect((await store.getBooking(id))!.status).toBe('cancelled');
    expect((await store.history(id)).map((e) => e.event).at(-1)).toBe('undo_conflicted');
    // Nothing committed under an approval: nothing to undo.
    expect(await writes.undoWrite({ turnId: 'nope', approvalId: 'nope-1', actor: USERS.alice!, windowMs: 600_000, now: now(), timezone: 'UTC' })).toMatchObject({ outcome: 'refused', reason: 'not_found' });
    expect(idempotencyKeyFor('a', 'b')).toBe('a:b');
  });

  it.skipIf(skip)('"my bookings": requested by me or booked for me, by user id or display name', async () => {
    const mine = await bookingOf(USERS.dora!, 20);
    const slot = futureSlot(36, 21);
    const forDora = await propose(USERS.carol!, 'create_booking', { room: 'Focus A', start: slot.start, end: slot.end, bookedFor: 'dora' });
    if (!forDora.ok) throw new Error(forDora.error);
    expect(await decide(await open_(USERS.carol!, forDora.details), USERS.carol!)).toBe('committed');
    const listed = await store.listBookings({ owner: USERS.dora! });
    expect(listed.map((b) => b.id)).toContain(mine.id);
    expect(listed.every((b) => b.requestedBy === 'dora' || b.bookedFor.toLowerCase() === 'dora')).toBe(true);
    expect(listed).toHaveLength(2);
    // Booked for Dora by Carol: Dora owns it too, so she may change it; Bob (no owner) needs another approver.
    const forHer = listed.find((b) => b.id !== mine.id)!;
    const p = await propose(USERS.dora!, 'cancel_booking', { bookingId: forHer.id });
    expect(p).toMatchObject({ ok: true, details: { approvers: { requester: true }, owner: { requesterOwns: true } } });
  });
});

describe('the policy table', () => {
  const rooms = [{ id: 'boardroom', name: 'Boardroom' }];
  it('a room that always needs an approver: the requester cannot confirm their own booking of it', () => {
    const policy: BookingPolicy = { ...DEFAULT_POLICY, rooms: { Boardroom: { approve: ['approver', 'admin'] } } };
    const d = decideProposal(policy, USERS.alice!, 'create', null, rooms);
    expect(d).toEqual({ allowed: true, approvers: { requester: false, roles: ['approver', 'admin'], note: 'Boardroom needs an approver or an admin other than the requester to approve' } });
    expect(decideProposal(policy, USERS.alice!, 'create', null, [{ id: 'room-1', name: 'Room 1' }])).toMatchObject({ approvers: { requester: true } });
    const onlyAdmins: BookingPolicy = { ...DEFAULT_POLICY, rooms: { boardroom: { propose: ['admin'] } } };
    expect(decideProposal(onlyAdmins, USERS.bob!, 'create', null, rooms)).toEqual({ allowed: false, reason: 'only admins may book Boardroom' });
  });
  it('a policy may let members change each other\'s bookings, but never an empty approver list', () => {
    const open: BookingPolicy = { ...DEFAULT_POLICY, update: { ...DEFAULT_POLICY.update, others: { propose: ['member', 'approver', 'admin'], approve: ['approver'] } } };
    expect(decideProposal(open, USERS.carol!, 'update', { requestedBy: 'alice', bookedFor: 'Alice' }, [])).toMatchObject({ allowed: true, approvers: { requester: false, roles: ['approver'] } });
    expect(decideProposal(DEFAULT_POLICY, USERS.carol!, 'update', { requestedBy: 'alice', bookedFor: 'Alice' }, [])).toMatchObject({ allowed: false });
  });
});

describe('the policy file (BOOKING_POLICY_FILE)', () => {
  const withPolicy = (policy: unknown) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'policy-'));
    const file = path.join(dir, 'policy.json');
    fs.writeFileSync(file, typeof policy === 'string' ? policy : JSON.stringify(policy));
    return () => loadConfig({ BOOKING_POLICY_FILE: file, DATA_DIR: dir });
  };
  it('loads a valid file; actions it leaves out keep the default rule', () => {
    const c = withPolicy({ cancel: { own: { propose: ['member', 'approver', 'admin'], approve: ['approver'] }, others: { propose: ['admin'], approve: ['admin'] } }, rooms: { Boardroom: { approve: ['approver'] } } })();
    expect(c.policy.cancel.others).toEqual({ propose: ['admin'], approve: ['admin'] });
    expect(c.policy.update).toEqual(DEFAULT_POLICY.update);
    expect(loadConfig({}).policy).toEqual(DEFAULT_POLICY);
  });
  it('names each bad entry on its own: an unknown role, an unknown action, an unknown key, an empty approver list', () => {
    const load = withPolicy({
      create: { propose: ['member', 'manager'], approve: ['requester'] },
      delete: { propose: ['admin'], approve: ['admin'] },
      update: { own: { propose: ['member'], approve: [] }, others: { propose: ['approver'], approve: ['boss'], when: 'always' } },
    });
    let message = '';
    try {
      load();
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: BOOKING_POLICY_FILE: /);
    expect(message).toContain('create.propose.1: unknown role "manager" (roles: member, approver, admin)');
    expect(message).toContain('delete: unknown action (actions: create, update, cancel, undo; and rooms)');
    expect(message).toContain('update.own.approve: nobody could approve');
    expect(message).toContain('update.others.approve.0: unknown role "boss" (approvers: requester, member, approver, admin)');
    expect(message).toContain('update.others.when: unknown key');
    expect(() => withPolicy('{ not json')()).toThrow(/BOOKING_POLICY_FILE: not JSON/);
    expect(() => loadConfig({ BOOKING_POLICY_FILE: '/nonexistent/policy.json' })).toThrow(/BOOKING_POLICY_FILE: cannot read \/nonexistent\/policy.json \(ENOENT\)/);
  });
  it('refuses a room that does not exist, at start-up, one line per room', async () => {
    const db = await openDatabase({ inMemory: true, groups: ['bookings'] });
    try {
      await seedRooms(db);
      const policy = { ...DEFAULT_POLICY, rooms: { Boardroom: { approve: ['approver' as const] }, 'Room 9': { approve: ['admin' as const] }, 'room-42': { propose: ['admin' as const] } } };
      await expect(checkPolicyRooms({ policy }, createSqlBookingStore(db))).rejects.toThrow(
        /BOOKING_POLICY_FILE: rooms\.Room 9: no room with this name or id \(rooms: Boardroom, Focus A, Room 1, Room 2, Room 3\); rooms\.room-42: no room/,
      );
      await expect(checkPolicyRooms({ policy: { ...DEFAULT_POLICY, rooms: { boardroom: { approve: ['admin'] } } } }, createSqlBookingStore(db))).resolves.toBeUndefined();
    } finally {
      await db.close();
    }
  });
});
