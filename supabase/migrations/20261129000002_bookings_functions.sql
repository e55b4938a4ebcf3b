-- The booking logic as SQL functions, called with SQL (PGlite, Postgres) or with supabase-js .rpc()
-- (Supabase): one tested piece of SQL for every store. Each returns jsonb. Writes are atomic (one
-- function, one transaction), idempotent (the booking_writes ledger), and leave overlaps to the
-- exclusion constraint rather than a read-then-write check.

create or replace function booking_json(p_booking_id text) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'id', b.id, 'roomId', b.room_id, 'roomName', r.name, 'startsAt', b.starts_at, 'endsAt', b.ends_at,
    'bookedFor', b.booked_for, 'requestedBy', b.requested_by, 'approvedBy', b.approved_by,
    'title', b.title, 'status', b.status)
  from bookings b join rooms r on r.id = b.room_id
  where b.id = p_booking_id
$$;

create or replace function room_json(r rooms) returns jsonb
language sql immutable as $$
  select jsonb_build_object('id', r.id, 'name', r.name, 'capacity', r.capacity, 'features', to_jsonb(r.features))
$$;

-- ---------------------------------------------------------------- reads

create or replace function list_rooms(p_min_capacity integer default null, p_feature text default null) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(room_json(r) order by r.name), '[]'::jsonb)
  from rooms r
  where (p_min_capacity is null or r.capacity >= p_min_capacity)
    and (p_feature is null or lower(p_feature) = any (select lower(f) from unnest(r.features) f))
$$;

-- By id, exact name, or a bare number ("3" finds "Room 3"); case-insensitive. Null when none.
create or replace function find_room(p_query text) returns jsonb
language sql stable as $$
  select room_json(r) from rooms r
  where r.id = trim(p_query) or lower(r.name) = lower(trim(p_query)) or lower(r.name) = lower('room ' || trim(p_query))
  order by (r.id = trim(p_query)) desc
  limit 1
$$;

create or replace function get_booking(p_booking_id text) returns jsonb
language sql stable as $$
  select booking_json(p_booking_id)
$$;

-- Confirmed bookings overlapping [p_starts_at, p_ends_at), optionally ignoring one booking (an update's own).
create or replace function booking_conflicts(p_room_id text, p_starts_at timestamptz, p_ends_at timestamptz, p_exclude_booking_id text default null) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(booking_json(b.id) order by b.starts_at), '[]'::jsonb)
  from bookings b
  where b.room_id = p_room_id and b.status = 'confirmed'
    and (p_exclude_booking_id is null or b.id <> p_exclude_booking_id)
    and tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(p_starts_at, p_ends_at, '[)')
$$;

create or replace function list_bookings(p_room_id text default null, p_from timestamptz default null, p_to timestamptz default null,
                                         p_booked_for text default null, p_limit integer default 50) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(booking_json(x.id) order by x.starts_at), '[]'::jsonb)
  from (
    select b.id, b.starts_at from bookings b
    where b.status = 'confirmed'
      and (p_room_id is null or b.room_id = p_room_id)
      and (p_from is null or b.ends_at > p_from)
      and (p_to is null or b.starts_at < p_to)
      and (p_booked_for is null or lower(b.booked_for) = lower(p_booked_for))
    order by b.starts_at
    limit p_limit
  ) x
$$;

-- The nearest free slots of the same length: the same room shifted by half-hours (up to 8 h either
-- way, never before p_not_before), and other rooms free at the asked time.
create or replace function free_slots(p_room_id text, p_starts_at timestamptz, p_ends_at timestamptz,
                                      p_not_before timestamptz, p_limit integer default 3) returns jsonb
language sql stable as $$
  with same_room as (
    select p_room_id as room_id, p_starts_at + s * interval '30 minutes' as st, p_ends_at + s * interval '30 minutes' as en, abs(s) as dist
    from generate_series(-16, 16) s
    where s <> 0 and p_starts_at + s * interval '30 minutes' >= p_not_before
  ),
  same_free as (
    select c.* from same_room c
    where not exists (
      select 1 from bookings b where b.room_id = c.room_id and b.status = 'confirmed'
        and tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(c.st, c.en, '[)'))
    order by c.dist, c.st
    limit p_limit
  ),
  other_free as (
    select r.id as room_id, r.name, r.capacity from rooms r
    where r.id <> p_room_id
      and not exists (
        select 1 from bookings b where b.room_id = r.id and b.status = 'confirmed'
          and tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(p_starts_at, p_ends_at, '[)'))
    order by abs(r.capacity - coalesce((select capacity from rooms where id = p_room_id), r.capacity)), r.name
    limit p_limit
  )
  select jsonb_build_object(
    'sameRoom', coalesce((select jsonb_agg(jsonb_build_object('roomId', f.room_id, 'roomName', (select name from rooms where id = f.room_id),
                                                              'startsAt', f.st, 'endsAt', f.en) order by f.dist, f.st) from same_free f), '[]'::jsonb),
    'otherRooms', coalesce((select jsonb_agg(jsonb_build_object('roomId', o.room_id, 'roomName', o.name, 'startsAt', p_starts_at, 'endsAt', p_ends_at))
                            from other_free o), '[]'::jsonb))
$$;

-- ---------------------------------------------------------------- writes

create or replace function create_booking(p_booking_id text, p_room_id text, p_starts_at timestamptz, p_ends_at timestamptz,
                                          p_booked_for text, p_requested_by text, p_approved_by text, p_title text,
                                          p_idempotency_key text) returns jsonb
language plpgsql as $$
declare
  v_prior jsonb;
  v_result jsonb;
begin
  select result into v_prior from booking_writes where idempotency_key = p_idempotency_key;
  if found then return v_prior || jsonb_build_object('replayed', true); end if;
  if not exists (select 1 from rooms where id = p_room_id) then
    return jsonb_build_object('outcome', 'not_found', 'message', format('no room with id %s', p_room_id));
  end if;
  if p_ends_at <= p_starts_at then
    return jsonb_build_object('outcome', 'invalid', 'message', 'the end must be after the start');
  end if;
  begin
    insert into bookings (id, room_id, starts_at, ends_at, booked_for, requested_by, approved_by, title, status, idempotency_key)
    values (p_booking_id, p_room_id, p_starts_at, p_ends_at, p_booked_for, p_requested_by, p_approved_by, coalesce(p_title, ''), 'confirmed', p_idempotency_key);
  exception
    when exclusion_violation then
      return jsonb_build_object('outcome', 'conflict', 'conflicts', booking_conflicts(p_room_id, p_starts_at, p_ends_at));
    when unique_violation then
      -- The same write ran concurrently (a retry racing its first attempt) and committed first.
      select result into v_prior from booking_writes where idempotency_key = p_idempotency_key;
      if found then return v_prior || jsonb_build_object('replayed', true); end if;
      raise;
  end;
  v_result := jsonb_build_object('outcome', 'committed', 'action', 'create', 'booking', booking_json(p_booking_id));
  insert into booking_writes (idempotency_key, action, booking_id, result) values (p_idempotency_key, 'create', p_booking_id, v_result);
  return v_result;
end;
$$;

create or replace function update_booking(p_booking_id text, p_room_id text, p_starts_at timestamptz, p_ends_at timestamptz,
                                          p_title text, p_approved_by text, p_idempotency_key text) returns jsonb
language plpgsql as $$
declare
  v_prior jsonb;
  v_result jsonb;
  v_current bookings%rowtype;
  v_room text;
  v_start timestamptz;
  v_end timestamptz;
begin
  select result into v_prior from booking_writes where idempotency_key = p_idempotency_key;
  if found then return v_prior || jsonb_build_object('replayed', true); end if;
  select * into v_current from bookings where id = p_booking_id for update;
  if not found or v_current.status <> 'confirmed' then
    return jsonb_build_object('outcome', 'not_found', 'message', format('no confirmed booking %s', p_booking_id));
  end if;
  v_room := coalesce(p_room_id, v_current.room_id);
  v_start := coalesce(p_starts_at, v_current.starts_at);
  v_end := coalesce(p_ends_at, v_current.ends_at);
  if not exists (select 1 from rooms where id = v_room) then
    return jsonb_build_object('outcome', 'not_found', 'message', format('no room with id %s', v_room));
  end if;
  if v_end <= v_start then
    return jsonb_build_object('outcome', 'invalid', 'message', 'the end must be after the start');
  end if;
  begin
    update bookings set room_id = v_room, starts_at = v_start, ends_at = v_end, title = coalesce(p_title, title),
                        approved_by = p_approved_by, updated_at = now()
    where id = p_booking_id;
  exception
    when exclusion_violation then
      return jsonb_build_object('outcome', 'conflict', 'conflicts', booking_conflicts(v_room, v_start, v_end, p_booking_id));
  end;
  v_result := jsonb_build_object('outcome', 'committed', 'action', 'update', 'booking', booking_json(p_booking_id));
  insert into booking_writes (idempotency_key, action, booking_id, result) values (p_idempotency_key, 'update', p_booking_id, v_result);
  return v_result;
end;
$$;

create or replace function cancel_booking(p_booking_id text, p_cancelled_by text, p_idempotency_key text) returns jsonb
language plpgsql as $$
declare
  v_prior jsonb;
  v_result jsonb;
  v_status text;
begin
  select result into v_prior from booking_writes where idempotency_key = p_idempotency_key;
  if found then return v_prior || jsonb_build_object('replayed', true); end if;
  select status into v_status from bookings where id = p_booking_id for update;
  if not found then
    return jsonb_build_object('outcome', 'not_found', 'message', format('no booking %s', p_booking_id));
  end if;
  if v_status <> 'confirmed' then
    return jsonb_build_object('outcome', 'not_found', 'message', format('booking %s is already %s', p_booking_id, v_status));
  end if;
  update bookings set status = 'cancelled', approved_by = p_cancelled_by, updated_at = now() where id = p_booking_id;
  v_result := jsonb_build_object('outcome', 'committed', 'action', 'cancel', 'booking', booking_json(p_booking_id));
  insert into booking_writes (idempotency_key, action, booking_id, result) values (p_idempotency_key, 'cancel', p_booking_id, v_result);
  return v_result;
end;
$$;
