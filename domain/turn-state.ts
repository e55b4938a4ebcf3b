/**
 * The turn workflow's input and its versioned state: everything a turn keeps across loop iterations and
 * restarts (workflows/turn-log.ts opens it; the `state` query returns it). Plain data and the input's
 * schema, which the workflow and the API both check.
 */
import { s, type Infer, type Input } from './schema.js';
import type { Usage } from './chat.js';
import type { Approval, Receipt } from './approvals.js';
import type { WriteAttempt, WriteOutcome } from './outcomes.js';
import type { AgentName } from './agents.js';
import { priceTableSchema, type TurnCost } from './cost.js';
import { ROLES } from './policy.js';
import type { TurnEvent } from './events.js';
import type { ConversationContext, Entity, HopRecord, NormalizedDecision, Source, TurnStatus } from './orchestration.js';

export const NAMESPACE_PATTERN = /^[a-z0-9_-]{1,64}$/;
export const MAX_QUESTION_CHARS = 4000;

/** Which turn calls run as local activities (TURN_LOCAL_ACTIVITIES; see workflows/runners.ts). */
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
      // Added with local activities (workflows/runners.ts); absent in turns recorded before, which ran every call remotely.
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
