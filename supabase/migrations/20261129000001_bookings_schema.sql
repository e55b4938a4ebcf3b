-- Rooms and bookings. No double booking is guaranteed here, by the exclusion constraint over
-- confirmed bookings (room, half-open time range), not by a read-then-write check in code.
create extension if not exists btree_gist;

create table if not exists rooms (
  id          text primary key,
  name        text not null unique,
  capacity    integer not null check (capacity > 0),
  features    text[] not null default '{}',
  created_at  timestamptz not null default now()
);

create table if not exists bookings (
  id               text primary key,
  room_id          text not null references rooms(id),
  starts_at        timestamptz not null,
  ends_at          timestamptz not null,
  booked_for       text not null,
  requested_by     text not null,
  approved_by      text,
  title            text not null default '',
  status           text not null default 'confirmed' check (status in ('confirmed', 'cancelled')),
  idempotency_key  text unique,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  check (ends_at > starts_at),
  constraint bookings_no_overlap exclude using gist (
    room_id with =,
    tstzrange(starts_at, ends_at, '[)') with &&
  ) where (status = 'confirmed')
);

create index if not exists bookings_room_time on bookings (room_id, starts_at);

-- The write ledger: one row per committed write, keyed by its idempotency key (derived from the turn
-- and the approval). A retried or re-run commit finds its row here and returns the same result.
create table if not exists booking_writes (
  idempotency_key  text primary key,
  action           text not null check (action in ('create', 'update', 'cancel')),
  booking_id       text not null,
  result           jsonb not null,
  created_at       timestamptz not null default now()
);
