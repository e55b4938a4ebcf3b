/**
 * The retrieval eval (`npm run eval -- --retrieval`): paraphrased questions about the project's own PDFs
 * (evals/retrieval_dataset.json), each with the pages that answer it. The PDFs are ingested the way
 * ingestion does (parse, chunk, embed, store) into a fresh in-memory database; each question is searched
 * the way the knowledge-base tool searches (embed, top 5, passages under KB_MIN_SCORE dropped), and
 * scored: recall@5 (an answering page among the five sources) and MRR (1 / the rank of the first
 * answering source, 0 when none). Reported per backend.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { openDatabase, type Db } from '../adapters/db.js';
import type { Embedder } from '../adapters/embedding.js';
import { withFullText } from '../adapters/fulltext.js';
import { createPgvectorStore, putDocument, type KnowledgeStore } from '../adapters/knowledge-store.js';
import { parsePdf } from '../adapters/pdf.js';
import { chunkPages } from '../domain/chunking.js';
import { retrievePassages } from '../activities/search.js';

export const RETRIEVAL_DATASET_PATH = new URL('./retrieval_dataset.json', import.meta.url);
export const TOP_K = 5;

const datasetSchema = z
  .object({
    about: z.string(),
    documents: z.array(z.object({ file: z.string().min(1), path: z.string().min(1) }).strict()).min(1),
    questions: z
      .array(
        z
          .object({
            question: z.string().min(10),
            file: z.string().min(1),
            pages: z.array(z.number().int().min(1)).min(1),
            /** Phrasings searched with the question, as the agent may give them (query expansion). */
            alternates: z.array(z.string().min(1)).max(4).optional(),
          })
          .strict(),
      )
      .min(1),
    /** Questions no document answers: the honest result is no passage at all (calibrates the thresholds). */
    unanswerable: z.array(z.string().min(10)).optional(),
  })
  .strict()
  .superRefine((d, ctx) => {
    const files = new Set(d.documents.map((x) => x.file));
    d.questions.forEach((q, i) => {
      if (!files.has(q.file)) ctx.addIssue({ code: 'custom', path: ['questions', i, 'file'], message: `not one of the documents: ${q.file}` });
    });
  });
export type RetrievalDataset = z.infer<typeof datasetSchema>;
export type RetrievalQuestion = RetrievalDataset['questions'][number];

export function loadRetrievalDataset(file: URL | string = RETRIEVAL_DATASET_PATH): RetrievalDataset {
  const parsed = datasetSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`retrieval dataset: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** Recall@k and reciprocal rank of one question, from its sources in rank order. */
export function scoreSources(sources: { fileName: string; page: number }[], q: Pick<RetrievalQuestion, 'file' | 'pages'>, k = TOP_K): { hit: boolean; rank: number | null } {
  const i = sources.slice(0, k).findIndex((s) => s.fileName === q.file && q.pages.includes(s.page));
  return { hit: i >= 0, rank: i >= 0 ? i + 1 : null };
}

export interface RetrievalResult {
  question: string;
  file: string;
  expected: number[];
  /** The sources' pages in rank order (file:page). */
  got: string[];
  rank: number | null;
}
export interface RetrievalReport {
  backend: string;
  questions: number;
  recallAt5: number;
  mrr: number;
  byDocument: Record<string, { questions: number; recallAt5: number; mrr: number }>;
  chunks: number;
  minScore: number;
  /** The full-text side's weight in relevance, or null when the run searched vectors only. */
  textWeight: number | null;
  results: RetrievalResult[];
  /** Unanswerable questions that still got passages (the honest answer is none), and how many were asked. */
  falseFound: { rate: number; asked: number; found: { question: string; got: string[] }[] };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
function summary(rs: RetrievalResult[]) {
  const n = rs.length || 1;
  return { questions: rs.length, recallAt5: round(rs.filter((r) => r.rank !== null).length / n), mrr: round(rs.reduce((s, r) => s + (r.rank ? 1 / r.rank : 0), 0) / n) };
}

/** Ingests PDFs the way ingestion does (parse, chunk, embed, store) into `namespace`; returns the chunk count. */
export async function ingestForEval(o: { db: Db; store: KnowledgeStore; embedder: Embedder; namespace: string; documents: { file: string; path: string }[]; batchSize?: number }): Promise<number> {
  const batch = o.batchSize ?? 64;
  let chunkCount = 0;
  for (const [d, doc] of o.documents.entries()) {
    const { pages } = await parsePdf(new Uint8Array(fs.readFileSync(doc.path)));
    const chunks = chunkPages(pages);
    const vectors: number[][] = [];
    for (let i = 0; i < chunks.length; i += batch) vectors.push(...(await o.embedder.embed(chunks.slice(i, i + batch).map((c) => c.text))));
    await putDocument(o.db, o.store, { id: `eval-doc-${d}`, namespace: o.namespace, fileName: doc.file, pages: pages.length }, chunks.map((c, i) => ({ chunkIndex: c.index, page: c.page, text: c.text, embedding: vectors[i]! })));
    chunkCount += chunks.length;
  }
  await o.store.refreshStatistics?.();
  return chunkCount;
}

/** What a run measured: the embedder, and the database's full-text search beside it when it ran. */
export const backendName = (embedder: Embedder, textWeight: number | null) => (textWeight === null ? embedder.id : `${embedder.id} + full-text`);

/** Ingests the dataset's documents with `embedder` into a fresh in-memory database, asks every question, scores it. */
export async function runRetrievalEval(opts: {
  embedder: Embedder;
  minScore: number;
  /** The full-text side's weight (KB_TEXT_WEIGHT); null searches vectors only (how retrieval worked before issue 20). */
  textWeight: number | null;
  dataset?: RetrievalDataset;
  batchSize?: number;
}): Promise<RetrievalReport> {
  const dataset = opts.dataset ?? loadRetrievalDataset();
  const db = await openDatabase({ inMemory: true });
  try {
    const store = opts.textWeight === null ? createPgvectorStore(db) : withFullText(createPgvectorStore(db), db);
    const deps = { embedder: opts.embedder, knowledge: store, minScore: opts.minScore, textWeight: opts.textWeight ?? 0 };
    const namespace = 'retrieval-eval';
    const chunkCount = await ingestForEval({ db, store, embedder: opts.embedder, namespace, documents: dataset.documents, batchSize: opts.batchSize });
    const results: RetrievalResult[] = [];
    for (const q of dataset.questions) {
      // What the knowledge-base tool hands its agent: the top five, minus passages under the threshold.
      const hits = await retrievePassages(deps, namespace, [q.question, ...(q.alternates ?? [])], TOP_K);
      const { rank } = scoreSources(hits, q);
      results.push({ question: q.question, file: q.file, expected: q.pages, got: hits.map((h) => `${h.fileName}:${h.page}`), rank });
    }
    const byDocument = Object.fromEntries(dataset.documents.map((doc) => [doc.file, summary(results.filter((r) => r.file === doc.file))]));
    const found: { question: string; got: string[] }[] = [];
    for (const question of dataset.unanswerable ?? []) {
      const hits = await retrievePassages(deps, namespace, [question], TOP_K);
      if (hits.length > 0) found.push({ question, got: hits.map((h) => `${h.fileName}:${h.page}`) });
    }
    const asked = dataset.unanswerable?.length ?? 0;
    const falseFound = { rate: asked ? round(found.length / asked) : 0, asked, found };
    return { backend: backendName(opts.embedder, opts.textWeight), ...summary(results), byDocument, chunks: chunkCount, minScore: opts.minScore, textWeight: opts.textWeight, results, falseFound };
  } finally {
    await db.close();
  }
}

/** The table `npm run eval -- --retrieval` prints. */
export function formatRetrievalReports(reports: RetrievalReport[], notMeasured: { backend: string; why: string }[]): string {
  const lines = [
    '| backend | threshold | questions | recall@5 | MRR | unanswerable with passages | per document (recall@5 / MRR) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of reports) {
    const docs = Object.entries(r.byDocument)
      .map(([f, s]) => `${f}: ${s.recallAt5} / ${s.mrr} (${s.questions})`)
      .join('; ');
    const bars = r.textWeight === null ? `cosine ≥ ${r.minScore}` : `relevance ≥ ${r.minScore}, text weight ${r.textWeight}`;
    lines.push(`| ${r.backend} | ${bars} | ${r.questions} | ${r.recallAt5} | ${r.mrr} | ${r.falseFound.found.length} of ${r.falseFound.asked} (${r.falseFound.rate}) | ${docs} |`);
  }
  for (const n of notMeasured) lines.push(`| ${n.backend} | | not measured: ${n.why} | | | | |`);
  return lines.join('\n');
}
