-- Full-text search over the chunks' text, by the database, whichever store holds the vectors (pgvector
-- or Pinecone): one row per chunk (the same id, documentId:chunkIndex), its tsvector built with the
-- namespace's text search configuration (kb_namespaces.text_search_config, 'english' by default).
alter table kb_namespaces add column if not exists text_search_config text not null default 'english';

create table if not exists kb_passages (
  id           text primary key,
  namespace    text not null,
  document_id  text not null references kb_documents(id) on delete cascade,
  chunk_index  integer not null,
  file_name    text not null,
  page         integer not null,
  text         text not null,
  config       regconfig not null default 'english',
  tsv          tsvector generated always as (to_tsvector(config, text)) stored
);
create index if not exists kb_passages_namespace on kb_passages (namespace);
create index if not exists kb_passages_document on kb_passages (document_id);
create index if not exists kb_passages_tsv on kb_passages using gin (tsv);
