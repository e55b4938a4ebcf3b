/**
 * A turn as the outside sees it: the view the API returns (`POST /query`, `GET /turns/:id`, the
 * workflow's result) and the record a finished turn saves (`persistTurn`), both built from the turn
 * state, so the workflow and the API's reconciler build the same.
 */
import type { Approval, Receipt } from './approvals.js';
import type { TurnCost } from './cost.js';
import type { TurnEvent } from './events.js';
import type { WriteOutcome } from './outcomes.js';
import type { Entity, NormalizedDecision, Source, TurnStatus } from './orchestration.js';
import type { StopReason, TurnState } from './turn-state.js';

/** What the API returns for a turn (POST /query, GET /turns/:id). */
export interface TurnView {
  turnId: string;
  conversationId: string;
  status: TurnStatus;
  question: string;
  answer: string | null;
  decisions: NormalizedDecision[];
  sources: Source[];
  pendingApprovals: Approval[];
  receipts: Receipt[];
  /** What each attempted write came to, from the approvals and receipts (empty: no write attempted). */
  outcomes: WriteOutcome[];
  /** The text of `outcomes` at the end of `answer` (clients may show it apart from the prose). */
  outcomeBlock: string;
  usage: TurnState['usage'];
  /** Null for turns recorded before costs were tracked. */
  cost: TurnCost | null;
  stopReason: StopReason | null;
  hops: number;
  error: { type: string; message: string } | null;
  startedAt: string;
  finishedAt: string | null;
}

/** What a finished turn leaves in the database (the `result` of its row). */
export interface TurnResult {
  decisions: NormalizedDecision[];
  sources: Source[];
  entities: Entity[];
  receipts: Receipt[];
  /** Absent in turns saved before the system stated outcomes. */
  outcomes?: WriteOutcome[];
  outcomeBlock?: string;
  usage: TurnState['usage'];
  /** Absent in turns saved before costs were tracked. */
  cost?: TurnState['cost'];
  stopReason?: TurnState['stopReason'];
  hops: number;
  error: { type: string; message: string } | null;
  events: TurnEvent[];
}

/**
 * What a finished turn saves (`persistTurn`), from its state: the workflow builds it, and the API's
 * reconciler builds the same for a turn whose save failed.
 */
export function turnResultOf(s: TurnState, o: { error: TurnState['error']; events: TurnEvent[]; withOutcomes: boolean }): TurnResult {
  return {
    decisions: s.decisions,
    sources: s.sources,
    entities: s.entities,
    receipts: s.receipts,
    ...(o.withOutcomes ? { outcomes: s.outcomes, outcomeBlock: s.outcomeBlock } : {}),
    usage: s.usage,
    cost: s.cost,
    stopReason: s.stopReason,
    hops: s.hop,
    error: o.error,
    events: o.events,
  };
}

export function turnView(s: TurnState): TurnView {
  return {
    turnId: s.input.turnId,
    conversationId: s.input.conversationId,
    status: s.status,
    question: s.input.question,
    answer: s.answer,
    decisions: s.decisions,
    sources: s.sources,
    pendingApprovals: s.approvals.filter((a) => a.status === 'pending'),
    receipts: s.receipts,
    outcomes: s.outcomes,
    outcomeBlock: s.outcomeBlock,
    usage: s.usage,
    cost: s.cost,
    stopReason: s.stopReason,
    hops: s.hop,
    error: s.error,
    startedAt: s.startedAt,
    finishedAt: s.finishedAt,
  };
}
