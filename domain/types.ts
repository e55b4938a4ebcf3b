/**
 * Data shapes shared by workflows, activities, the API and the evals: decisions, agent outputs,
 * events, the versioned turn state and the turn view the API returns. Pure definitions.
 */
import { s, type Infer, type Input } from './schema.js';
import type { ModelCallUsage, Usage } from './chat.js';
import type { Approval, Receipt } from './approvals.js';
import type { WriteAttempt, WriteOutcome } from './outcomes.js';
import type { AgentName } from './agents.js';
import { priceTableSchema, type TurnCost } from './cost.js';
import { ROLES } from './policy.js';

// Chat messages and usage live in chat.ts, receipts, write details and approvals in approvals.ts;
// both are re-exported here for the modules that import them from types.
export * from './chat.js';
export * from './approvals.js';

// ---------------------------------------------------------------- results of tools and agents

export interface Source {
  documentId: string;
  /** documentId:chunkIndex, the chunk's id in the vector store. */
  chunkId: string;
  fileName: string;
  page: number;
  chunkIndex: number;
  score: number;
  snippet: string;
}


/** Something a turn saw that a follow-up may refer to ("book it"): a room or a booking. */
export interface Entity {
  kind: 'room' | 'booking';
  id: string;
  label: string;
}

export const AgentStatus = { ok: 'ok', empty: 'empty', error: 'error' } as const;
export type AgentStatus = (typeof AgentStatus)[keyof typeof AgentStatus];

/** The structured output of one sub-agent run; all the orchestrator sees of the agent. */
export interface AgentOutput {
  agent: AgentName;
  request: string;
  status: AgentStatus;
  text: string;
  sources: Source[];
  receipts: Receipt[];
  entities: Entity[];
  /** Readable reason for `error` (never a raw stack). */
  error?: string;
  steps: number;
  toolCalls: { name: string; ok: boolean }[];
}

// ---------------------------------------------------------------- orchestrator decisions

/** The normalized decision the eval harness grades. */
export type NormalizedDecision = { type: 'call_agents'; agents: AgentName[] } | { type: 'return_to_user' };

export interface AgentCall {
  agent: AgentName;
  request: string;
}
export interface RejectedCall {
  tool: string;
  arguments: string;
  error: string;
}

/**
 * What one orchestrator hop decided, with what it cost. `corrections` are the invalid calls of the first
 * reply that the corrective re-ask was about; `rejected` are calls still invalid after it (never run).
 */
export type Decision = { rejected: RejectedCall[]; corrections: RejectedCall[]; usage: ModelCallUsage[] } & (
  | { type: 'call_agents'; calls: AgentCall[] }
  | { type: 'return_to_user'; answer: string }
  /** Every tool call was invalid even after the corrective re-ask: nothing runs; the loop goes on. */
  | { type: 'rejected' }
);

export function normalizeDecision(d: Decision): NormalizedDecision | null {
  if (d.type === 'call_agents') return { type: 'call_agents', agents: [...new Set(d.calls.map((c) => c.agent))] };
  if (d.type === 'return_to_user') return { type: 'return_to_user' };
  return null;
}

/** One finished hop: the orchestrator's calls and what the agents returned. */
export interface HopRecord {
  hop: number;
  calls: AgentCall[];
  rejected: RejectedCall[];
  outputs: AgentOutput[];
  /** Calls the workflow refused to run (agent's retry budget spent). */
  refused: AgentCall[];
  /** An answer the turn did not send (it claimed what no receipt or read backs), and why. */
  answerRejected?: { answer: string; reason: string };
}

/** Everything the orchestrator sees for one decision: pinned exactly by eval scenarios. */
export interface DecideInput {
  question: string;
  context: ConversationContext;
  hops: HopRecord[];
  hop: number;
  maxHops: number;
  retryCounts: Partial<Record<AgentName, number>>;
  maxAgentRetries: number;
  /** The workflow's clock and the workspace time zone, so relative phrases resolve the same on replay. */
  now: string;
  timezone: string;
  /** Who is asking, so "me" and "my" resolve (absent in scenarios and turns from before identities). */
  caller?: import('./policy.js').Actor;
}

// ---------------------------------------------------------------- conversations

export interface PriorTurn {
  turnId: string;
  question: string;
  answer: string;
  status: TurnStatus;
  sources: Source[];
  entities: Entity[];
  receipts: Receipt[];
}
export interface ConversationContext {
  conversationId: string;
  turns: PriorTurn[];
}

// ---------------------------------------------------------------- events

export const EventType = {
  turnStarted: 'turn.started',
  orchestratorDecision: 'orchestrator.decision',
  agentStarted: 'agent.started',
  agentCompleted: 'agent.completed',
  approvalRequired: 'approval.required',
  approvalResolved: 'approval.resolved',
  /** A signal the workflow refused (unknown approval, already resolved, expired, not allowed). */
  approvalIgnored: 'approval.ignored',
  turnCompleted: 'turn.completed',
  turnFailed: 'turn.failed',
} as const;
export type EventType = (typeof EventType)[keyof typeof EventType];
export const TERMINAL_EVENTS: readonly EventType[] = [EventType.turnCompleted, EventType.turnFailed];

export interface TurnEvent {
  /** Position in the log, from 0; the SSE id. */
  offset: number;
  type: EventType;
  at: string;
  data: Record<string, unknown>;
}

// ---------------------------------------------------------------- the turn

export const TurnStatus = {
  running: 'running',
  awaitingApproval: 'awaiting_approval',
  completed: 'completed',
  failed: 'failed',
} as const;
export type TurnStatus = (typeof TurnStatus)[keyof typeof TurnStatus];

export const NAMESPACE_PATTERN = /^[a-z0-9_-]{1,64}$/;
export const MAX_QUESTION_CHARS = 4000;

/** Which turn steps run as local activities (TURN_LOCAL_ACTIVITIES; see workflows/steps.ts). */
export const LOCAL_ACTIVITIES_MODES = ['none', 'reads', 'all'] as const;
export type LocalActivitiesMode = (typeof LOCAL_ACTIVITIES_MODES)[number];

/** Workflow input: references and settings only (the context is loaded by an activity). */
export const turnInputSchema = s
  .object({
    turnId: s.string().min(1).max(100),
    conversationId: s.string().min(1).max(100),
    userId: s.string().min(1).max(200),
    question: s.string().min(1).max(MAX_QUESTION_CHARS),
    namespace: s.string().regex(NAMESPACE_PATTERN),
    settings: s.object({
      maxHops: s.number().int().min(1).max(50),
      maxAgentRetries: s.number().int().min(0).max(10),
      timezone: s.string().min(1),
      // Added with approvals; defaults keep turns recorded before them replaying.
      approvalTimeoutMs: s.number().int().min(1000).default(24 * 3600 * 1000),
      maxBookingHours: s.number().min(0.25).max(24 * 14).default(10),
      bookingHorizonDays: s.number().int().min(1).max(3650).default(365),
      // Added with local activities (workflows/steps.ts); absent in turns recorded before, which ran every step remotely.
      localActivities: s.enum(LOCAL_ACTIVITIES_MODES).default('none'),
      // Added with cost tracking (domain/cost.ts): USD per million tokens per model, and the turn's budgets.
      prices: priceTableSchema.default({}),
      maxTurnCostUsd: s.number().positive().nullable().default(null),
      maxTurnTokens: s.number().int().positive().nullable().default(null),
      // Added with fan-out bounds (domain/fan-out.ts); turns recorded before never came near them.
      maxToolCallsPerStep: s.number().int().min(1).max(100).default(8),
      maxAgentCallsPerDecision: s.number().int().min(1).max(20).default(4),
    }),
    /** Users who may approve besides the requester (approvers and admins when the turn started). */
    approvers: s.array(s.string().min(1).max(200)).max(1000).default([]),
    // Added with the booking policy (domain/policy.ts): who is asking, and which approvers are admins.
    // Absent in turns recorded before, whose approval check was "the requester or an approver".
    caller: s
      .object({ userId: s.string().min(1).max(200), displayName: s.string().min(1).max(200), role: s.enum(ROLES) })
      .strict()
      .optional(),
    admins: s.array(s.string().min(1).max(200)).max(1000).default([]),
  })
  .strict()
  .refine((i) => !i.caller || i.caller.userId === i.userId, { message: 'caller.userId must be the turn\'s userId', path: ['caller'] });
export type TurnInput = Input<typeof turnInputSchema>;
export type ParsedTurnInput = Infer<typeof turnInputSchema>;

export const STATE_VERSION = 1;

/** Why a turn ended with an honest stop instead of the orchestrator's answer. */
export const StopReason = { hops: 'hops', retries: 'retries', budget: 'budget' } as const;
export type StopReason = (typeof StopReason)[keyof typeof StopReason];

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
  /** Token usage in total, per model and per caller (`orchestrator` or an agent name); `calls` model calls. */
  usage: { total: Usage; byModel: Record<string, Usage>; byAgent: Record<string, Usage>; calls: number };
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

/**
 * What a finished turn saves (`persistTurn`), from its state: the workflow builds it, and the API's
 * reconciler builds the same for a turn whose save failed.
 */
export function turnResultOf(s: TurnState, o: { error: TurnState['error']; events: TurnEvent[]; withOutcomes: boolean }) {
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
