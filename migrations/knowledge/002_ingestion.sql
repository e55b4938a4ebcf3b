-- Ingestion: which embedder built each namespace (vectors of different models never mix), uploads kept
-- by content hash (so the worker reads them by key, never through workflow history), parsed chunks
-- staged between the parse and embed steps, and each ingestion's summary.
create table if not exists kb_namespaces (
  namespace    text primary key,
  embedder     text not null,   -- provider/model
  dimensions   integer not null,
  created_at   timestamptz not null default now()
);

alter table kb_documents add column if not exists content_hash text;
alter table kb_documents add column if not exists chunks integer not null default 0;
alter table kb_documents add column if not exists created_by text;
alter table kb_documents add column if not exists updated_at timestamptz not null default now();
-- Several versions of a file coexist only while a new one is being ingested; the finished one replaces the rest.
create index if not exists kb_documents_namespace_file on kb_documents (namespace, file_name);

create table if not exists uploads (
  key         text primary key,  -- sha256 of the bytes
  bytes       bytea not null,
  size        integer not null,
  created_at  timestamptz not null default now()
);

create table if not exists ingest_chunks (
  ingestion_id  text not null,
  chunk_index   integer not null,
  page          integer not null,
  text          text not null,
  primary key (ingestion_id, chunk_index)
);

create table if not exists ingestions (
  id           text primary key,
  namespace    text not null,
  file_name    text not null,
  upload_key   text not null,
  document_id  text,
  status       text not null check (status in ('running', 'completed', 'skipped', 'failed')),
  pages        integer,
  chunks       integer,
  error        text,
  created_by   text not null,
  created_at   timestamptz not null default now(),
  finished_at  timestamptz
);
