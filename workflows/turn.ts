/**
 * The turn workflow: one conversation turn, id `turn-<turnId>`. Its deterministic code is the
 * orchestrator loop (decide → run agents in parallel → record outputs), bounded by a hop counter and
 * per-agent retry budgets. Everything that must survive a restart lives in `state`.
 */
import { ApplicationFailure, condition, log, patched, proxyActivities, setHandler, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import type { Activities, ToolResult } from '../activities/index.js';
import type { TurnResult } from '../adapters/conversation-store.js';
import { agentSpecs, type AgentName, type WriteToolName } from '../domain/agents.js';
import { FailureType } from '../domain/failures.js';
import { guardAnswer, honestStopAnswer, stripUnretrievedCitations, writeOutcomeSummary } from '../domain/guard.js';
import { formatIssues } from '../domain/prompts.js';
import { TurnStatusKey } from '../domain/search-attributes.js';
import { zeroCost } from '../domain/cost.js';
import { mayApprove, roleIn } from '../domain/policy.js';
import { actionOfTool, answerWithheld, bookingsNotChecked, detectLanguage, nothingDone, renderOutcomes, turnOutcomes } from '../domain/outcomes.js';
import { unbackedClaims } from '../domain/verify.js';
import { planAgentCalls } from '../domain/fan-out.js';
import {
  approvalSignalSchema,
  EventType,
  normalizeDecision,
  STATE_VERSION,
  turnInputSchema,
  turnResultOf,
  turnView,
  zeroUsage,
  type AgentCall,
  type Approval,
  type Decision,
  type HopRecord,
  type ModelCallUsage,
  type StopReason,
  type TurnEvent,
  type TurnInput,
  type TurnState,
  type TurnStatus,
  type TurnView,
} from '../domain/types.js';
import { failureReason, runAgent } from './agent.js';
import * as messages from './temporal-messages.js';
import { commitCall, dbCall } from './options.js';
import { turnSteps } from './steps.js';
import { announce } from './notices.js';
import { turnSpend } from './spend.js';

const db = proxyActivities<Activities>(dbCall);
// Booking reads an answer about free rooms or existing bookings can rest on.
const READ_TOOLS = ['list_rooms', 'check_availability', 'list_bookings'];
const commit = proxyActivities<Activities>(commitCall);

export async function turnWorkflow(rawInput: TurnInput): Promise<TurnView> {
  const parsed = turnInputSchema.safeParse(rawInput);
  if (!parsed.success) throw ApplicationFailure.nonRetryable(`invalid turn input: ${formatIssues(parsed.error.issues)}`, FailureType.invalidInput);
  const input = parsed.data;
  const { maxHops, maxAgentRetries, timezone, approvalTimeoutMs, maxBookingHours, bookingHorizonDays, localActivities, prices, maxTurnCostUsd, maxTurnTokens, maxToolCallsPerStep, maxAgentCallsPerDecision } =
    input.settings;
  const steps = turnSteps(localActivities);
  // Who is asking; absent in turns started before identities (then: no policy data, the old checks).
  const caller = input.caller;
  const roleOf = (userId: string) => roleIn({ approvers: input.approvers, admins: input.admins }, userId);

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
  setHandler(messages.approval, (raw) => {
    onApprovalSignal(raw);
  });

  const makeEvent = (type: EventType, data: Record<string, unknown>): TurnEvent => ({
    offset: state.events.length,
    type,
    at: new Date().toISOString(),
    data,
  });
  const emit = (type: EventType, data: Record<string, unknown>) => {
    const e = makeEvent(type, data);
    state.events.push(e);
    announce(e);
  };
  // The turn's spending (workflows/spend.ts): recorded as each model call returns; checked before the next one.
  const spend = turnSpend(state, prices, { maxCostUsd: maxTurnCostUsd, maxTokens: maxTurnTokens });
  const recordUsage = (calls: ModelCallUsage[], who: 'orchestrator' | 'verifier' | AgentName) => spend.record(calls, who);
  const overBudget = spend.overBudget;

  emit(EventType.turnStarted, { turnId: input.turnId, conversationId: input.conversationId, question: input.question });
  // The SDK adds workflowId and runId; the question stays out of logs (it may hold personal data).
  const ids = { turnId: input.turnId, conversationId: input.conversationId, userId: input.userId };
  log.info('turn started', { ...ids, namespace: input.namespace });

  let outcome: { status: TurnStatus; answer: string; error: TurnState['error'] };
  let guardNotes: string[] = [];
  // Turns from before the system stated outcomes (and verified claims) replay without either.
  let statesOutcomes = false;
  try {
    state.context = await steps.read.run('loadContext', 'load conversation context', [{ conversationId: input.conversationId, turnId: input.turnId }]);
    outcome = await orchestrate();
  } catch (e) {
    const r = failureReason(e);
    const changed = state.receipts.length
      ? `Changes committed before the failure:\n${writeOutcomeSummary(state.approvals.filter((a) => a.outcome?.outcome === 'committed'))}`
      : 'Nothing was changed.';
    outcome = { status: 'failed', answer: `Sorry, this request failed: ${r.message}\n\n${changed}`, error: r };
  }

  // Persist before the terminal event: once a client sees the turn finished, the conversation is free.
  const terminal = makeEvent(outcome.status === 'completed' ? EventType.turnCompleted : EventType.turnFailed, {
    status: outcome.status,
    answer: outcome.answer,
    ...(outcome.error ? { error: outcome.error } : {}),
    receipts: state.receipts,
    ...(statesOutcomes ? { outcomes: state.outcomes, outcomeBlock: state.outcomeBlock } : {}),
    ...(guardNotes.length ? { guard: guardNotes } : {}),
    ...(state.stopReason ? { stopReason: state.stopReason } : {}),
    usage: state.usage.total,
    cost: state.cost,
  });
  const result: TurnResult = turnResultOf(state, { error: outcome.error, events: [...state.events, terminal], withOutcomes: statesOutcomes });
  try {
    await db.persistTurn.executeWithOptions({ ...dbCall, summary: `persist turn (${outcome.status})` }, [
      {
        turn: { turnId: input.turnId, conversationId: input.conversationId, userId: input.userId, question: input.question, namespace: input.namespace },
        status: outcome.status,
        answer: outcome.answer,
        result,
      },
    ]);
  } catch (e) {
    // History still holds the turn; the API falls back to the workflow when the row is stale.
    const r = failureReason(e);
    state.error = state.error ?? { type: r.type, message: `the turn could not be saved: ${r.message}` };
  }
  state.answer = outcome.answer;
  state.error = outcome.error ?? state.error;
  state.status = outcome.status;
  state.finishedAt = new Date().toISOString();
  state.events.push(terminal);
  announce(terminal, true);
  setStatusAttribute(state.status);
  log.info('turn finished', {
    ...ids,
    status: state.status,
    hops: state.hop,
    ...(state.stopReason ? { stopReason: state.stopReason } : {}),
    ...(state.error ? { errorType: state.error.type } : {}),
    tokens: state.usage.total.totalTokens,
    costUsd: state.cost.usd,
  });
  return turnView(state);

  /** running ⇄ awaiting_approval while the loop runs; the search attribute follows. */
  function refreshStatus() {
    const next: TurnStatus = state.approvals.some((a) => a.status === 'pending') ? 'awaiting_approval' : 'running';
    if (next !== state.status) {
      state.status = next;
      setStatusAttribute(next);
    }
  }

  /** Re-checks every approval signal: a signal is never trusted because the API checked it. */
  function onApprovalSignal(raw: unknown) {
    const ignore = (reason: string, data: Record<string, unknown> = {}) => {
      emit(EventType.approvalIgnored, { reason, ...data });
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

  /**
   * The approval gate: a validated write becomes a pending approval; the turn waits for the signal or the
   * expiry (APPROVAL_TIMEOUT, or the booking's start, whichever is first); an approved write is committed
   * with an idempotency key. Returns what happened, for the agent to relay.
   */
  async function requestWrite(agent: AgentName, tool: WriteToolName, args: unknown): Promise<ToolResult> {
    const result = (ok: boolean, payload: unknown, a?: Approval): ToolResult => ({
      ok,
      content: JSON.stringify(payload),
      sources: [],
      entities: [],
      receipts: a?.outcome?.outcome === 'committed' ? [a.outcome.receipt] : [],
    });
    const prep = await steps.read.run('prepareWrite', `${agent} · prepare ${tool}`, [
      { tool, args, requestedBy: input.userId, ...(caller ? { caller } : {}), now: new Date().toISOString(), timezone, limits: { maxBookingHours, bookingHorizonDays } },
    ]);
    if (!prep.ok) {
      state.attempts.push({ action: actionOfTool(tool), refused: prep.refused === true, conflict: (prep.conflicts ?? []).length > 0, reason: prep.error, suggestions: prep.suggestions ?? [] });
      // Refused by the policy: a tool result the agent relays, never a pending approval.
      return result(false, { status: prep.refused ? 'refused' : 'not_proposed', error: prep.error, ...(prep.conflicts ? { conflicts: prep.conflicts } : {}), ...(prep.suggestions ? { nearestFreeSlots: prep.suggestions } : {}) });
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
    refreshStatus();
    emit(EventType.approvalRequired, { approvalId: a.approvalId, action: a.action, details: d, expiresAt: a.expiresAt, requestedBy: a.requestedBy });
    const save = (summary: string) =>
      db.saveApproval.executeWithOptions({ ...dbCall, summary }, [{ approval: a, conversationId: input.conversationId, turnStatus: state.status }]);
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
    refreshStatus();
    emit(EventType.approvalResolved, {
      approvalId: a.approvalId,
      status: a.status,
      by: a.resolvedBy,
      ...(a.comment ? { comment: a.comment } : {}),
      ...(a.outcome ? { outcome: a.outcome } : {}),
    });
    await save(`record approval ${a.approvalId} (${a.status})`);
    log.info('approval resolved', { ...ids, approvalId: a.approvalId, status: a.status, by: a.resolvedBy, outcome: a.outcome?.outcome ?? null });

    if (a.status === 'rejected') return result(false, { status: 'rejected', by: a.resolvedBy, comment: a.comment, note: 'nothing was written' });
    if (a.status === 'expired') return result(false, { status: 'expired', expiredAt: a.expiresAt, note: 'nobody approved in time; nothing was written' });
    const o = a.outcome!;
    if (o.outcome === 'committed') return result(true, { status: 'committed', receipt: o.receipt }, a);
    if (o.outcome === 'conflict') return result(false, { status: 'conflict', message: o.message, conflicts: o.conflicts, nearestFreeSlots: o.suggestions, note: 'nothing was written' });
    if (o.outcome === 'refused') return result(false, { status: 'refused', error: o.message, note: 'nothing was written' });
    return result(false, { status: 'failed', message: o.message, note: 'nothing was written' });
  }

  /** What the turn's writes came to, from its approvals and attempts, and that as text in the question's language. */
  function stateOutcomes() {
    statesOutcomes = true;
    state.outcomes = turnOutcomes(state.approvals, state.attempts);
    const lang = detectLanguage(input.question);
    state.outcomeBlock = renderOutcomes(state.outcomes, lang, timezone);
    return { lang, block: state.outcomeBlock };
  }

  /**
   * The answer as the user gets it: the model's prose, checked, then the outcome block the system
   * renders from the approvals and receipts. The patterns of `guardAnswer` are a free first pass; the
   * defence is structural: when a write was attempted and did not commit, or neither the turn nor its
   * conversation read bookings (a knowledge-base turn, say), a verifier lists the answer's outcome and
   * read claims, and a claim no receipt or read backs sends the orchestrator back once (`reask`); a second
   * such answer, or a verifier that fails or answers badly, leaves only the outcome block (fail closed),
   * or in a turn that attempted no write, a sentence saying why the prose is not shown.
   */
  async function checkAnswer(answer: string, ctx: Parameters<typeof guardAnswer>[1]): Promise<{ answer: string; notes: string[]; reask?: string }> {
    const { lang, block } = stateOutcomes();
    // Prose that is replaced leaves the outcome block; a turn that attempted no write says why instead.
    const withBlock = (prose: string, instead = nothingDone(lang)) => (block ? (prose ? `${prose}\n\n${block}` : block) : prose || instead);
    const withheld = () => answerWithheld(lang, [...new Set(state.sources.map((s) => `${s.fileName} p.${s.page}`))]);
    const guarded = guardAnswer(answer, ctx, { listReceipts: false });
    if (guarded.verdict === 'not_found') return { answer: withBlock(guarded.answer), notes: guarded.notes };
    // Citations name pages retrieved in this turn, or go.
    const cited = stripUnretrievedCitations(guarded.answer, state.sources);
    if (cited.removed.length) {
      guarded.answer = cited.text;
      guarded.notes.push(`citations removed (not retrieved in this turn): ${cited.removed.join(', ')}`);
    }
    const alreadyAsked = state.hops.some((h) => h.answerRejected);
    const refuse = (reason: string, notes: string[], instead?: string) =>
      alreadyAsked ? { answer: withBlock('', instead), notes: [...notes, `prose replaced by the outcome block: ${reason}`] } : { answer: '', notes, reask: reason };
    // First pass: the patterns and booking ids (no model call).
    if (guarded.verdict === 'unbacked') return refuse(guarded.notes.join('; '), guarded.notes);
    const outputs = state.hops.flatMap((h) => h.outputs);
    const bookingsRead =
      outputs.some((o) => o.agent === 'booking_agent' && o.toolCalls.some((t) => t.ok && READ_TOOLS.includes(t.name))) ||
      (state.context?.turns ?? []).some((t) => t.entities.some((e) => e.kind === 'booking') || t.receipts.length > 0);
    // Read claims: an answer that says a room is free or a booking exists rests on a booking read of
    // this turn or its conversation; a turn with neither (a knowledge-base turn, say) is verified too.
    const needsCheck =
      state.outcomes.some((o) => o.kind !== 'committed') || (!bookingsRead && (outputs.length === 0 || patched('verify-read-claims')));
    if (!needsCheck) return { answer: withBlock(guarded.answer), notes: guarded.notes };
    const over = overBudget();
    if (over) return { answer: withBlock('', withheld()), notes: [...guarded.notes, `prose replaced by the outcome block: not verified (${over})`] };
    let verdict;
    try {
      verdict = await steps.model.run('verifyClaims', `verify the answer's outcome claims`, [
        { answer: guarded.answer, question: input.question, receipts: state.receipts.map((r) => ({ bookingId: r.bookingId, summary: r.summary })), outcomes: state.outcomes },
      ]);
    } catch (e) {
      return { answer: withBlock('', withheld()), notes: [...guarded.notes, `prose replaced by the outcome block: the verifier failed (${failureReason(e).message})`] };
    }
    recordUsage(verdict.usage, 'verifier');
    if (!verdict.parsed.ok) return { answer: withBlock('', withheld()), notes: [...guarded.notes, `prose replaced by the outcome block: ${verdict.parsed.error}`] };
    const receiptIds = [...state.receipts.map((r) => r.bookingId), ...(state.context?.turns ?? []).flatMap((t) => t.receipts.map((r) => r.bookingId))];
    const unbacked = unbackedClaims(verdict.parsed.claims, { receiptIds, bookingsRead });
    if (unbacked.length) {
      const onlyReads = unbacked.every((u) => u.claim.kind === 'available' || u.claim.kind === 'exists');
      return refuse(unbacked.map((u) => u.reason).join('; '), [...guarded.notes, `unbacked claims: ${unbacked.length}`], onlyReads ? bookingsNotChecked(lang) : undefined);
    }
    return { answer: withBlock(guarded.answer), notes: guarded.notes };
  }

  async function orchestrate(): Promise<{ status: TurnStatus; answer: string; error: TurnState['error'] }> {
    const stop = (why: StopReason, reason: string) => {
      state.stopReason = why;
      if (patched('stated-outcomes')) {
        const { block } = stateOutcomes();
        return { status: 'completed' as const, answer: block ? `${honestStopAnswer(reason, state.hops)}\n\n${block}` : honestStopAnswer(reason, state.hops), error: null };
      }
      return {
        status: 'completed' as const,
        answer: state.approvals.length ? `${honestStopAnswer(reason, state.hops)}\n\n${writeOutcomeSummary(state.approvals)}` : honestStopAnswer(reason, state.hops),
        error: null,
      };
    };
    for (;;) {
      if (state.hop >= maxHops) return stop('hops', `it needed more than the ${maxHops} steps allowed`);
      const over = overBudget();
      if (over) return stop('budget', over);
      state.hop += 1;
      const hop = state.hop;
      const decision: Decision = await steps.model.run('decide', `orchestrator · hop ${hop} of ${maxHops}`, [
        {
          question: input.question,
          context: state.context!,
          hops: state.hops,
          hop,
          maxHops,
          retryCounts: state.retryCounts,
          maxAgentRetries,
          now: new Date().toISOString(),
          timezone,
          ...(caller ? { caller } : {}),
        },
      ]);
      recordUsage(decision.usage, 'orchestrator');
      const normalized = normalizeDecision(decision);
      if (normalized) state.decisions.push(normalized);
      emit(EventType.orchestratorDecision, {
        hop,
        decision: normalized ?? { type: 'rejected' },
        ...(decision.type === 'call_agents' ? { requests: decision.calls } : {}),
        ...(decision.rejected.length ? { rejected: decision.rejected } : {}),
        ...(decision.corrections.length ? { corrections: decision.corrections } : {}),
      });

      if (decision.type === 'return_to_user') {
        const guardCtx = {
          agentOutputs: state.hops.flatMap((h) => h.outputs),
          namespace: input.namespace,
          receipts: state.receipts,
          approvals: state.approvals,
          knownBookingIds: state.entities.filter((e) => e.kind === 'booking').map((e) => e.id),
        };
        if (!patched('stated-outcomes')) {
          const guarded = guardAnswer(decision.answer, guardCtx);
          guardNotes = guarded.notes;
          return { status: 'completed', answer: guarded.answer, error: null };
        }
        const checked = await checkAnswer(decision.answer, guardCtx);
        if (checked.reask) {
          // Back to the orchestrator once, with the reason (as a policy refusal goes back to an agent).
          state.hops.push({ hop, calls: [], rejected: [], outputs: [], refused: [], answerRejected: { answer: decision.answer, reason: checked.reask } });
          continue;
        }
        guardNotes = checked.notes;
        return { status: 'completed', answer: checked.answer, error: null };
      }
      const record: HopRecord = { hop, calls: [], rejected: decision.rejected, outputs: [], refused: [] };
      state.hops.push(record);
      if (decision.type === 'rejected') continue;

      // Fan-out is bounded: identical agent calls run once, and at most so many start at once.
      let requested = decision.calls;
      const planned = planAgentCalls(requested, maxAgentCallsPerDecision);
      if (planned.dropped.length && patched('fan-out-caps')) {
        requested = planned.run;
        record.rejected = [...record.rejected, ...planned.dropped];
      }
      // An agent that stayed empty past its retry budget is not called again: the turn says so instead.
      const spent = (a: AgentName) => (state.retryCounts[a] ?? 0) > maxAgentRetries;
      const runnable: AgentCall[] = requested.filter((c) => !spent(c.agent));
      record.refused = requested.filter((c) => spent(c.agent));
      record.calls = runnable;
      if (runnable.length === 0) {
        const names = [...new Set(record.refused.map((c) => agentSpecs[c.agent].label))].join(', ');
        return stop('retries', `${names} returned nothing after ${maxAgentRetries + 1} attempts`);
      }
      for (const c of runnable) emit(EventType.agentStarted, { hop, agent: c.agent, request: c.request });
      const ctx = {
        namespace: input.namespace,
        now: new Date().toISOString(),
        timezone,
        context: state.context,
        hop,
        ...(caller ? { caller } : {}),
        requestWrite,
        steps,
        onUsage: (u: ModelCallUsage, agent: AgentName) => recordUsage([u], agent),
        overBudget,
        maxToolCallsPerStep,
      };
      const runs = await Promise.all(
        runnable.map(async (c) => {
          const run = await runAgent(c, ctx);
          // Emitted as each agent finishes, so a stream shows progress agent by agent.
          emit(EventType.agentCompleted, {
            hop,
            agent: c.agent,
            status: run.output.status,
            text: run.output.text,
            ...(run.output.error ? { error: run.output.error } : {}),
            sources: run.output.sources.map((s) => ({ documentId: s.documentId, chunkId: s.chunkId, fileName: s.fileName, page: s.page, score: s.score })),
            toolCalls: run.output.toolCalls,
          });
          return run;
        }),
      );
      for (const { output } of runs) {
        record.outputs.push(output);
        if (output.status !== 'ok') state.retryCounts[output.agent] = (state.retryCounts[output.agent] ?? 0) + 1;
        for (const s of output.sources) {
          if (!state.sources.some((x) => x.documentId === s.documentId && x.chunkIndex === s.chunkIndex)) state.sources.push(s);
        }
        for (const en of output.entities) if (!state.entities.some((x) => x.kind === en.kind && x.id === en.id)) state.entities.push(en);
        // Receipts reach state in the gate, the moment a write commits.
      }
    }
  }
}
