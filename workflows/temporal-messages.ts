/**
 * The Temporal messages (signals and queries) of the turn and ingestion workflows. Each constant's name equals its wire name; the
 * API, tests and CLI examples use these constants or that name, never a second spelling.
 */
import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { ApprovalSignal, TurnEvent } from '../domain/types.js';
import type { TurnState } from './turn-state.js';

/** A snapshot of the whole turn state. A query handler must not change state. */
export const state = defineQuery<TurnState>('state');

/** The event log after an offset (`after: -1` for all of it). */
export const events = defineQuery<TurnEvent[], [{ after: number }]>('events');

/**
 * A human's decision on a pending write: `{ approvalId, decision: "approve" | "reject", userId, comment? }`.
 * The workflow checks it again (known, pending, not expired, allowed user) and logs the ones it ignores.
 */
export const approval = defineSignal<[ApprovalSignal]>('approval');

export interface IngestionEvent {
  offset: number;
  type: 'ingestion.started' | 'ingestion.parsed' | 'ingestion.progress' | 'ingestion.completed' | 'ingestion.failed';
  at: string;
  data: Record<string, unknown>;
}

/** An ingestion's progress: pages parsed, chunks embedded and stored, of how many. */
export interface IngestionState {
  ingestionId: string;
  namespace: string;
  fileName: string;
  status: 'parsing' | 'embedding' | 'completed' | 'skipped' | 'failed';
  documentId: string | null;
  pages: number;
  chunks: number;
  embedded: number;
  error: { type: string; message: string } | null;
  events: IngestionEvent[];
}

export const ingestionState = defineQuery<IngestionState>('ingestionState');
