/**
 * The ingestion workflow, id `ingest-<ingestionId>`: parse and stage the upload, embed and store the
 * chunks in batches (a bounded number at once), then finish. Progress lives in state for the
 * `ingestionState` query and the SSE stream. Only keys and ranges pass through history.
 */
import { proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { IngestionRef } from '../activities/ingestion.js';
import { failureReason } from '../domain/failures.js';
import { ingestionState, type IngestionEvent, type IngestionState } from './temporal-messages.js';
import { dbCall, embedCall, parseCall } from './options.js';
import { announce } from './notices.js';

const parse = proxyActivities<Activities>(parseCall);
const embed = proxyActivities<Activities>(embedCall);
const db = proxyActivities<Activities>(dbCall);

export interface IngestionInput extends IngestionRef {
  batchSize: number;
  concurrency: number;
}

export async function ingestionWorkflow(input: IngestionInput): Promise<IngestionState> {
  const state: IngestionState = {
    ingestionId: input.ingestionId,
    namespace: input.namespace,
    fileName: input.fileName,
    status: 'parsing',
    documentId: null,
    pages: 0,
    chunks: 0,
    embedded: 0,
    error: null,
    events: [],
  };
  setHandler(ingestionState, () => state);
  const emit = (type: IngestionEvent['type'], data: Record<string, unknown> = {}) => {
    const e: IngestionEvent = { offset: state.events.length, type, at: new Date().toISOString(), data };
    state.events.push(e);
    announce(e, type === 'ingestion.completed' || type === 'ingestion.failed');
  };
  const ref: IngestionRef = {
    ingestionId: input.ingestionId,
    namespace: input.namespace,
    fileName: input.fileName,
    uploadKey: input.uploadKey,
    userId: input.userId,
    ...(input.mayReplaceOthers ? { mayReplaceOthers: true } : {}),
  };

  emit('ingestion.started', { fileName: input.fileName, namespace: input.namespace });
  let final: 'completed' | 'skipped' | 'failed' = 'completed';
  try {
    const parsed = await parse.parseDocument.executeWithOptions({ ...parseCall, summary: `parse ${input.fileName}` }, [ref]);
    state.documentId = parsed.documentId;
    state.pages = parsed.pages;
    state.chunks = parsed.chunks;
    emit('ingestion.parsed', { pages: parsed.pages, chunks: parsed.chunks, unchanged: parsed.outcome === 'unchanged' });
    if (parsed.outcome === 'unchanged') {
      final = 'skipped';
      state.embedded = parsed.chunks;
    } else {
      state.status = 'embedding';
      const ranges: [number, number][] = [];
      for (let from = 0; from < parsed.chunks; from += input.batchSize) ranges.push([from, Math.min(parsed.chunks, from + input.batchSize)]);
      let next = 0;
      const lane = async () => {
        while (next < ranges.length) {
          const [from, to] = ranges[next++]!;
          const r = await embed.embedBatch.executeWithOptions({ ...embedCall, summary: `embed chunks ${from}–${to - 1} of ${parsed.chunks}` }, [
            { ref, documentId: parsed.documentId, from, to },
          ]);
          state.embedded += r.stored;
          emit('ingestion.progress', { embedded: state.embedded, chunks: state.chunks });
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(input.concurrency, ranges.length)) }, lane));
    }
  } catch (e) {
    final = 'failed';
    state.error = failureReason(e);
  }
  const finished = await db.finishIngestion.executeWithOptions({ ...dbCall, summary: `finish ingestion (${final})` }, [
    { ref, documentId: state.documentId, status: final, pages: state.pages, chunks: state.chunks, error: state.error?.message ?? null },
  ]);
  // The finish may refuse a version (a name another user's document has, a document deleted meanwhile);
  // ingestions recorded before it returned nothing.
  if (finished && finished.status !== final) {
    final = finished.status;
    state.error = { type: 'IngestionRefused', message: finished.error ?? 'the version was not kept' };
  }
  state.status = final;
  emit(final === 'failed' ? 'ingestion.failed' : 'ingestion.completed', {
    status: final,
    documentId: state.documentId,
    pages: state.pages,
    chunks: state.chunks,
    ...(state.error ? { error: state.error } : {}),
  });
  return state;
}

