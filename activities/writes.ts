/**
 * Booking writes in two steps around the human approval: `prepareWrite` validates a proposed write and
 * resolves it to absolute times (nothing is written), `commitWrite` writes an approved one through the
 * SQL functions with an idempotency key derived from the turn and the approval.
 */
import crypto from 'node:crypto';
import type { WriteToolName } from '../domain/agents.js';
import { decideProposal, mayApprove, owns, type Actor, type BookingPolicy, type Role } from '../domain/policy.js';
import { formatMoment, formatRange } from '../domain/time.js';
import { WRITTEN_AS } from '../domain/outcomes.js';
import type { Approval, CommitOutcome, Receipt, Slot, UndoOutcome, WriteDetails } from '../domain/types.js';
import type { AuditInput, Booking, BookingStore } from '../adapters/booking-store.js';
import { parseToolArgs } from './support.js';

export interface PrepareWriteInput {
  tool: WriteToolName;
  args: unknown;
  requestedBy: string;
  /** Who is asking (absent in turns started before the booking policy: a member). */
  caller?: Actor;
  /** The workflow's clock, so a replayed turn judges "in the past" the same way. */
  now: string;
  timezone: string;
  limits: { maxBookingHours: number; bookingHorizonDays: number };
}
export type PrepareWriteResult =
  | { ok: true; details: WriteDetails }
  | {
      ok: false;
      error: string;
      /** The booking policy refused it: no approval is requested, nothing is written. */
      refused?: true;
      conflicts?: { id: string; roomName: string; startsAt: string; endsAt: string; bookedFor?: string }[];
      suggestions?: Slot[];
    };

const HOUR = 3600_000;
// A start a few minutes in the past is a slow typist, not a request to book the past.
const PAST_GRACE_MS = 5 * 60_000;

const brief = (b: Booking) => ({ id: b.id, roomName: b.roomName, startsAt: b.startsAt, endsAt: b.endsAt, bookedFor: b.bookedFor });

/** The booking id a create commits under: derived from the idempotency key, so every retry names the same row. */
export const bookingIdFor = (idempotencyKey: string) => `bk_${crypto.createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 16)}`;
export const idempotencyKeyFor = (turnId: string, approvalId: string) => `${turnId}:${approvalId}`;

const memberFor = (userId: string): Actor => ({ userId, displayName: userId, role: 'member' });
const kinds = { create: 'booking.created', update: 'booking.updated', cancel: 'booking.cancelled' } as const;

export function createWriteActivities(bookings: BookingStore, policy: BookingPolicy) {
  /** Checks a range against the limits and the calendar; returns an error message or null. */
  async function checkRange(roomId: string, start: Date, end: Date, input: PrepareWriteInput, exclude?: string) {
    const now = new Date(input.now).getTime();
    if (!(end > start)) return { error: 'the end must be after the start' };
    if (start.getTime() < now - PAST_GRACE_MS) return { error: `the start (${start.toISOString()}) is in the past` };
    if (end.getTime() - start.getTime() > input.limits.maxBookingHours * HOUR) return { error: `a booking may last at most ${input.limits.maxBookingHours} hours` };
    if (start.getTime() > now + input.limits.bookingHorizonDays * 24 * HOUR) return { error: `bookings open at most ${input.limits.bookingHorizonDays} days ahead` };
    const conflicts = await bookings.conflicts(roomId, start.toISOString(), end.toISOString(), exclude);
    if (conflicts.length) {
      const free = await bookings.freeSlots(roomId, start.toISOString(), end.toISOString(), new Date(Math.max(now, 0)).toISOString());
      return { error: 'the room is not free then', conflicts: conflicts.map(brief), suggestions: [...free.sameRoom, ...free.otherRooms] };
    }
    return null;
  }

  return {
    /** Validates a proposed write and resolves it for the approver. Writes nothing. */
    async prepareWrite(input: PrepareWriteInput): Promise<PrepareWriteResult> {
      // One parser for all three tools: the branches below read the fields their tool has.
      const a = parseToolArgs(input.tool, input.args) as Record<string, string | undefined>;
      const when = (s: string, e: string) => formatRange(s, e, input.timezone);
      const caller = input.caller ?? memberFor(input.requestedBy);
      if (input.tool === 'create_booking') {
        const room = await bookings.findRoom(a.room!);
        if (!room) return { ok: false, error: `no room called "${a.room}"; rooms: ${(await bookings.listRooms({})).map((r) => r.name).join(', ')}` };
        // The gate before the calendar: a refused write says so, whatever the slot.
        const gate = decideProposal(policy, caller, 'create', null, [room]);
        if (!gate.allowed) return { ok: false, refused: true, error: `not allowed: ${gate.reason}` };
        const start = new Date(a.start!);
        const end = new Date(a.end!);
        const problem = await checkRange(room.id, start, end, input);
        if (problem) return { ok: false, ...problem };
        const s = start.toISOString();
        const e = end.toISOString();
        // "for me" (or nothing said) books for the person asking.
        const bookedFor = !a.bookedFor || /^(me|myself|i)$/i.test(a.bookedFor.trim()) ? caller.displayName : a.bookedFor;
        return {
          ok: true,
          details: {
            action: 'create',
            bookingId: null,
            roomId: room.id,
            roomName: room.name,
            startsAt: s,
            endsAt: e,
            when: when(s, e),
            bookedFor,
            title: a.title ?? '',
            current: null,
            approvers: gate.approvers,
            owner: { requestedBy: caller.userId, bookedFor, requesterOwns: true },
          },
        };
      }
      const current = await bookings.getBooking(a.bookingId!);
      if (!current || current.status !== 'confirmed') return { ok: false, error: `no confirmed booking with id ${a.bookingId}` };
      const cur = { roomName: current.roomName, startsAt: current.startsAt, endsAt: current.endsAt, when: when(current.startsAt, current.endsAt) };
      const action = input.tool === 'cancel_booking' ? 'cancel' : 'update';
      const target = action === 'update' && a.room ? await bookings.findRoom(a.room) : null;
      const touched = [{ id: current.roomId, name: current.roomName }, ...(target ? [target] : [])];
      const gate = decideProposal(policy, caller, action, current, touched);
      if (!gate.allowed) return { ok: false, refused: true, error: `not allowed: ${gate.reason}` };
      const guarded = {
        version: current.version,
        approvers: gate.approvers,
        owner: { requestedBy: current.requestedBy ?? null, bookedFor: current.bookedFor, requesterOwns: owns(caller, current) },
      };
      if (input.tool === 'cancel_booking') {
        return {
          ok: true,
          details: {
            action: 'cancel',
            bookingId: current.id,
            roomId: current.roomId,
            roomName: current.roomName,
            startsAt: current.startsAt,
            endsAt: current.endsAt,
            when: cur.when,
            bookedFor: current.bookedFor,
            title: current.title,
            current: cur,
            ...(a.reason ? { reason: a.reason } : {}),
            ...guarded,
          },
        };
      }
      const room = a.room ? target : { id: current.roomId, name: current.roomName };
      if (!room) return { ok: false, error: `no room called "${a.room}"` };
      const start = new Date(a.start ?? current.startsAt);
      const end = new Date(a.end ?? current.endsAt);
      const problem = await checkRange(room.id, start, end, input, current.id);
      if (problem) return { ok: false, ...problem };
      const s = start.toISOString();
      const e = end.toISOString();
      return {
        ok: true,
        details: {
          action: 'update',
          bookingId: current.id,
          roomId: room.id,
          roomName: room.name,
          startsAt: s,
          endsAt: e,
          when: when(s, e),
          bookedFor: current.bookedFor,
          title: a.title ?? current.title,
          current: cur,
          // Only what the request changed is written at commit: a later change to other fields survives.
          changes: {
            ...(a.room ? { roomId: room.id } : {}),
            ...(a.start ? { startsAt: s } : {}),
            ...(a.end ? { endsAt: e } : {}),
            ...(a.title !== undefined ? { title: a.title } : {}),
          },
          ...guarded,
        },
      };
    },

    /**
     * Commits an approved write, exactly once per approval whatever the retries. The policy is checked
     * again on the booking as it is now, and the approver against the rule; a booking changed since the
     * proposal is refused, not overwritten.
     */
    async commitWrite(input: { approval: Approval; approvedBy: string; approverRole?: Role; caller?: Actor; now: string; timezone: string }): Promise<CommitOutcome> {
      const { approval, approvedBy } = input;
      const d = approval.details;
      const key = idempotencyKeyFor(approval.turnId, approval.approvalId);
      const ids = { turnId: approval.turnId, approvalId: approval.approvalId, idempotencyKey: key };
      if (input.caller && input.approverRole) {
        const current = d.bookingId ? await bookings.getBooking(d.bookingId) : null;
        // A retry of a commit that went through finds its ledger row: nothing to judge again.
        if (!(await bookings.getWrite(key))) {
          if (d.action !== 'create' && (!current || current.status !== 'confirmed')) return { outcome: 'failed', message: `booking ${d.bookingId} is no longer confirmed` };
          const touched = [{ id: d.roomId, name: d.roomName }, ...(current ? [{ id: current.roomId, name: current.roomName }] : [])];
          const gate = decideProposal(policy, input.caller, d.action, current, touched);
          if (!gate.allowed) return { outcome: 'refused', message: `not allowed any more: ${gate.reason}` };
          if (!mayApprove(gate.approvers, approval.requestedBy, approvedBy, input.approverRole)) {
            return { outcome: 'refused', message: `${approvedBy} may not approve this: ${gate.approvers.note}` };
          }
        }
      }
      // The approval reaches the audit before the write it allows (saveApproval's later copy is a no-op),
      // so a booking's history reads proposed → approved → committed.
      const approved = approvalAuditRows({ ...approval, status: 'approved', resolvedBy: approvedBy, outcome: null })[1]!;
      await bookings.recordAudit(approved);
      const result =
        d.action === 'create'
          ? await bookings.createBooking({ bookingId: bookingIdFor(key), roomId: d.roomId, startsAt: d.startsAt, endsAt: d.endsAt, bookedFor: d.bookedFor, requestedBy: approval.requestedBy, approvedBy, title: d.title, ...ids })
          : d.action === 'update'
            ? await bookings.updateBooking({
                bookingId: d.bookingId!,
                // Approvals recorded before `changes` existed wrote every field, as they were proposed.
                ...(d.changes ?? { roomId: d.roomId, startsAt: d.startsAt, endsAt: d.endsAt, title: d.title }),
                approvedBy,
                requestedBy: approval.requestedBy,
                expectedVersion: d.version,
                ...ids,
              })
            : await bookings.cancelBooking({ bookingId: d.bookingId!, cancelledBy: approval.requestedBy, approvedBy, expectedVersion: d.version, ...ids });
      if (result.outcome === 'committed') return { outcome: 'committed', receipt: receiptFor(result.booking, result.action as 'create', approval.approvalId, input) };
      if (result.outcome === 'conflict') {
        const free = await bookings.freeSlots(d.roomId, d.startsAt, d.endsAt, input.now);
        return {
          outcome: 'conflict',
          message: 'the slot was taken before the approval arrived',
          conflicts: result.conflicts.map(brief),
          suggestions: [...free.sameRoom, ...free.otherRooms],
        };
      }
      if (result.outcome === 'stale') {
        const b = result.booking;
        return {
          outcome: 'conflict',
          message: `the booking changed after this was proposed (it is now ${b.roomName}, ${formatRange(b.startsAt, b.endsAt, input.timezone)}${b.title ? `, "${b.title}"` : ''}); nothing was written, propose the change again`,
          conflicts: [],
          suggestions: [],
        };
      }
      return { outcome: 'failed', message: result.message };
    },

    /**
     * Undoes a committed write for its requester, within the window, through the same policy and the
     * same exclusion constraint: a create is cancelled, a change reverted, a cancellation restored.
     */
    async undoWrite(input: { turnId: string; approvalId: string; actor: Actor; windowMs: number; now: string; timezone: string }): Promise<UndoOutcome> {
      const key = idempotencyKeyFor(input.turnId, input.approvalId);
      const w = await bookings.getWrite(key);
      if (!w || w.action === 'undo') return { outcome: 'refused', reason: 'not_found', message: `approval ${input.approvalId} committed nothing to undo` };
      const by = w.requestedBy ?? '(unknown)';
      if (w.requestedBy !== input.actor.userId) return { outcome: 'refused', reason: 'not_requester', message: `only ${by}, who asked for this change, can undo it` };
      if (!policy.undo.propose.includes(input.actor.role)) return { outcome: 'refused', reason: 'policy', message: `a ${input.actor.role} may not undo changes` };
      const current = await bookings.getBooking(w.bookingId);
      if (!current) return { outcome: 'refused', reason: 'not_found', message: `booking ${w.bookingId} is gone` };
      if (!w.undone) {
        const closes = Date.parse(w.createdAt) + input.windowMs;
        if (Date.parse(input.now) > closes) {
          return { outcome: 'refused', reason: 'window', message: `the undo window closed at ${formatMoment(new Date(closes).toISOString(), input.timezone)} (${Math.round(input.windowMs / 60_000)} min after the change)` };
        }
        // The compensating write passes the same gate as any write to this booking.
        const gate = decideProposal(policy, input.actor, w.action === 'create' ? 'cancel' : 'update', current, [{ id: current.roomId, name: current.roomName }]);
        if (!gate.allowed) return { outcome: 'refused', reason: 'policy', message: `not allowed: ${gate.reason}` };
      }
      const result = await bookings.undoWrite({ idempotencyKey: key, actor: input.actor.userId, turnId: input.turnId, approvalId: input.approvalId });
      if (result.outcome === 'committed') {
        const b = result.booking;
        const undid = result.undid ?? w.action;
        const summary = { create: `undone: the booking of ${b.roomName} is cancelled`, update: `undone: ${b.roomName} is back to`, cancel: `undone: ${b.roomName} is booked again,` }[undid as 'create'];
        return {
          outcome: 'undone',
          receipt: {
            ...receiptFor(b, undid === 'create' ? 'cancel' : undid === 'cancel' ? 'create' : 'update', input.approvalId, input),
            summary: `${summary} ${formatRange(b.startsAt, b.endsAt, input.timezone)}, for ${b.bookedFor}`,
          },
        };
      }
      if (result.outcome === 'conflict') {
        const free = await bookings.freeSlots(current.roomId, current.startsAt, current.endsAt, input.now);
        return { outcome: 'conflict', message: 'undoing it would overlap another booking; nothing was changed', conflicts: result.conflicts.map(brief), suggestions: [...free.sameRoom, ...free.otherRooms] };
      }
      if (result.outcome === 'stale') return { outcome: 'refused', reason: 'stale', message: `${result.message}; nothing was changed` };
      return { outcome: 'refused', reason: 'not_found', message: result.message };
    },
  };
}

/** The audit rows an approval's state adds (the commit itself is recorded by the SQL write, in its transaction). */
export function approvalAuditRows(a: Approval): AuditInput[] {
  const bookingId = a.details.bookingId ?? bookingIdFor(idempotencyKeyFor(a.turnId, a.approvalId));
  const base = { bookingId, action: a.action, turnId: a.turnId, approvalId: a.approvalId };
  const d = a.details;
  const rows: AuditInput[] = [
    {
      ...base,
      event: 'proposed',
      actor: a.requestedBy,
      details: { roomName: d.roomName, startsAt: d.startsAt, endsAt: d.endsAt, bookedFor: d.bookedFor, title: d.title, ...(d.changes ? { changes: d.changes } : {}), ...(d.version ? { version: d.version } : {}) },
      dedupeKey: `${a.approvalId}:proposed`,
    },
  ];
  if (a.status === 'pending') return rows;
  rows.push({ ...base, event: a.status, actor: a.resolvedBy, details: a.comment ? { comment: a.comment } : {}, dedupeKey: `${a.approvalId}:${a.status}` });
  const o = a.outcome;
  if (o && o.outcome !== 'committed') {
    const event = o.outcome === 'conflict' ? 'conflicted' : o.outcome;
    rows.push({ ...base, event, actor: a.resolvedBy, details: { message: o.message, ...(o.outcome === 'conflict' ? { conflicts: o.conflicts } : {}) }, dedupeKey: `${a.approvalId}:${event}` });
  }
  return rows;
}

/** The receipt of a committed write. */
function receiptFor(b: Booking, action: 'create' | 'update' | 'cancel', approvalId: string, at: { now: string; timezone: string }): Receipt {
  return {
    kind: kinds[action],
    bookingId: b.id,
    approvalId,
    roomId: b.roomId,
    roomName: b.roomName,
    startsAt: b.startsAt,
    endsAt: b.endsAt,
    status: b.status,
    summary: `${b.roomName} ${WRITTEN_AS[action]}, ${formatRange(b.startsAt, b.endsAt, at.timezone)}, for ${b.bookedFor}`,
    at: at.now,
  };
}
