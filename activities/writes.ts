/**
 * Booking writes in two steps around the human approval: `prepareWrite` validates a proposed write and
 * resolves it to absolute times (nothing is written), `commitWrite` writes an approved one through the
 * SQL functions with an idempotency key derived from the turn and the approval.
 */
import crypto from 'node:crypto';
import type { WriteToolName } from '../domain/agents.js';
import { formatRange } from '../domain/time.js';
import type { Approval, CommitOutcome, Receipt, Slot, WriteDetails } from '../domain/types.js';
import type { Booking, BookingStore } from '../adapters/booking-store.js';
import { parseToolArgs } from './support.js';

export interface PrepareWriteInput {
  tool: WriteToolName;
  args: unknown;
  requestedBy: string;
  /** The workflow's clock, so a replayed turn judges "in the past" the same way. */
  now: string;
  timezone: string;
  limits: { maxBookingHours: number; bookingHorizonDays: number };
}
export type PrepareWriteResult =
  | { ok: true; details: WriteDetails }
  | { ok: false; error: string; conflicts?: { id: string; roomName: string; startsAt: string; endsAt: string }[]; suggestions?: Slot[] };

const HOUR = 3600_000;
// A start a few minutes in the past is a slow typist, not a request to book the past.
const PAST_GRACE_MS = 5 * 60_000;

const brief = (b: Booking) => ({ id: b.id, roomName: b.roomName, startsAt: b.startsAt, endsAt: b.endsAt, bookedFor: b.bookedFor });

/** The booking id a create commits under: derived from the idempotency key, so every retry names the same row. */
export const bookingIdFor = (idempotencyKey: string) => `bk_${crypto.createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 16)}`;
export const idempotencyKeyFor = (turnId: string, approvalId: string) => `${turnId}:${approvalId}`;

export function createWriteActivities(bookings: BookingStore) {
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
      if (input.tool === 'create_booking') {
        const room = await bookings.findRoom(a.room!);
        if (!room) return { ok: false, error: `no room called "${a.room}"; rooms: ${(await bookings.listRooms({})).map((r) => r.name).join(', ')}` };
        const start = new Date(a.start!);
        const end = new Date(a.end!);
        const problem = await checkRange(room.id, start, end, input);
        if (problem) return { ok: false, ...problem };
        const s = start.toISOString();
        const e = end.toISOString();
        return {
          ok: true,
          details: { action: 'create', bookingId: null, roomId: room.id, roomName: room.name, startsAt: s, endsAt: e, when: when(s, e), bookedFor: a.bookedFor!, title: a.title ?? '', current: null },
        };
      }
      const current = await bookings.getBooking(a.bookingId!);
      if (!current || current.status !== 'confirmed') return { ok: false, error: `no confirmed booking with id ${a.bookingId}` };
      const cur = { roomName: current.roomName, startsAt: current.startsAt, endsAt: current.endsAt, when: when(current.startsAt, current.endsAt) };
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
          },
        };
      }
      const room = a.room ? await bookings.findRoom(a.room) : { id: current.roomId, name: current.roomName };
      if (!room) return { ok: false, error: `no room called "${a.room}"` };
      const start = new Date(a.start ?? current.startsAt);
      const end = new Date(a.end ?? current.endsAt);
      const problem = await checkRange(room.id, start, end, input, current.id);
      if (problem) return { ok: false, ...problem };
      const s = start.toISOString();
      const e = end.toISOString();
      return {
        ok: true,
        details: { action: 'update', bookingId: current.id, roomId: room.id, roomName: room.name, startsAt: s, endsAt: e, when: when(s, e), bookedFor: current.bookedFor, title: a.title ?? current.title, current: cur },
      };
    },

    /** Commits an approved write, exactly once per approval whatever the retries. */
    async commitWrite(input: { approval: Approval; approvedBy: string; now: string; timezone: string }): Promise<CommitOutcome> {
      const { approval, approvedBy } = input;
      const d = approval.details;
      const key = idempotencyKeyFor(approval.turnId, approval.approvalId);
      const result =
        d.action === 'create'
          ? await bookings.createBooking({ bookingId: bookingIdFor(key), roomId: d.roomId, startsAt: d.startsAt, endsAt: d.endsAt, bookedFor: d.bookedFor, requestedBy: approval.requestedBy, approvedBy, title: d.title, idempotencyKey: key })
          : d.action === 'update'
            ? await bookings.updateBooking({ bookingId: d.bookingId!, roomId: d.roomId, startsAt: d.startsAt, endsAt: d.endsAt, title: d.title, approvedBy, idempotencyKey: key })
            : await bookings.cancelBooking({ bookingId: d.bookingId!, cancelledBy: approvedBy, idempotencyKey: key });
      if (result.outcome === 'committed') {
        const b = result.booking;
        const kind = ({ create: 'booking.created', update: 'booking.updated', cancel: 'booking.cancelled' } as const)[result.action];
        const verb = ({ create: 'booked', update: 'changed', cancel: 'cancelled' } as const)[result.action];
        const receipt: Receipt = {
          kind,
          bookingId: b.id,
          approvalId: approval.approvalId,
          roomId: b.roomId,
          roomName: b.roomName,
          startsAt: b.startsAt,
          endsAt: b.endsAt,
          status: b.status,
          summary: `${b.roomName} ${verb}, ${formatRange(b.startsAt, b.endsAt, input.timezone)}, for ${b.bookedFor}`,
          at: input.now,
        };
        return { outcome: 'committed', receipt };
      }
      if (result.outcome === 'conflict') {
        const free = await bookings.freeSlots(d.roomId, d.startsAt, d.endsAt, input.now);
        return {
          outcome: 'conflict',
          message: 'the slot was taken before the approval arrived',
          conflicts: result.conflicts.map(brief),
          suggestions: [...free.sameRoom, ...free.otherRooms],
        };
      }
      return { outcome: 'failed', message: result.message };
    },
  };
}
