-- Chunk vectors in pgvector (VECTOR_STORE=pgvector): 1,024 dimensions, cosine distance, HNSW index.
create extension if not exists vector;

create table if not exists kb_chunks (
  id           text primary key,            -- document id + ':' + chunk index: re-runs never duplicate
  namespace    text not null,
  document_id  text not null references kb_documents(id) on delete cascade,
  chunk_index  integer not null,
  file_name    text not null,
  page         integer not null,
  text         text not null,
  embedding    vector(1024) not null
);
create index if not exists kb_chunks_namespace on kb_chunks (namespace);
create index if not exists kb_chunks_embedding on kb_chunks using hnsw (embedding vector_cosine_ops);
