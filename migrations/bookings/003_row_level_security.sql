-- Row-level security with no policies: on Supabase, clients holding the anon or an authenticated key
-- can neither read nor write rooms and bookings through PostgREST; the service role the worker uses
-- bypasses RLS. On PGlite and plain Postgres the owning role is unaffected.
alter table rooms enable row level security;
alter table bookings enable row level security;
alter table booking_writes enable row level security;
