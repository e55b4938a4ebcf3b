/**
 * The orchestration's data: what tools and agents return, the orchestrator's decisions, hop records
 * and the conversation a turn sees. Pure definitions.
 */
import type { ModelCallUsage } from './chat.js';
import type { Receipt } from './approvals.js';
import type { AgentName } from './agents.js';
import type { Actor } from './policy.js';
import type { CalendarRead } from './calendar.js';

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
  /**
   * A booking of the person asking (requested by them or booked for them), as the tool read it for
   * them; absent for rooms, and in turns from before identities or before it was recorded.
   */
  mine?: boolean;
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
  /** What its booking reads found of rooms' times (domain/calendar.ts); absent when none, and in turns recorded before. */
  calendar?: CalendarRead;
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
  caller?: Actor;
}

// ---------------------------------------------------------------- conversations

/** Where a turn is; prior turns and views carry it. */
export const TurnStatus = {
  running: 'running',
  awaitingApproval: 'awaiting_approval',
  completed: 'completed',
  failed: 'failed',
} as const;
export type TurnStatus = (typeof TurnStatus)[keyof typeof TurnStatus];
/** The statuses a turn ends in: nothing runs after them, and its record is final. */
export const FINISHED_TURN_STATUSES: readonly TurnStatus[] = [TurnStatus.completed, TurnStatus.failed];


export interface PriorTurn {
  turnId: string;
  question: string;
  answer: string;
  status: TurnStatus;
  sources: Source[];
  entities: Entity[];
  /** With `askers`: the booking was the asker's (they requested it or it is for them), as the write's approval found it; absent when not known (turns loaded before it was read). */
  receipts: (Receipt & { askers?: boolean })[];
}
export interface ConversationContext {
  conversationId: string;
  turns: PriorTurn[];
}

/** The bookings earlier turns of a conversation read (as entities) or wrote (as receipts), by id. */
export const earlierBookingIds = (turns: PriorTurn[]): string[] =>
  turns.flatMap((t) => [...t.entities.filter((e) => e.kind === 'booking').map((e) => e.id), ...t.receipts.map((r) => r.bookingId)]);
