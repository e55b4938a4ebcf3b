-- Databases whose chunks were stored before full-text search existed: their text, from the pgvector
-- table, into the full-text table (nothing to copy on a new database; Pinecone keeps text in its own
-- metadata, so a Pinecone namespace gets full-text search when its documents are ingested again).
insert into kb_passages (id, namespace, document_id, chunk_index, file_name, page, text)
select id, namespace, document_id, chunk_index, file_name, page, text from kb_chunks
on conflict (id) do nothing;
