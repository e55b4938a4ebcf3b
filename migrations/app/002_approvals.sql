-- Approvals as the API lists them (GET /approvals). The workflow's state is the source of truth; the
-- turn workflow writes each approval here when it opens and when it is resolved.
create table if not exists approvals (
  id               text primary key,
  turn_id          text not null,
  conversation_id  text not null,
  requested_by     text not null,
  action           text not null,
  details          jsonb not null,
  status           text not null check (status in ('pending', 'approved', 'rejected', 'expired')),
  expires_at       timestamptz not null,
  resolved_by      text,
  resolved_at      timestamptz,
  comment          text,
  outcome          jsonb,
  created_at       timestamptz not null default now()
);
create index if not exists approvals_status on approvals (status, created_at);
create index if not exists approvals_requested_by on approvals (requested_by, status);
