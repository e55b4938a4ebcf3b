/**
 * The turn workflow's state: everything a turn keeps across loop iterations and restarts, versioned
 * (`openTurn` in turn-log.ts creates it; the `state` query returns it), and the two views built from
 * it: `turnView` (what the API returns, the workflow's result) and `turnResultOf` (what a finished turn
 * saves). Plain data and pure functions, so the API imports them too (its reconciler builds the same
 * from a queried state).
 */
import type { AgentName } from '../domain/agents.js';
import type { Approval, Receipt } from '../domain/approvals.js';
import type { TurnUsage } from '../domain/chat.js';
import type { TurnCost } from '../domain/cost.js';
import type { TurnEvent } from '../domain/events.js';
import type { ConversationContext, Entity, HopRecord, NormalizedDecision, Source, TurnStatus } from '../domain/orchestration.js';
import type { WriteAttempt, WriteOutcome } from '../domain/outcomes.js';
import type { ParsedTurnInput, StopReason } from '../domain/turn-input.js';
import type { TurnResult, TurnView } from '../domain/turn-view.js';

export const STATE_VERSION = 1;

/** Everything a turn must keep across loop iterations and restarts. Plain data. */
export interface TurnState {
  version: typeof STATE_VERSION;
  input: ParsedTurnInput;
  status: TurnStatus;
  context: ConversationContext | null;
  hop: number;
  hops: HopRecord[];
  decisions: NormalizedDecision[];
  retryCounts: Partial<Record<AgentName, number>>;
  sources: Source[];
  receipts: Receipt[];
  entities: Entity[];
  approvals: Approval[];
  /** Writes that never became an approval (refused by the policy, or not valid to propose). */
  attempts: WriteAttempt[];
  /** What the turn's writes came to, stated by the system (set when the turn ends). */
  outcomes: WriteOutcome[];
  /** `outcomes` as the text appended to the answer, in the user's language ('' without writes). */
  outcomeBlock: string;
  /** Token usage in total, per model and per caller; `calls` model calls. */
  usage: TurnUsage;
  /** USD from `usage` and the turn's price table. */
  cost: TurnCost;
  /** Why the loop stopped short of an answer from the orchestrator, if it did. */
  stopReason: StopReason | null;
  events: TurnEvent[];
  answer: string | null;
  error: { type: string; message: string } | null;
  startedAt: string;
  finishedAt: string | null;
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
