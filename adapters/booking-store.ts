/**
 * Rooms and bookings over SQL (PGlite or Postgres). Reads for the Booking agent's tools; the write
 * functions arrive with the approval gate.
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
  title: string;
  status: string;
}

export interface BookingStore {
  listRooms(filter: { minCapacity?: number; feature?: string }): Promise<Room[]>;
  /** By id, exact name, or a bare number ("3" finds "Room 3"); case-insensitive. */
  findRoom(nameOrId: string): Promise<Room | null>;
  /** Confirmed bookings overlapping [start, end). */
  conflicts(roomId: string, start: string, end: string): Promise<Booking[]>;
  listBookings(filter: { roomId?: string; from?: string; to?: string; bookedFor?: string; limit?: number }): Promise<Booking[]>;
}

type RoomRow = { id: string; name: string; capacity: number; features: string[] };
type BookingRow = { id: string; room_id: string; room_name: string; starts_at: Date | string; ends_at: Date | string; booked_for: string; title: string; status: string };

const iso = (d: Date | string) => new Date(d).toISOString();
const room = (r: RoomRow): Room => ({ id: r.id, name: r.name, capacity: r.capacity, features: r.features ?? [] });
const booking = (r: BookingRow): Booking => ({
  id: r.id,
  roomId: r.room_id,
  roomName: r.room_name,
  startsAt: iso(r.starts_at),
  endsAt: iso(r.ends_at),
  bookedFor: r.booked_for,
  title: r.title,
  status: r.status,
});
const BOOKING_COLUMNS = `b.id, b.room_id, r.name as room_name, b.starts_at, b.ends_at, b.booked_for, b.title, b.status`;

export function createSqlBookingStore(db: Db): BookingStore {
  return {
    async listRooms({ minCapacity, feature }) {
      const { rows } = await db.query<RoomRow>(
        `select id, name, capacity, features from rooms
          where ($1::int is null or capacity >= $1::int) and ($2::text is null or lower($2::text) = any (select lower(f) from unnest(features) f))
          order by name`,
        [minCapacity ?? null, feature ?? null],
      );
      return rows.map(room);
    },
    async findRoom(nameOrId) {
      const q = nameOrId.trim();
      const { rows } = await db.query<RoomRow>(
        `select id, name, capacity, features from rooms
          where id = $1 or lower(name) = lower($1) or lower(name) = lower('room ' || $1) order by (id = $1) desc limit 1`,
        [q],
      );
      return rows[0] ? room(rows[0]) : null;
    },
    async conflicts(roomId, start, end) {
      const { rows } = await db.query<BookingRow>(
        `select ${BOOKING_COLUMNS} from bookings b join rooms r on r.id = b.room_id
          where b.room_id = $1 and b.status = 'confirmed'
            and tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange($2::timestamptz, $3::timestamptz, '[)')
          order by b.starts_at`,
        [roomId, start, end],
      );
      return rows.map(booking);
    },
    async listBookings({ roomId, from, to, bookedFor, limit = 50 }) {
      const { rows } = await db.query<BookingRow>(
        `select ${BOOKING_COLUMNS} from bookings b join rooms r on r.id = b.room_id
          where b.status = 'confirmed'
            and ($1::text is null or b.room_id = $1::text)
            and ($2::timestamptz is null or b.ends_at > $2::timestamptz)
            and ($3::timestamptz is null or b.starts_at < $3::timestamptz)
            and ($4::text is null or lower(b.booked_for) = lower($4::text))
          order by b.starts_at limit $5`,
        [roomId ?? null, from ?? null, to ?? null, bookedFor ?? null, limit],
      );
      return rows.map(booking);
    },
  };
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
