-- Conversations and their turns, kept in the database as well as in Temporal history, so follow-ups
-- see earlier turns and the API can list them. active_turn_id is the one-turn-at-a-time lock.
create table if not exists conversations (
  id              text primary key,
  user_id         text not null,
  active_turn_id  text,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now()
);
create index if not exists conversations_user on conversations (user_id, updated_at desc);

create table if not exists turns (
  id               text primary key,
  conversation_id  text not null references conversations(id),
  user_id          text not null,
  seq              integer not null,
  question         text not null,
  namespace        text not null,
  status           text not null check (status in ('running', 'awaiting_approval', 'completed', 'failed')),
  answer           text,
  -- the finished turn: decisions, sources, entities, receipts, usage, events
  result           jsonb,
  created_at       timestamptz not null default now(),
  finished_at      timestamptz,
  unique (conversation_id, seq)
);
create index if not exists turns_conversation on turns (conversation_id, seq);
