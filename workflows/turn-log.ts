/**
 * A turn's record while it runs: the versioned state (everything that must survive a restart), its
 * event log and its status, with the `state` and `events` queries that read them. The turn workflow
 * opens one and hands it to the units that change it (the loop, the approval gate, the answer check).
 */
import { setHandler, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import { zeroCost } from '../domain/cost.js';
import { TurnStatusKey } from '../domain/search-attributes.js';
import { zeroUsage, type EventType, type ParsedTurnInput, type TurnEvent, type TurnStatus } from '../domain/types.js';
import { STATE_VERSION, type TurnState } from './turn-state.js';
import { announce } from './notices.js';
import * as messages from './temporal-messages.js';

export interface TurnLog {
  input: ParsedTurnInput;
  state: TurnState;
  /** What the workflow's log lines carry (the question stays out: it may hold personal data). */
  ids: { turnId: string; conversationId: string; userId: string };
  /** Appends an event to the log and announces it to streams. */
  emit(type: EventType, data: Record<string, unknown>): void;
  /** An event at the log's next offset, not yet appended (the terminal one is appended after the save). */
  event(type: EventType, data: Record<string, unknown>): TurnEvent;
  /** Sets the TurnStatus search attribute (when the turn was started with one). */
  setStatusAttribute(value: TurnStatus): void;
  /** running ⇄ awaiting_approval while the loop runs, from the approvals; the search attribute follows. */
  refreshStatus(): void;
}

export function openTurn(input: ParsedTurnInput): TurnLog {
  const state: TurnState = {
    version: STATE_VERSION,
    input,
    status: 'running',
    context: null,
    hop: 0,
    hops: [],
    decisions: [],
    retryCounts: {},
    sources: [],
    receipts: [],
    entities: [],
    approvals: [],
    attempts: [],
    outcomes: [],
    outcomeBlock: '',
    usage: { total: zeroUsage(), byModel: {}, byAgent: {}, calls: 0 },
    cost: zeroCost(),
    stopReason: null,
    events: [],
    answer: null,
    error: null,
    // The workflow clock is deterministic: replay sees the same time.
    startedAt: new Date().toISOString(),
    finishedAt: null,
  };
  // The API starts turns with TurnStatus set; a turn started without it (the CLI, a cluster where the
  // attribute is not registered) is not given one, since an unknown attribute would fail every task.
  const trackStatus = workflowInfo().typedSearchAttributes.get(TurnStatusKey) !== undefined;
  const setStatusAttribute = (value: TurnStatus) => {
    if (trackStatus) upsertSearchAttributes([{ key: TurnStatusKey, value }]);
  };
  setHandler(messages.state, () => state);
  setHandler(messages.events, ({ after }) => state.events.filter((e) => e.offset > after));

  const event = (type: EventType, data: Record<string, unknown>): TurnEvent => ({ offset: state.events.length, type, at: new Date().toISOString(), data });
  return {
    input,
    state,
    ids: { turnId: input.turnId, conversationId: input.conversationId, userId: input.userId },
    event,
    emit(type, data) {
      const e = event(type, data);
      state.events.push(e);
      announce(e);
    },
    setStatusAttribute,
    refreshStatus() {
      const next: TurnStatus = state.approvals.some((a) => a.status === 'pending') ? 'awaiting_approval' : 'running';
      if (next !== state.status) {
        state.status = next;
        setStatusAttribute(next);
      }
    },
  };
}
