/**
 * A turn as the outside sees it: the view the API returns (`POST /query`, `GET /turns/:id`, the
 * workflow's result) and the record a finished turn saves (`persistTurn`). Both are built from the
 * turn's state by `turnView` and `turnResultOf` (workflows/turn-state.ts), so the workflow and the
 * API's reconciler build the same.
 */
import type { Approval, Receipt } from './approvals.js';
import type { TurnCost } from './cost.js';
import type { TurnEvent } from './events.js';
import type { WriteOutcome } from './outcomes.js';
import type { Entity, NormalizedDecision, Source, TurnStatus } from './orchestration.js';
import type { TurnUsage } from './chat.js';
import type { StopReason } from './turn-input.js';

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
  usage: TurnUsage;
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
  usage: TurnUsage;
  /** Absent in turns saved before costs were tracked. */
  cost?: TurnCost;
  stopReason?: StopReason | null;
  hops: number;
  error: { type: string; message: string } | null;
  events: TurnEvent[];
}

/**
 * A turn's record as it was already saved, when `persistTurn` with `keepSaved` found one finished (the
 * first write wins): what the workflow adopts (workflows/turn.ts).
 */
export interface SavedTurn {
  status: TurnStatus;
  answer: string | null;
  result: TurnResult;
}
