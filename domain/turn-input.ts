/**
 * The turn workflow's input: references and settings, with the schema the API and the workflow both
 * check, and why a turn may stop short. The state a running turn keeps is the workflow's
 * (workflows/turn-state.ts).
 */
import { s, type Infer, type Input } from './schema.js';
import { priceTableSchema } from './cost.js';
import { ROLES } from './policy.js';

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

/** Why a turn ended with an honest stop instead of the orchestrator's answer. */
export const StopReason = { hops: 'hops', retries: 'retries', budget: 'budget' } as const;
export type StopReason = (typeof StopReason)[keyof typeof StopReason];
