/**
 * Full-text search over the chunks' text by the database (PostgreSQL's text search, on PGlite and
 * PostgreSQL alike): the lexical side of hybrid retrieval (activities/search.ts). It lives in the app
 * database whichever store holds the vectors, so Pinecone deployments get it too: `withFullText` wraps
 * the vector store, writing every chunk's text beside its vector and removing it with it.
 *
 * A query is matched by any of its words (its lexemes OR-ed: a question rarely shares all its words with
 * the passage that answers it), and each passage is scored by **coverage**: the share of the query's
 * weight that it contains, where a lexeme weighs its inverse document frequency in the namespace
 * (ln((N + 1) / (df + 0.5))). A lexeme no passage has still weighs (the most), so "paternity leave"
 * against passages that only mention leave covers little of the question: a chance match of a common
 * word is not mistaken for an answer, and the honest "not found" survives. Ties go to `ts_rank_cd`.
 */
import type { Db, Queryable } from './db.js';
import { chunkHitOf, type KnowledgeStore, type TextHit } from './knowledge-store.js';

/** The text search configurations PostgreSQL ships (pg_ts_config), one per language, and `simple`. */
export const TEXT_SEARCH_CONFIGS = [
  'simple', 'arabic', 'armenian', 'basque', 'catalan', 'danish', 'dutch', 'english', 'finnish', 'french', 'german', 'greek', 'hindi',
  'hungarian', 'indonesian', 'irish', 'italian', 'lithuanian', 'nepali', 'norwegian', 'portuguese', 'romanian', 'russian', 'serbian',
  'spanish', 'swedish', 'tamil', 'turkish', 'yiddish',
] as const;
export type TextSearchConfig = (typeof TEXT_SEARCH_CONFIGS)[number];

export interface FullTextIndex {
  search(namespace: string, query: string, topK: number): Promise<TextHit[]>;
}

const MAX_QUERY_CHARS = 2000;
const NAMESPACE_CONFIG = `coalesce((select text_search_config from kb_namespaces where namespace = $1), 'english')::regconfig`;

export function createFullTextIndex(db: Db): FullTextIndex {
  return {
    async search(namespace, query, topK) {
      const { rows } = await db.query<{ document_id: string; file_name: string; page: number; chunk_index: number; text: string; coverage: number; rank: number }>(
        `with terms as (select distinct lexeme from unnest(to_tsvector(${NAMESPACE_CONFIG}, kb_words($2)))),
              total as (select count(*)::float8 as n from kb_passages where namespace = $1),
              weights as (
                select quote_literal(t.lexeme)::tsquery as q,
                       ln((total.n + 1) / ((select count(*) from kb_passages p where p.namespace = $1 and p.tsv @@ quote_literal(t.lexeme)::tsquery) + 0.5)) as w
                  from terms t, total),
              anyterm as (select string_agg(quote_literal(lexeme), ' | ')::tsquery as q from terms)
         select p.document_id, p.file_name, p.page, p.chunk_index, p.text,
                (select coalesce(sum(w.w), 0) from weights w where p.tsv @@ w.q) / nullif((select sum(w) from weights), 0) as coverage,
                ts_rank_cd(p.tsv, anyterm.q) as rank
           from kb_passages p, anyterm
          where p.namespace = $1 and p.tsv @@ anyterm.q
          order by coverage desc, rank desc, p.id
          limit $3`,
        // PostgreSQL text cannot hold NUL; a question longer than this is not a question.
        [namespace, query.replace(/\u0000/g, ' ').slice(0, MAX_QUERY_CHARS), topK],
      );
      return rows.map((r) => ({ ...chunkHitOf(r, Number(r.coverage ?? 0)), rank: Number(r.rank) }));
    },
  };
}

/**
 * The vector store, with every chunk's text kept in `kb_passages` beside it (same ids, removed with
 * it) and searchable through `searchText`. The text goes in after the vectors, so a chunk is never
 * found by its words before its vector exists.
 */
export function withFullText(store: KnowledgeStore, db: Db): KnowledgeStore {
  const index = createFullTextIndex(db);
  return {
    ...store,
    async upsertChunks(doc, chunks) {
      await store.upsertChunks(doc, chunks);
      await db.transaction(async (tx) => {
        for (let i = 0; i < chunks.length; i += 200) {
          const batch = chunks.slice(i, i + 200);
          const params: unknown[] = [doc.namespace, doc.id, doc.fileName];
          const values = batch.map((c) => {
            params.push(`${doc.id}:${c.chunkIndex}`, c.chunkIndex, c.page, c.text);
            const b = params.length - 4;
            return `($${b + 1}, $1, $2, $${b + 2}::int, $3, $${b + 3}::int, $${b + 4}, ${NAMESPACE_CONFIG})`;
          });
          await tx.query(
            `insert into kb_passages (id, namespace, document_id, chunk_index, file_name, page, text, config) values ${values.join(', ')}
             on conflict (id) do update set namespace = excluded.namespace, file_name = excluded.file_name, page = excluded.page, text = excluded.text, config = excluded.config`,
            params,
          );
        }
      });
    },
    async trimChunks(doc, keep) {
      const n = await store.trimChunks(doc, keep);
      await db.query(`delete from kb_passages where document_id = $1 and chunk_index >= $2`, [doc.id, keep]);
      return n;
    },
    async refreshStatistics() {
      await store.refreshStatistics?.();
      if (db.kind === 'pglite') await db.exec('analyze kb_passages');
    },
    searchText: (namespace, query, topK) => index.search(namespace, query, topK),
  };
}

/** The text of passages by id (documentId:chunkIndex), as they are now: a passage of a document since deleted is missing. */
export async function passageTexts(db: Queryable, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await db.query<{ text: string }>(`select text from kb_passages where id = any($1::text[])`, [ids])).rows.map((r) => r.text);
}
