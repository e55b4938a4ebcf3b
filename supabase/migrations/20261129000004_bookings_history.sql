-- Records that keep their history (issue 14): who created, approved, last changed and cancelled a
-- booking and when; a version that a proposed change records so a commit after the booking moved is
-- refused (no lost update); an append-only audit of every write with the turn and approval it came
-- from; undo of a committed write as a compensating write under the same exclusion constraint.

alter table bookings add column if not exists version integer not null default 1;
alter table bookings add column if not exists updated_by text;
alter table bookings add column if not exists update_approved_by text;
alter table bookings add column if not exists cancelled_by text;
alter table bookings add column if not exists cancel_approved_by text;
alter table bookings add column if not exists cancelled_at timestamptz;

-- The ledger keeps what an undo needs: who asked, the booking as it was before, its version after.
alter table booking_writes add column if not exists requested_by text;
alter table booking_writes add column if not exists before jsonb;
alter table booking_writes add column if not exists version_after integer;
alter table booking_writes drop constraint if exists booking_writes_action_check;
alter table booking_writes add constraint booking_writes_action_check check (action in ('create', 'update', 'cancel', 'undo'));

-- Append-only: rows are inserted, never changed or removed (a trigger refuses it, for every role
-- that is not the table's owner disabling triggers on purpose).
create table if not exists booking_audit (
  id           bigserial primary key,
  booking_id   text not null,
  event        text not null check (event in ('proposed', 'approved', 'rejected', 'expired', 'committed', 'conflicted', 'failed', 'refused', 'undone', 'undo_conflicted')),
  action       text not null check (action in ('create', 'update', 'cancel', 'undo')),
  actor        text,
  turn_id      text,
  approval_id  text,
  details      jsonb not null default '{}'::jsonb,
  -- Makes a retried activity's insert a no-op: "<approval id>:<event>".
  dedupe_key   text unique,
  at           timestamptz not null default now()
);
create index if not exists booking_audit_booking on booking_audit (booking_id, id);

create or replace function booking_audit_append_only() returns trigger
language plpgsql as $$
begin
  raise exception 'booking_audit is append-only (% refused)', tg_op using errcode = '42501';
end;
$$;
drop trigger if exists booking_audit_no_change on booking_audit;
create trigger booking_audit_no_change before update or delete on booking_audit
  for each row execute function booking_audit_append_only();
drop trigger if exists booking_audit_no_truncate on booking_audit;
create trigger booking_audit_no_truncate before truncate on booking_audit
  for each statement execute function booking_audit_append_only();
alter table booking_audit enable row level security;

create or replace function booking_json(p_booking_id text) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'id', b.id, 'roomId', b.room_id, 'roomName', r.name, 'startsAt', b.starts_at, 'endsAt', b.ends_at,
    'bookedFor', b.booked_for, 'requestedBy', b.requested_by, 'approvedBy', b.approved_by,
    'title', b.title, 'status', b.status, 'version', b.version,
    'createdAt', b.created_at, 'updatedAt', b.updated_at, 'updatedBy', b.updated_by, 'updateApprovedBy', b.update_approved_by,
    'cancelledBy', b.cancelled_by, 'cancelApprovedBy', b.cancel_approved_by, 'cancelledAt', b.cancelled_at)
  from bookings b join rooms r on r.id = b.room_id
  where b.id = p_booking_id
$$;

-- Appends one audit row; a repeat with the same dedupe key is a no-op. Returns whether it was new.
create or replace function record_booking_audit(p_booking_id text, p_event text, p_action text, p_actor text, p_turn_id text,
                                                p_approval_id text, p_details jsonb, p_dedupe_key text) returns jsonb
language sql as $$
  with ins as (
    insert into booking_audit (booking_id, event, action, actor, turn_id, approval_id, details, dedupe_key)
    values (p_booking_id, p_event, p_action, p_actor, p_turn_id, p_approval_id, coalesce(p_details, '{}'::jsonb), p_dedupe_key)
    on conflict (dedupe_key) do nothing
    returning id)
  select jsonb_build_object('recorded', exists (select 1 from ins))
$$;

create or replace function booking_history(p_booking_id text) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'event', a.event, 'action', a.action, 'actor', a.actor, 'turnId', a.turn_id,
                                               'approvalId', a.approval_id, 'details', a.details, 'at', a.at) order by a.id), '[]'::jsonb)
  from booking_audit a where a.booking_id = p_booking_id
$$;

-- "My bookings": requested by the user, or booked for them (by user id or display name).
drop function if exists list_bookings(text, timestamptz, timestamptz, text, integer);
create or replace function list_bookings(p_room_id text default null, p_from timestamptz default null, p_to timestamptz default null,
                                         p_booked_for text default null, p_limit integer default 50,
                                         p_owner_id text default null, p_owner_name text default null) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(booking_json(x.id) order by x.starts_at), '[]'::jsonb)
  from (
    select b.id, b.starts_at from bookings b
    where b.status = 'confirmed'
      and (p_room_id is null or b.room_id = p_room_id)
      and (p_from is null or b.ends_at > p_from)
      and (p_to is null or b.starts_at < p_to)
      and (p_booked_for is null or lower(b.booked_for) = lower(p_booked_for))
      and (p_owner_id is null or b.requested_by = p_owner_id
           or lower(trim(b.booked_for)) in (lower(trim(p_owner_id)), lower(trim(coalesce(p_owner_name, p_owner_id)))))
    order by b.starts_at
    limit p_limit
  ) x
$$;

-- ---------------------------------------------------------------- writes, with history

drop function if exists create_booking(text, text, timestamptz, timestamptz, text, text, text, text, text);
create or replace function create_booking(p_booking_id text, p_room_id text, p_starts_at timestamptz, p_ends_at timestamptz,
                                          p_booked_for text, p_requested_by text, p_approved_by text, p_title text,
                                          p_idempotency_key text, p_turn_id text default null, p_approval_id text default null) returns jsonb
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
  insert into booking_writes (idempotency_key, action, booking_id, result, requested_by, before, version_after)
  values (p_idempotency_key, 'create', p_booking_id, v_result, p_requested_by, null, 1);
  perform record_booking_audit(p_booking_id, 'committed', 'create', p_approved_by, p_turn_id, p_approval_id,
                               jsonb_build_object('requestedBy', p_requested_by, 'after', booking_json(p_booking_id)), p_idempotency_key || ':committed');
  return v_result;
end;
$$;

-- Writes only the fields given (null: unchanged). With p_expected_version, a booking that changed
-- since the proposal is refused ('stale'), never overwritten.
drop function if exists update_booking(text, text, timestamptz, timestamptz, text, text, text);
create or replace function update_booking(p_booking_id text, p_room_id text, p_starts_at timestamptz, p_ends_at timestamptz,
                                          p_title text, p_approved_by text, p_idempotency_key text,
                                          p_requested_by text default null, p_expected_version integer default null,
                                          p_turn_id text default null, p_approval_id text default null) returns jsonb
language plpgsql as $$
declare
  v_prior jsonb;
  v_result jsonb;
  v_before jsonb;
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
  if p_expected_version is not null and v_current.version <> p_expected_version then
    return jsonb_build_object('outcome', 'stale', 'message', format('booking %s changed after this was proposed (version %s, now %s)', p_booking_id, p_expected_version, v_current.version),
                              'booking', booking_json(p_booking_id));
  end if;
  v_before := booking_json(p_booking_id);
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
                        updated_by = coalesce(p_requested_by, p_approved_by), update_approved_by = p_approved_by,
                        version = version + 1, updated_at = now()
    where id = p_booking_id;
  exception
    when exclusion_violation then
      return jsonb_build_object('outcome', 'conflict', 'conflicts', booking_conflicts(v_room, v_start, v_end, p_booking_id));
  end;
  v_result := jsonb_build_object('outcome', 'committed', 'action', 'update', 'booking', booking_json(p_booking_id));
  insert into booking_writes (idempotency_key, action, booking_id, result, requested_by, before, version_after)
  values (p_idempotency_key, 'update', p_booking_id, v_result, p_requested_by, v_before, v_current.version + 1);
  perform record_booking_audit(p_booking_id, 'committed', 'update', p_approved_by, p_turn_id, p_approval_id,
                               jsonb_build_object('requestedBy', p_requested_by, 'before', v_before, 'after', booking_json(p_booking_id)), p_idempotency_key || ':committed');
  return v_result;
end;
$$;

-- p_cancelled_by is who asked for the cancellation; p_approved_by who approved it (approved_by, the
-- booking's own approver, is kept).
drop function if exists cancel_booking(text, text, text);
create or replace function cancel_booking(p_booking_id text, p_cancelled_by text, p_idempotency_key text,
                                          p_approved_by text default null, p_expected_version integer default null,
                                          p_turn_id text default null, p_approval_id text default null) returns jsonb
language plpgsql as $$
declare
  v_prior jsonb;
  v_result jsonb;
  v_before jsonb;
  v_current bookings%rowtype;
begin
  select result into v_prior from booking_writes where idempotency_key = p_idempotency_key;
  if found then return v_prior || jsonb_build_object('replayed', true); end if;
  select * into v_current from bookings where id = p_booking_id for update;
  if not found then
    return jsonb_build_object('outcome', 'not_found', 'message', format('no booking %s', p_booking_id));
  end if;
  if v_current.status <> 'confirmed' then
    return jsonb_build_object('outcome', 'not_found', 'message', format('booking %s is already %s', p_booking_id, v_current.status));
  end if;
  if p_expected_version is not null and v_current.version <> p_expected_version then
    return jsonb_build_object('outcome', 'stale', 'message', format('booking %s changed after this was proposed (version %s, now %s)', p_booking_id, p_expected_version, v_current.version),
                              'booking', booking_json(p_booking_id));
  end if;
  v_before := booking_json(p_booking_id);
  update bookings set status = 'cancelled', cancelled_by = p_cancelled_by, cancel_approved_by = coalesce(p_approved_by, p_cancelled_by),
                      cancelled_at = now(), version = version + 1, updated_at = now()
  where id = p_booking_id;
  v_result := jsonb_build_object('outcome', 'committed', 'action', 'cancel', 'booking', booking_json(p_booking_id));
  insert into booking_writes (idempotency_key, action, booking_id, result, requested_by, before, version_after)
  values (p_idempotency_key, 'cancel', p_booking_id, v_result, p_cancelled_by, v_before, v_current.version + 1);
  perform record_booking_audit(p_booking_id, 'committed', 'cancel', coalesce(p_approved_by, p_cancelled_by), p_turn_id, p_approval_id,
                               jsonb_build_object('requestedBy', p_cancelled_by, 'before', v_before, 'after', booking_json(p_booking_id)), p_idempotency_key || ':committed');
  return v_result;
end;
$$;

-- The committed write under an idempotency key, as an undo needs it (null when there is none).
create or replace function get_booking_write(p_idempotency_key text) returns jsonb
language sql stable as $$
  select jsonb_build_object('idempotencyKey', w.idempotency_key, 'action', w.action, 'bookingId', w.booking_id, 'requestedBy', w.requested_by,
                            'versionAfter', w.version_after, 'before', w.before, 'createdAt', w.created_at,
                            'undone', exists (select 1 from booking_writes u where u.idempotency_key = 'undo:' || w.idempotency_key))
  from booking_writes w where w.idempotency_key = p_idempotency_key
$$;

-- Undoes the committed write under p_idempotency_key with a compensating write: a create is
-- cancelled, a change is changed back, a cancellation is restored. Refused ('stale') when the booking
-- changed after that write; a restore that would overlap another booking is a 'conflict' (the
-- exclusion constraint decides). Idempotent under 'undo:<key>'.
create or replace function undo_booking_write(p_idempotency_key text, p_actor text, p_turn_id text default null, p_approval_id text default null) returns jsonb
language plpgsql as $$
declare
  v_undo_key text := 'undo:' || p_idempotency_key;
  v_prior jsonb;
  v_write booking_writes%rowtype;
  v_current bookings%rowtype;
  v_before jsonb;
  v_result jsonb;
begin
  select result into v_prior from booking_writes where idempotency_key = v_undo_key;
  if found then return v_prior || jsonb_build_object('replayed', true); end if;
  select * into v_write from booking_writes where idempotency_key = p_idempotency_key;
  if not found or v_write.action = 'undo' then
    return jsonb_build_object('outcome', 'not_found', 'message', 'no committed write to undo');
  end if;
  select * into v_current from bookings where id = v_write.booking_id for update;
  if not found then
    return jsonb_build_object('outcome', 'not_found', 'message', format('no booking %s', v_write.booking_id));
  end if;
  if v_write.version_after is null or v_current.version <> v_write.version_after then
    return jsonb_build_object('outcome', 'stale', 'message', format('booking %s changed after that write; undoing it now would overwrite the later change', v_write.booking_id),
                              'booking', booking_json(v_write.booking_id));
  end if;
  v_before := booking_json(v_write.booking_id);
  begin
    if v_write.action = 'create' then
      update bookings set status = 'cancelled', cancelled_by = p_actor, cancel_approved_by = p_actor, cancelled_at = now(),
                          version = version + 1, updated_at = now()
      where id = v_write.booking_id;
    elsif v_write.action = 'update' then
      update bookings set room_id = v_write.before->>'roomId', starts_at = (v_write.before->>'startsAt')::timestamptz,
                          ends_at = (v_write.before->>'endsAt')::timestamptz, title = v_write.before->>'title',
                          updated_by = p_actor, update_approved_by = p_actor, version = version + 1, updated_at = now()
      where id = v_write.booking_id;
    else
      update bookings set status = 'confirmed', cancelled_by = null, cancel_approved_by = null, cancelled_at = null,
                          version = version + 1, updated_at = now()
      where id = v_write.booking_id;
    end if;
  exception
    when exclusion_violation then
      perform record_booking_audit(v_write.booking_id, 'undo_conflicted', 'undo', p_actor, p_turn_id, p_approval_id,
                                   jsonb_build_object('undoes', v_write.action), null);
      return jsonb_build_object('outcome', 'conflict',
                                'conflicts', booking_conflicts(coalesce(v_write.before->>'roomId', v_current.room_id),
                                                               coalesce((v_write.before->>'startsAt')::timestamptz, v_current.starts_at),
                                                               coalesce((v_write.before->>'endsAt')::timestamptz, v_current.ends_at), v_write.booking_id));
  end;
  v_result := jsonb_build_object('outcome', 'committed', 'action', 'undo', 'undid', v_write.action, 'booking', booking_json(v_write.booking_id));
  insert into booking_writes (idempotency_key, action, booking_id, result, requested_by, before, version_after)
  values (v_undo_key, 'undo', v_write.booking_id, v_result, p_actor, v_before, v_current.version + 1);
  perform record_booking_audit(v_write.booking_id, 'undone', 'undo', p_actor, p_turn_id, p_approval_id,
                               jsonb_build_object('undoes', v_write.action, 'before', v_before, 'after', booking_json(v_write.booking_id)), v_undo_key);
  return v_result;
end;
$$;
