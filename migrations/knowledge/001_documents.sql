-- Documents in the knowledge base (the vectors live in the configured vector store: pgvector or Pinecone).
create table if not exists kb_documents (
  id          text primary key,
  namespace   text not null,
  file_name   text not null,
  pages       integer not null default 0,
  created_at  timestamptz not null default now()
);
