/**
 * The booking SQL (schema, exclusion constraint, functions) through the store, on PGlite and on the
 * real PostgreSQL server: the same tests, the same SQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRooms, type BookingStore } from '../../adapters/booking-store.js';
import { openDatabase, type Db } from '../../adapters/db.js';
import { createSupabaseBookingStore, SupabaseRpcError } from '../../adapters/supabase-booking-store.js';
import { startFakePostgrest } from '../support/fake-postgrest.js';
import { bookingBackends, hasPostgres, SERVICE_KEY } from '../support/booking-backends.js';

describe.each(bookingBackends)('booking store on $name', ({ open, skip }) => {
  let db: Db;
  let store: BookingStore;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    if (skip) return;
    ({ db, store, cleanup } = await open());
    await seedRooms(db);
  });
  afterAll(async () => cleanup?.());

  const create = (key: string, start: string, end: string, roomId = 'room-3', bookingId = `bk_${key}`) =>
    store.createBooking({ bookingId, roomId, startsAt: start, endsAt: end, bookedFor: 'Sarah', requestedBy: 'alice', approvedBy: 'bob', title: 'Sync', idempotencyKey: key });

  it.skipIf(skip)('the database refuses overlapping confirmed bookings (23P01) on a plain insert', async () => {
    const ins = (id: string, s: string, e: string, status = 'confirmed') =>
      db.query(`insert into bookings (id, room_id, starts_at, ends_at, booked_for, requested_by, status) values ($1, 'room-2', $2, $3, 'x', 'y', $4)`, [id, s, e, status]);
    await ins('raw1', '2030-02-01T10:00:00Z', '2030-02-01T11:00:00Z');
    expect((await ins('raw2', '2030-02-01T10:30:00Z', '2030-02-01T11:30:00Z').catch((e) => e)).code).toBe('23P01');
    await ins('raw3', '2030-02-01T11:00:00Z', '2030-02-01T12:00:00Z'); // half-open: touching is fine
    await ins('raw4', '2030-02-01T10:15:00Z', '2030-02-01T10:45:00Z', 'cancelled');
    expect((await ins('raw5', '2030-02-01T13:00:00Z', '2030-02-01T12:00:00Z').catch((e) => e)).code).toBe('23514');
  });

  it.skipIf(skip)('finds rooms by id, name or number, filters by feature and capacity', async () => {
    expect((await store.findRoom('room-3'))?.name).toBe('Room 3');
    expect((await store.findRoom('room 3'))?.id).toBe('room-3');
    expect((await store.findRoom('3'))?.id).toBe('room-3');
    expect(await store.findRoom('Room 99')).toBeNull();
    expect((await store.listRooms({ feature: 'PROJECTOR' })).map((r) => r.id)).toEqual(['boardroom', 'room-3']);
    expect((await store.listRooms({ minCapacity: 10 })).map((r) => r.id)).toEqual(['boardroom']);
    expect(await store.listRooms({})).toHaveLength(5);
  });

  it.skipIf(skip)('creates a booking once per idempotency key, and reports conflicts instead of overlapping', async () => {
    const first = await create('k1', '2030-03-01T14:00:00Z', '2030-03-01T15:00:00Z');
    expect(first).toMatchObject({ outcome: 'committed', action: 'create', booking: { id: 'bk_k1', roomName: 'Room 3', startsAt: '2030-03-01T14:00:00.000Z', status: 'confirmed' } });
    const again = await create('k1', '2030-03-01T14:00:00Z', '2030-03-01T15:00:00Z');
    expect(again).toMatchObject({ outcome: 'committed', replayed: true, booking: { id: 'bk_k1' } });
    const clash = await create('k2', '2030-03-01T14:30:00Z', '2030-03-01T15:30:00Z');
    expect(clash).toEqual({ outcome: 'conflict', conflicts: [expect.objectContaining({ id: 'bk_k1' })] });
    expect(await create('k3', '2030-03-01T15:00:00Z', '2030-03-01T14:00:00Z')).toMatchObject({ outcome: 'invalid' });
    expect(await create('k4', '2030-03-01T15:00:00Z', '2030-03-01T16:00:00Z', 'nope')).toMatchObject({ outcome: 'not_found' });
    const rows = (await db.query<{ n: number }>(`select count(*)::int as n from bookings where room_id = 'room-3'`)).rows[0]!.n;
    expect(rows).toBe(1);
  });

  it.skipIf(skip)('concurrent commits of one slot: exactly one wins, the rest get conflicts', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => create(`race-${i}`, '2030-04-01T09:00:00Z', '2030-04-01T10:00:00Z', 'boardroom')));
    expect(results.filter((r) => r.outcome === 'committed')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'conflict')).toHaveLength(9);
    // The same key racing itself (a retry overlapping its first attempt) writes one row.
    const same = await Promise.all(Array.from({ length: 5 }, () => create('same-key', '2030-04-02T09:00:00Z', '2030-04-02T10:00:00Z', 'boardroom', 'bk_same')));
    expect(same.every((r) => r.outcome === 'committed' && r.booking.id === 'bk_same')).toBe(true);
    expect((await db.query<{ n: number }>(`select count(*)::int as n from bookings where idempotency_key = 'same-key'`)).rows[0]!.n).toBe(1);
  });

  it.skipIf(skip)('updates and cancels idempotently; conflicts ignore the booking itself', async () => {
    await create('u1', '2030-05-01T09:00:00Z', '2030-05-01T10:00:00Z', 'room-1');
    await create('u2', '2030-05-01T11:00:00Z', '2030-05-01T12:00:00Z', 'room-1');
    // Moving within its own slot is not a conflict with itself.
    const moved = await store.updateBooking({ bookingId: 'bk_u1', startsAt: '2030-05-01T09:30:00Z', endsAt: '2030-05-01T10:30:00Z', approvedBy: 'bob', idempotencyKey: 'm1' });
    expect(moved).toMatchObject({ outcome: 'committed', action: 'update', booking: { startsAt: '2030-05-01T09:30:00.000Z' } });
    expect(await store.updateBooking({ bookingId: 'bk_u1', startsAt: '2030-05-01T09:30:00Z', endsAt: '2030-05-01T10:30:00Z', approvedBy: 'bob', idempotencyKey: 'm1' })).toMatchObject({ replayed: true });
    const clash = await store.updateBooking({ bookingId: 'bk_u1', endsAt: '2030-05-01T11:30:00Z', approvedBy: 'bob', idempotencyKey: 'm2' });
    expect(clash).toMatchObject({ outcome: 'conflict', conflicts: [{ id: 'bk_u2' }] });
    const cancelled = await store.cancelBooking({ bookingId: 'bk_u2', cancelledBy: 'bob', idempotencyKey: 'c1' });
    expect(cancelled).toMatchObject({ outcome: 'committed', action: 'cancel', booking: { id: 'bk_u2', status: 'cancelled' } });
    expect(await store.cancelBooking({ bookingId: 'bk_u2', cancelledBy: 'bob', idempotencyKey: 'c1' })).toMatchObject({ outcome: 'committed', replayed: true });
    expect(await store.cancelBooking({ bookingId: 'bk_u2', cancelledBy: 'bob', idempotencyKey: 'c2' })).toMatchObject({ outcome: 'not_found', message: expect.stringMatching(/already cancelled/) });
    expect(await store.updateBooking({ bookingId: 'bk_nope', approvedBy: 'bob', idempotencyKey: 'm3' })).toMatchObject({ outcome: 'not_found' });
    // The slot freed by the cancellation can be taken now.
    expect((await store.updateBooking({ bookingId: 'bk_u1', endsAt: '2030-05-01T11:30:00Z', approvedBy: 'bob', idempotencyKey: 'm4' })).outcome).toBe('committed');
  });

  it.skipIf(skip)('lists bookings and conflicts, and offers the nearest free slots', async () => {
    await create('f1', '2030-06-01T14:00:00Z', '2030-06-01T15:00:00Z', 'room-2');
    await create('f2', '2030-06-01T15:00:00Z', '2030-06-01T16:00:00Z', 'room-2');
    const list = await store.listBookings({ roomId: 'room-2', from: '2030-06-01T00:00:00Z', to: '2030-06-02T00:00:00Z' });
    expect(list.map((b) => b.id)).toEqual(['bk_f1', 'bk_f2']);
    expect(list[0]).toMatchObject({ roomName: 'Room 2', bookedFor: 'Sarah', status: 'confirmed' });
    expect((await store.listBookings({ bookedFor: 'SARAH', from: '2030-06-01T00:00:00Z', to: '2030-06-02T00:00:00Z' })).length).toBe(2);
    expect((await store.conflicts('room-2', '2030-06-01T14:30:00Z', '2030-06-01T15:30:00Z')).map((b) => b.id)).toEqual(['bk_f1', 'bk_f2']);
    expect(await store.conflicts('room-2', '2030-06-01T14:30:00Z', '2030-06-01T15:00:00Z', 'bk_f1')).toEqual([]);
    const free = await store.freeSlots('room-2', '2030-06-01T14:30:00Z', '2030-06-01T15:30:00Z', '2030-06-01T00:00:00Z');
    expect(free.sameRoom.map((s) => s.startsAt)).toEqual(['2030-06-01T13:00:00.000Z', '2030-06-01T16:00:00.000Z', '2030-06-01T12:30:00.000Z']);
    expect(free.otherRooms.map((s) => s.roomId)).toContain('room-3');
    expect(free.otherRooms.every((s) => s.startsAt === '2030-06-01T14:30:00.000Z')).toBe(true);
    // Never before notBefore.
    const later = await store.freeSlots('room-2', '2030-06-01T14:30:00Z', '2030-06-01T15:30:00Z', '2030-06-01T14:00:00Z');
    expect(later.sameRoom.map((s) => s.startsAt)).toEqual(['2030-06-01T16:00:00.000Z', '2030-06-01T16:30:00.000Z', '2030-06-01T17:00:00.000Z']);
    expect(await store.getBooking('bk_f1')).toMatchObject({ id: 'bk_f1', requestedBy: 'alice', approvedBy: 'bob' });
    expect(await store.getBooking('bk_none')).toBeNull();
  });
});

describe('Supabase adapter wire format', () => {
  it('calls POST /rest/v1/rpc/<fn> with the service key and named arguments, and maps errors', async () => {
    const db = await openDatabase({ inMemory: true, groups: ['bookings'] });
    const rest = await startFakePostgrest(db, SERVICE_KEY);
    try {
      await seedRooms(db);
      const store = createSupabaseBookingStore(rest.url, SERVICE_KEY);
      await store.conflicts('room-1', '2030-01-01T10:00:00.000Z', '2030-01-01T11:00:00.000Z');
      const req = rest.requests.at(-1)!;
      expect(req).toMatchObject({ method: 'POST', path: '/rest/v1/rpc/booking_conflicts' });
      expect(req.headers).toMatchObject({ apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}`, 'content-type': expect.stringMatching(/application\/json/) });
      expect(req.body).toEqual({ p_room_id: 'room-1', p_starts_at: '2030-01-01T10:00:00.000Z', p_ends_at: '2030-01-01T11:00:00.000Z', p_exclude_booking_id: null });
      // A function PostgREST does not know (PGRST202): permanent, not retried.
      rest.failNext({ status: 404, code: 'PGRST202', message: 'Could not find the function public.list_rooms in the schema cache' });
      const missing = await store.listRooms({}).catch((e) => e);
      expect(missing).toBeInstanceOf(SupabaseRpcError);
      expect(missing).toMatchObject({ code: 'PGRST202', retryable: false });
      // A 503 from the gateway: transient, retried by the activity's policy.
      rest.failNext({ status: 503, code: '503', message: 'upstream unavailable' });
      expect(await store.listRooms({}).catch((e) => e)).toMatchObject({ retryable: true });
      // A wrong key is refused by PostgREST.
      const bad = createSupabaseBookingStore(rest.url, 'wrong-key');
      expect(await bad.listRooms({}).catch((e) => e)).toMatchObject({ code: 'PGRST301', retryable: false });
    } finally {
      await rest.close();
      await db.close();
    }
  });
});

it('ships the booking migrations unchanged for the Supabase CLI', () => {
  const ours = fs.readdirSync('migrations/bookings').sort();
  const theirs = fs.readdirSync('supabase/migrations').filter((f) => f.endsWith('.sql')).sort();
  expect(theirs).toHaveLength(ours.length);
  ours.forEach((f, i) => expect(fs.readFileSync(path.join('supabase/migrations', theirs[i]!), 'utf8'), `${theirs[i]} = ${f}`).toBe(fs.readFileSync(path.join('migrations/bookings', f), 'utf8')));
});

it('runs against the real PostgreSQL server on this machine', () => {
  // CI machines have it; a silent skip would hide that the Postgres adapter went untested.
  expect(hasPostgres || process.env.ALLOW_NO_POSTGRES === '1').toBe(true);
});
