/**
 * A turn's event log: what a stream shows (SSE `id` = offset) and what the saved turn keeps. The
 * workflow appends; the API reads from an offset.
 */
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
