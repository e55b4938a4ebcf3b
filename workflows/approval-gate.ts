/**
 * The approval gate, one unit: a validated write tool call becomes a pending approval; the turn waits
 * for the `approval` signal or the expiry (APPROVAL_TIMEOUT, or the booking's start, whichever is
 * first); an approved write is committed with an idempotency key. The agent gets what happened as its
 * tool result and relays it. Everything it changes is in the turn's state (approvals, attempts,
 * receipts), so queries, the answer check and the result see it.
 */
import { condition, log, patched, proxyActivities } from '@temporalio/workflow';
import type { Activities, ToolResult } from '../activities/index.js';
import type { AgentName, WriteToolName } from '../domain/agents.js';
import type { Slot } from '../domain/approvals.js';
import type { CalendarRead } from '../domain/calendar.js';
import { failureReason } from '../domain/failures.js';
import { actionOfTool } from '../domain/outcomes.js';
import { mayApprove, roleIn } from '../domain/policy.js';
import { formatIssues } from '../domain/prompts.js';
import { approvalSignalSchema, EventType, type Approval } from '../domain/types.js';
import { commitCall, dbCall } from './options.js';
import type { Runners } from './runners.js';
import type { TurnLog } from './turn-log.js';

const db = proxyActivities<Activities>(dbCall);
const commit = proxyActivities<Activities>(commitCall);

/** The patch under which an approval's decision is recorded through the `record` runner. */
export const RECORD_DECISION_LOCALLY = 'approval-decision-recorded-locally';
/**
 * The patch under which a write's conflict is read as a booking read is: the bookings it met, booked, and
 * the free slots offered instead, free (as offered slots). So "Room 3 is free at 4pm, shall I book it?",
 * after the write met a booking at 4pm, is judged against what the conflict found.
 */
export const CONFLICT_READS = 'conflict-reads';

/** What a conflict read of rooms' times (`CONFLICT_READS`), or nothing where it found none; asks the patch only where it found some. */
function conflictRead(conflicts: readonly { id: string; roomName: string; startsAt: string; endsAt: string }[] = [], suggestions: readonly Slot[] = []): CalendarRead | undefined {
  if ((conflicts.length === 0 && suggestions.length === 0) || !patched(CONFLICT_READS)) return undefined;
  return {
    times: [
      ...conflicts.map((b) => ({ roomId: '', roomName: b.roomName, start: b.startsAt, end: b.endsAt, state: 'booked' as const, bookingId: b.id })),
      ...suggestions.map((x) => ({ roomId: x.roomId, roomName: x.roomName, start: x.startsAt, end: x.endsAt, state: 'free' as const, offered: true as const })),
    ],
    rooms: [],
  };
}

/** Who a write tool's call says the booking is for, when it names someone. */
const bookedForOf = (args: unknown): string | null => {
  const named = args && typeof args === 'object' ? (args as { bookedFor?: unknown }).bookedFor : undefined;
  return typeof named === 'string' && named.trim() !== '' ? named.trim() : null;
};

/** The room and times a write tool's call names, where it names a room and a start and an end that read as times. */
const stretchOf = (args: unknown): { roomName: string; startsAt: string; endsAt: string } | null => {
  if (!args || typeof args !== 'object') return null;
  const { room, start, end } = args as { room?: unknown; start?: unknown; end?: unknown };
  if (typeof room !== 'string' || room.trim() === '' || typeof start !== 'string' || typeof end !== 'string') return null;
  const [from, to] = [Date.parse(start), Date.parse(end)];
  return Number.isNaN(from) || Number.isNaN(to) ? null : { roomName: room.trim(), startsAt: new Date(from).toISOString(), endsAt: new Date(to).toISOString() };
};

export interface ApprovalGate {
  /** The `approval` signal's handler: re-checks every signal (a signal is never trusted because the API checked it). */
  onSignal(raw: unknown): void;
  /** Proposes the write, waits for its decision and commits it if approved; never throws for a refusal or conflict. */
  requestWrite(agent: AgentName, tool: WriteToolName, args: unknown): Promise<ToolResult>;
}

export function approvalGate(turn: TurnLog, runners: Runners): ApprovalGate {
  const { input, state, ids } = turn;
  const { timezone, approvalTimeoutMs, maxBookingHours, bookingHorizonDays } = input.settings;
  // Who is asking; absent in turns started before identities (then: no policy data, the old checks).
  const caller = input.caller;
  const roleOf = (userId: string) => roleIn({ approvers: input.approvers, admins: input.admins }, userId);

  function onSignal(raw: unknown) {
    const ignore = (reason: string, data: Record<string, unknown> = {}) => {
      turn.emit(EventType.approvalIgnored, { reason, ...data });
    };
    const sig = approvalSignalSchema.safeParse(raw);
    if (!sig.success) return ignore(`invalid signal: ${formatIssues(sig.error.issues)}`);
    const { approvalId, decision, userId, comment } = sig.data;
    const a = state.approvals.find((x) => x.approvalId === approvalId);
    const who = { approvalId, userId, decision };
    if (!a) return ignore('unknown approval', who);
    if (a.status !== 'pending') return ignore(`already ${a.status}`, who);
    if (Date.now() >= Date.parse(a.expiresAt)) return ignore('expired', who);
    // The approver rule rides on the approval (the policy decided it when the write was proposed).
    const rule = a.details.approvers;
    if (rule ? !mayApprove(rule, a.requestedBy, userId, roleOf(userId)) : userId !== a.requestedBy && !input.approvers.includes(userId)) {
      return ignore(rule ? `this user may not approve it: ${rule.note}` : 'this user may not approve it', who);
    }
    a.status = decision === 'approve' ? 'approved' : 'rejected';
    a.resolvedBy = userId;
    a.resolvedAt = new Date().toISOString();
    a.comment = comment ?? null;
  }

  async function requestWrite(agent: AgentName, tool: WriteToolName, args: unknown): Promise<ToolResult> {
    const result = (ok: boolean, payload: unknown, a?: Approval, calendar?: CalendarRead): ToolResult => ({
      ok,
      content: JSON.stringify(payload),
      sources: [],
      entities: [],
      receipts: a?.outcome?.outcome === 'committed' ? [a.outcome.receipt] : [],
      ...(calendar ? { calendar } : {}),
    });
    const prep = await runners.read.run('prepareWrite', `${agent} · prepare ${tool}`, [
      { tool, args, requestedBy: input.userId, ...(caller ? { caller } : {}), now: new Date().toISOString(), timezone, limits: { maxBookingHours, bookingHorizonDays } },
    ]);
    if (!prep.ok) {
      const conflicts = prep.conflicts ?? [];
      const bookedFor = bookedForOf(args);
      const met = conflicts.length > 0 ? { met: { bookedFor, conflicts } } : {};
      // The room and times the call named: what the outcome block says was not done (since tried-shown), and
      // for a write refused or not valid to propose what a claim of it as done may name (a conflict's are those it met).
      const named = stretchOf(args);
      const tried = named ? { tried: { bookedFor, ...named } } : {};
      state.attempts.push({ action: actionOfTool(tool), refused: prep.refused === true, conflict: conflicts.length > 0, reason: prep.error, suggestions: prep.suggestions ?? [], ...met, ...tried });
      // Refused by the policy: a tool result the agent relays, never a pending approval.
      return result(
        false,
        { status: prep.refused ? 'refused' : 'not_proposed', error: prep.error, ...(prep.conflicts ? { conflicts: prep.conflicts } : {}), ...(prep.suggestions ? { nearestFreeSlots: prep.suggestions } : {}) },
        undefined,
        conflictRead(prep.conflicts, prep.suggestions),
      );
    }
    const d = prep.details;
    const now = Date.now();
    const deadline = Math.min(now + approvalTimeoutMs, d.action === 'cancel' ? Number.POSITIVE_INFINITY : Date.parse(d.startsAt));
    const a: Approval = {
      approvalId: `${input.turnId}-${state.approvals.length + 1}`,
      turnId: input.turnId,
      action: d.action,
      details: d,
      status: 'pending',
      requestedBy: input.userId,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(deadline).toISOString(),
      resolvedBy: null,
      resolvedAt: null,
      comment: null,
      outcome: null,
    };
    state.approvals.push(a);
    turn.refreshStatus();
    turn.emit(EventType.approvalRequired, { approvalId: a.approvalId, action: a.action, details: d, expiresAt: a.expiresAt, requestedBy: a.requestedBy });
    const saveInput = () => ({ approval: a, conversationId: input.conversationId, turnStatus: state.status });
    const save = (summary: string) => db.saveApproval.executeWithOptions({ ...dbCall, summary }, [saveInput()]);
    // Regular in every mode: the approver is shown this row, so it is written only once the history
    // holds the proposal it shows.
    await save(`record approval ${a.approvalId} (pending)`);
    log.info('approval requested', { ...ids, approvalId: a.approvalId, action: a.action, expiresAt: a.expiresAt });

    const answered = await condition(() => a.status !== 'pending', Math.max(0, deadline - Date.now()));
    if (!answered && a.status === 'pending') {
      a.status = 'expired';
      a.resolvedAt = new Date().toISOString();
    }
    if (a.status === 'approved') {
      try {
        a.outcome = await commit.commitWrite.executeWithOptions({ ...commitCall, summary: `commit ${a.action} ${d.roomName} (${a.approvalId})` }, [
          { approval: a, approvedBy: a.resolvedBy!, ...(caller ? { caller, approverRole: roleOf(a.resolvedBy!) } : {}), now: new Date().toISOString(), timezone },
        ]);
      } catch (e) {
        a.outcome = { outcome: 'failed', message: failureReason(e).message };
      }
      if (a.outcome.outcome === 'committed') state.receipts.push(a.outcome.receipt);
    }
    turn.refreshStatus();
    turn.emit(EventType.approvalResolved, {
      approvalId: a.approvalId,
      status: a.status,
      by: a.resolvedBy,
      ...(a.comment ? { comment: a.comment } : {}),
      ...(a.outcome ? { outcome: a.outcome } : {}),
    });
    // The decision, through the `record` runner (local in `all`: one round trip fewer per decided
    // approval). Turns recorded before that patch saved it as a regular activity, and replay so. Only
    // `all` asks for the patch: in the other modes `record` is the same regular call as `save`.
    const resolved = `record approval ${a.approvalId} (${a.status})`;
    if (input.settings.localActivities === 'all' && patched(RECORD_DECISION_LOCALLY)) {
      await runners.record.run('saveApproval', resolved, [saveInput()]);
    } else {
      await save(resolved);
    }
    log.info('approval resolved', { ...ids, approvalId: a.approvalId, status: a.status, by: a.resolvedBy, outcome: a.outcome?.outcome ?? null });

    if (a.status === 'rejected') return result(false, { status: 'rejected', by: a.resolvedBy, comment: a.comment, note: 'nothing was written' });
    if (a.status === 'expired') return result(false, { status: 'expired', expiredAt: a.expiresAt, note: 'nobody approved in time; nothing was written' });
    const o = a.outcome!;
    if (o.outcome === 'committed') return result(true, { status: 'committed', receipt: o.receipt }, a);
    if (o.outcome === 'conflict') return result(false, { status: 'conflict', message: o.message, conflicts: o.conflicts, nearestFreeSlots: o.suggestions, note: 'nothing was written' }, undefined, conflictRead(o.conflicts, o.suggestions));
    if (o.outcome === 'refused') return result(false, { status: 'refused', error: o.message, note: 'nothing was written' });
    return result(false, { status: 'failed', message: o.message, note: 'nothing was written' });
  }

  return { onSignal, requestWrite };
}
