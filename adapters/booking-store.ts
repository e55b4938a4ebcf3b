/**
 * Rooms and bookings. The logic lives in SQL functions (migrations/bookings/002_functions.sql); this
 * store calls them through an `RpcCaller`: SQL on PGlite/Postgres, or supabase-js `.rpc()` on Supabase.
 */
import type { Db } from './db.js';

export interface Room {
  id: string;
  name: string;
  capacity: number;
  features: string[];
}
export interface Booking {
  id: string;
  roomId: string;
  roomName: string;
  startsAt: string;
  endsAt: string;
  bookedFor: string;
  requestedBy?: string;
  approvedBy?: string | null;
  title: string;
  status: string;
  /** Raised by every committed write; a proposal records it so a commit after a later change is refused. */
  version?: number;
  updatedBy?: string | null;
  updateApprovedBy?: string | null;
  cancelledBy?: string | null;
  cancelApprovedBy?: string | null;
  cancelledAt?: string | null;
  createdAt?: string;
  updatedAt?: string;
}

/** One row of a booking's append-only audit trail. */
export interface AuditEntry {
  id: number;
  event: 'proposed' | 'approved' | 'rejected' | 'expired' | 'committed' | 'conflicted' | 'failed' | 'refused' | 'undone' | 'undo_conflicted';
  action: 'create' | 'update' | 'cancel' | 'undo';
  actor: string | null;
  turnId: string | null;
  approvalId: string | null;
  details: Record<string, unknown>;
  at: string;
}
export type AuditInput = Omit<AuditEntry, 'id' | 'at'> & { bookingId: string; dedupeKey: string | null };

/** A committed write as the ledger keeps it, for an undo. */
export interface LedgerWrite {
  idempotencyKey: string;
  action: 'create' | 'update' | 'cancel' | 'undo';
  bookingId: string;
  requestedBy: string | null;
  versionAfter: number | null;
  createdAt: string;
  undone: boolean;
}
export interface Slot {
  roomId: string;
  roomName: string;
  startsAt: string;
  endsAt: string;
}

/** What a write function returns. `replayed` marks an idempotent repeat of a committed write. */
export type WriteResult =
  | { outcome: 'committed'; action: 'create' | 'update' | 'cancel' | 'undo'; booking: Booking; replayed?: boolean; undid?: 'create' | 'update' | 'cancel' }
  | { outcome: 'conflict'; conflicts: Booking[] }
  /** The booking changed after the write was proposed (or after the write an undo would reverse). */
  | { outcome: 'stale'; message: string; booking: Booking }
  | { outcome: 'not_found' | 'invalid'; message: string };

export interface CreateBookingInput {
  bookingId: string;
  roomId: string;
  startsAt: string;
  endsAt: string;
  bookedFor: string;
  requestedBy: string;
  approvedBy: string;
  title: string;
  idempotencyKey: string;
  turnId?: string;
  approvalId?: string;
}
/** Fields left out stay as they are: an update writes only what the request changed. */
export interface UpdateBookingInput {
  bookingId: string;
  roomId?: string;
  startsAt?: string;
  endsAt?: string;
  title?: string;
  approvedBy: string;
  idempotencyKey: string;
  requestedBy?: string;
  /** The version the proposal saw: a booking changed since is refused ('stale'). */
  expectedVersion?: number;
  turnId?: string;
  approvalId?: string;
}
export interface CancelBookingInput {
  bookingId: string;
  /** Who asked for the cancellation. */
  cancelledBy: string;
  idempotencyKey: string;
  approvedBy?: string;
  expectedVersion?: number;
  turnId?: string;
  approvalId?: string;
}

export interface BookingStore {
  kind: 'sql' | 'supabase';
  listRooms(filter: { minCapacity?: number; feature?: string }): Promise<Room[]>;
  /** By id, exact name, or a bare number ("3" finds "Room 3"); case-insensitive. */
  findRoom(nameOrId: string): Promise<Room | null>;
  getBooking(id: string): Promise<Booking | null>;
  /** Confirmed bookings overlapping [start, end), optionally ignoring one booking. */
  conflicts(roomId: string, start: string, end: string, excludeBookingId?: string): Promise<Booking[]>;
  /** `owner`: only bookings requested by or booked for this user ("my bookings"). */
  listBookings(filter: { roomId?: string; from?: string; to?: string; bookedFor?: string; limit?: number; owner?: { userId: string; displayName: string } }): Promise<Booking[]>;
  freeSlots(roomId: string, start: string, end: string, notBefore: string, limit?: number): Promise<{ sameRoom: Slot[]; otherRooms: Slot[] }>;
  createBooking(input: CreateBookingInput): Promise<WriteResult>;
  updateBooking(input: UpdateBookingInput): Promise<WriteResult>;
  cancelBooking(input: CancelBookingInput): Promise<WriteResult>;
  /** Reverses the committed write under `idempotencyKey` (idempotent under "undo:<key>"). */
  undoWrite(input: { idempotencyKey: string; actor: string; turnId?: string; approvalId?: string }): Promise<WriteResult>;
  getWrite(idempotencyKey: string): Promise<LedgerWrite | null>;
  /** Appends to the audit trail; a repeated dedupe key is a no-op. */
  recordAudit(entry: AuditInput): Promise<void>;
  history(bookingId: string): Promise<AuditEntry[]>;
}

/** One SQL function call with named arguments; returns its jsonb result parsed. */
export type RpcCaller = (fn: string, args: Record<string, unknown>) => Promise<unknown>;

// Argument types, so SQL calls with parameters resolve the functions unambiguously.
const ARG_TYPES: Record<string, string> = {
  p_min_capacity: 'integer',
  p_limit: 'integer',
  p_starts_at: 'timestamptz',
  p_ends_at: 'timestamptz',
  p_from: 'timestamptz',
  p_to: 'timestamptz',
  p_not_before: 'timestamptz',
  p_expected_version: 'integer',
  p_details: 'jsonb',
};

/** Calls the SQL functions directly: `select fn(p_a => $1, …)`. */
export function sqlRpc(db: Db): RpcCaller {
  return async (fn, args) => {
    const names = Object.keys(args);
    if (!/^[a-z_]+$/.test(fn) || names.some((n) => !/^p_[a-z_]+$/.test(n))) throw new Error(`bad rpc call ${fn}`);
    const list = names.map((n, i) => `${n} => $${i + 1}::${ARG_TYPES[n] ?? 'text'}`).join(', ');
    // jsonb arguments travel as JSON text here (supabase-js sends the object itself).
    const values = names.map((n) => (ARG_TYPES[n] === 'jsonb' && args[n] !== null && args[n] !== undefined ? JSON.stringify(args[n]) : (args[n] ?? null)));
    const { rows } = await db.query<{ r: unknown }>(`select ${fn}(${list}) as r`, values);
    const r = rows[0]?.r;
    return typeof r === 'string' ? JSON.parse(r) : r;
  };
}

const iso = (v: unknown) => new Date(String(v)).toISOString();
function booking(b: Record<string, unknown>): Booking {
  return {
    id: String(b.id),
    roomId: String(b.roomId),
    roomName: String(b.roomName),
    startsAt: iso(b.startsAt),
    endsAt: iso(b.endsAt),
    bookedFor: String(b.bookedFor),
    requestedBy: b.requestedBy === undefined ? undefined : String(b.requestedBy),
    approvedBy: (b.approvedBy as string | null | undefined) ?? null,
    title: String(b.title ?? ''),
    status: String(b.status),
    ...(b.version === undefined ? {} : { version: Number(b.version) }),
    ...(b.createdAt ? { createdAt: iso(b.createdAt), updatedAt: iso(b.updatedAt) } : {}),
    ...(b.version === undefined
      ? {}
      : {
          updatedBy: (b.updatedBy as string | null) ?? null,
          updateApprovedBy: (b.updateApprovedBy as string | null) ?? null,
          cancelledBy: (b.cancelledBy as string | null) ?? null,
          cancelApprovedBy: (b.cancelApprovedBy as string | null) ?? null,
          cancelledAt: b.cancelledAt ? iso(b.cancelledAt) : null,
        }),
  };
}
const slot = (s: Record<string, unknown>): Slot => ({ roomId: String(s.roomId), roomName: String(s.roomName), startsAt: iso(s.startsAt), endsAt: iso(s.endsAt) });
const room = (r: Record<string, unknown>): Room => ({ id: String(r.id), name: String(r.name), capacity: Number(r.capacity), features: (r.features as string[]) ?? [] });

function writeResult(raw: unknown): WriteResult {
  const r = raw as Record<string, unknown>;
  if (r?.outcome === 'committed') {
    return {
      outcome: 'committed',
      action: r.action as 'create',
      booking: booking(r.booking as Record<string, unknown>),
      ...(r.replayed ? { replayed: true } : {}),
      ...(r.undid ? { undid: r.undid as 'create' } : {}),
    };
  }
  if (r?.outcome === 'stale') return { outcome: 'stale', message: String(r.message), booking: booking(r.booking as Record<string, unknown>) };
  if (r?.outcome === 'conflict') return { outcome: 'conflict', conflicts: ((r.conflicts as Record<string, unknown>[]) ?? []).map(booking) };
  if (r?.outcome === 'not_found' || r?.outcome === 'invalid') return { outcome: r.outcome, message: String(r.message) };
  throw new Error(`unexpected write result: ${JSON.stringify(raw)}`);
}

/** The booking store over any RPC caller: the same calls for SQL and Supabase. */
export function createBookingStore(rpc: RpcCaller, kind: BookingStore['kind']): BookingStore {
  const list = async <T>(fn: string, args: Record<string, unknown>, map: (x: Record<string, unknown>) => T) =>
    (((await rpc(fn, args)) as Record<string, unknown>[] | null) ?? []).map(map);
  return {
    kind,
    listRooms: ({ minCapacity, feature }) => list('list_rooms', { p_min_capacity: minCapacity ?? null, p_feature: feature ?? null }, room),
    async findRoom(q) {
      const r = (await rpc('find_room', { p_query: q })) as Record<string, unknown> | null;
      return r ? room(r) : null;
    },
    async getBooking(id) {
      const b = (await rpc('get_booking', { p_booking_id: id })) as Record<string, unknown> | null;
      return b ? booking(b) : null;
    },
    conflicts: (roomId, start, end, exclude) =>
      list('booking_conflicts', { p_room_id: roomId, p_starts_at: start, p_ends_at: end, p_exclude_booking_id: exclude ?? null }, booking),
    listBookings: ({ roomId, from, to, bookedFor, limit = 50, owner }) =>
      list(
        'list_bookings',
        {
          p_room_id: roomId ?? null,
          p_from: from ?? null,
          p_to: to ?? null,
          p_booked_for: bookedFor ?? null,
          p_limit: limit,
          p_owner_id: owner?.userId ?? null,
          p_owner_name: owner?.displayName ?? null,
        },
        booking,
      ),
    async freeSlots(roomId, start, end, notBefore, limit = 3) {
      const r = (await rpc('free_slots', { p_room_id: roomId, p_starts_at: start, p_ends_at: end, p_not_before: notBefore, p_limit: limit })) as {
        sameRoom: Record<string, unknown>[];
        otherRooms: Record<string, unknown>[];
      };
      return { sameRoom: (r?.sameRoom ?? []).map(slot), otherRooms: (r?.otherRooms ?? []).map(slot) };
    },
    createBooking: async (i) =>
      writeResult(
        await rpc('create_booking', {
          p_booking_id: i.bookingId,
          p_room_id: i.roomId,
          p_starts_at: i.startsAt,
          p_ends_at: i.endsAt,
          p_booked_for: i.bookedFor,
          p_requested_by: i.requestedBy,
          p_approved_by: i.approvedBy,
          p_title: i.title,
          p_idempotency_key: i.idempotencyKey,
          p_turn_id: i.turnId ?? null,
          p_approval_id: i.approvalId ?? null,
        }),
      ),
    updateBooking: async (i) =>
      writeResult(
        await rpc('update_booking', {
          p_booking_id: i.bookingId,
          p_room_id: i.roomId ?? null,
          p_starts_at: i.startsAt ?? null,
          p_ends_at: i.endsAt ?? null,
          p_title: i.title ?? null,
          p_approved_by: i.approvedBy,
          p_idempotency_key: i.idempotencyKey,
          p_requested_by: i.requestedBy ?? null,
          p_expected_version: i.expectedVersion ?? null,
          p_turn_id: i.turnId ?? null,
          p_approval_id: i.approvalId ?? null,
        }),
      ),
    cancelBooking: async (i) =>
      writeResult(
        await rpc('cancel_booking', {
          p_booking_id: i.bookingId,
          p_cancelled_by: i.cancelledBy,
          p_idempotency_key: i.idempotencyKey,
          p_approved_by: i.approvedBy ?? null,
          p_expected_version: i.expectedVersion ?? null,
          p_turn_id: i.turnId ?? null,
          p_approval_id: i.approvalId ?? null,
        }),
      ),
    undoWrite: async (i) =>
      writeResult(await rpc('undo_booking_write', { p_idempotency_key: i.idempotencyKey, p_actor: i.actor, p_turn_id: i.turnId ?? null, p_approval_id: i.approvalId ?? null })),
    async getWrite(key) {
      const w = (await rpc('get_booking_write', { p_idempotency_key: key })) as Record<string, unknown> | null;
      if (!w) return null;
      return {
        idempotencyKey: String(w.idempotencyKey),
        action: w.action as LedgerWrite['action'],
        bookingId: String(w.bookingId),
        requestedBy: (w.requestedBy as string | null) ?? null,
        versionAfter: w.versionAfter === null || w.versionAfter === undefined ? null : Number(w.versionAfter),
        createdAt: iso(w.createdAt),
        undone: Boolean(w.undone),
      };
    },
    async recordAudit(e) {
      await rpc('record_booking_audit', {
        p_booking_id: e.bookingId,
        p_event: e.event,
        p_action: e.action,
        p_actor: e.actor,
        p_turn_id: e.turnId,
        p_approval_id: e.approvalId,
        p_details: e.details,
        p_dedupe_key: e.dedupeKey,
      });
    },
    history: (bookingId) =>
      list('booking_history', { p_booking_id: bookingId }, (a): AuditEntry => ({
        id: Number(a.id),
        event: a.event as AuditEntry['event'],
        action: a.action as AuditEntry['action'],
        actor: (a.actor as string | null) ?? null,
        turnId: (a.turnId as string | null) ?? null,
        approvalId: (a.approvalId as string | null) ?? null,
        details: (a.details as Record<string, unknown>) ?? {},
        at: iso(a.at),
      })),
  };
}

export function createSqlBookingStore(db: Db): BookingStore {
  return createBookingStore(sqlRpc(db), 'sql');
}

/** The local stack's rooms, so `npm start` has something to ask about. Inserted once. */
export const SEED_ROOMS: Room[] = [
  { id: 'room-1', name: 'Room 1', capacity: 4, features: ['screen'] },
  { id: 'room-2', name: 'Room 2', capacity: 6, features: ['screen', 'whiteboard'] },
  { id: 'room-3', name: 'Room 3', capacity: 8, features: ['projector', 'whiteboard', 'video'] },
  { id: 'boardroom', name: 'Boardroom', capacity: 16, features: ['projector', 'video', 'phone'] },
  { id: 'focus-a', name: 'Focus A', capacity: 1, features: [] },
];

export async function seedRooms(db: Db, rooms: Room[] = SEED_ROOMS): Promise<number> {
  let n = 0;
  for (const r of rooms) {
    const { rows } = await db.query(
      `insert into rooms (id, name, capacity, features) values ($1, $2, $3, $4) on conflict do nothing returning id`,
      [r.id, r.name, r.capacity, r.features],
    );
    n += rows.length;
  }
  return n;
}
