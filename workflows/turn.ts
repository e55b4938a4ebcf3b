/**
 * The turn workflow: one conversation turn, id `turn-<turnId>`. Its deterministic code is the
 * orchestrator loop (decide → run agents in parallel → record outputs), bounded by a hop counter and
 * per-agent retry budgets. Read top-down: the lifecycle, then the loop, then its pieces. The units it
 * hands the turn to have explicit inputs and outputs: the turn's record (`turn-log.ts`), the approval
 * gate (`approval-gate.ts`), the answer check (`answer-check.ts`) and the spending (`spend.ts`).
 * Everything that must survive a restart lives in the turn state.
 */
import { ApplicationFailure, log, patched, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { AgentName } from '../domain/agents.js';
import { failedTurnAnswer, failedWriting, stopReasonText, turnOutcomes, type StopCause } from '../domain/outcomes.js';
import { failureReason, FailureType } from '../domain/failures.js';
import { guardAnswer, honestStopAnswer, stopFindings, writeOutcomeSummary } from '../domain/guard.js';
import { formatIssues } from '../domain/prompts.js';
import { planAgentCalls } from '../domain/fan-out.js';
import {
  earlierBookingIds,
  EventType,
  normalizeDecision,
  TERMINAL_EVENTS,
  turnInputSchema,
  type AgentCall,
  type Decision,
  type HopRecord,
  type ModelCallUsage,
  type ParsedTurnInput,
  type SavedTurn,
  type TurnEvent,
  type TurnInput,
  type TurnResult,
  type TurnStatus,
  type TurnView,
} from '../domain/types.js';
import { runAgent } from './agent.js';
import { answerCheck, questionLanguage, type AnswerCheck } from './answer-check.js';
import { approvalGate, type ApprovalGate } from './approval-gate.js';
import * as messages from './temporal-messages.js';
import { announce } from './notices.js';
import { dbCall } from './options.js';
import { turnRunners, type Runners } from './runners.js';
import { turnSpend, type Spend } from './spend.js';
import { openTurn, type TurnLog } from './turn-log.js';
import { turnResultOf, turnView, type TurnState } from './turn-state.js';

const db = proxyActivities<Activities>(dbCall);

/** How the loop ended: the answer as the user gets it, and what the answer checks noted. */
interface Outcome {
  status: TurnStatus;
  answer: string;
  error: TurnState['error'];
  notes: string[];
}
/** What the loop works with besides the turn's record. */
interface Units {
  runners: Runners;
  spend: Spend;
  gate: ApprovalGate;
  answers: AnswerCheck;
}

export async function turnWorkflow(rawInput: TurnInput): Promise<TurnView> {
  const input = parseInput(rawInput);
  const { settings } = input;
  const runners = turnRunners(settings.localActivities);
  const turn = openTurn(input);
  const gate = approvalGate(turn, runners);
  setHandler(messages.approval, (raw) => {
    gate.onSignal(raw);
  });
  const spend = turnSpend(turn.state, settings.prices, { maxCostUsd: settings.maxTurnCostUsd, maxTokens: settings.maxTurnTokens });
  const answers = answerCheck(turn, runners, spend);

  turn.emit(EventType.turnStarted, { turnId: input.turnId, conversationId: input.conversationId, question: input.question });
  // The SDK adds workflowId and runId; the question stays out of logs (it may hold personal data).
  log.info('turn started', { ...turn.ids, namespace: input.namespace });

  let outcome: Outcome;
  try {
    turn.state.context = await runners.read.run('loadContext', 'load conversation context', [{ conversationId: input.conversationId, turnId: input.turnId }]);
    outcome = await orchestrate(turn, { runners, spend, gate, answers });
  } catch (e) {
    outcome = failed(turn, e);
  }
  await finish(turn, runners, outcome, answers.stated);
  return turnView(turn.state);
}

/** The loop: until the orchestrator answers or a bound stops it, decide, then run the agents it named. */
async function orchestrate(turn: TurnLog, units: Units): Promise<Outcome> {
  const { state } = turn;
  const { maxHops } = turn.input.settings;
  const stop = (cause: StopCause) => honestStop(turn, units.answers, cause);
  for (;;) {
    if (state.hop >= maxHops) return stop({ kind: 'hops', max: maxHops });
    const over = units.spend.budgetOver();
    if (over) return stop({ kind: 'budget', over });
    state.hop += 1;
    const hop = state.hop;
    const decision = await decide(turn, units, hop);

    if (decision.type === 'return_to_user') {
      const answered = await answer(turn, units.answers, decision.answer);
      if ('reask' in answered) {
        // Back to the orchestrator once, with the reason (as a policy refusal goes back to an agent).
        state.hops.push({ hop, calls: [], rejected: [], outputs: [], refused: [], answerRejected: { answer: decision.answer, reason: answered.reask } });
        continue;
      }
      return answered;
    }
    const record: HopRecord = { hop, calls: [], rejected: decision.rejected, outputs: [], refused: [] };
    state.hops.push(record);
    if (decision.type === 'rejected') continue;

    const runnable = admitCalls(turn, record, decision.calls);
    if (runnable.length === 0) {
      return stop({ kind: 'retries', agents: [...new Set(record.refused.map((c) => c.agent))], attempts: turn.input.settings.maxAgentRetries + 1 });
    }
    await runAgents(turn, units, record, runnable);
  }
}

/** One orchestrator decision (an activity), recorded with its usage and as an event. */
async function decide(turn: TurnLog, { runners, spend }: Units, hop: number): Promise<Decision> {
  const { input, state } = turn;
  const { maxHops, maxAgentRetries, timezone } = input.settings;
  const now = new Date().toISOString();
  const decision: Decision = await runners.model.run('decide', `orchestrator · hop ${hop} of ${maxHops}`, [
    {
      question: input.question,
      context: state.context!,
      hops: state.hops,
      hop,
      maxHops,
      retryCounts: state.retryCounts,
      maxAgentRetries,
      now,
      timezone,
      ...(input.caller ? { caller: input.caller } : {}),
    },
  ]);
  spend.record(decision.usage, 'orchestrator');
  const normalized = normalizeDecision(decision);
  if (normalized) state.decisions.push(normalized);
  turn.emit(EventType.orchestratorDecision, {
    hop,
    // The clock the decision saw, so an exported scenario pins it (evals/from-turn.ts).
    now,
    decision: normalized ?? { type: 'rejected' },
    ...(decision.type === 'call_agents' ? { requests: decision.calls } : {}),
    ...(decision.rejected.length ? { rejected: decision.rejected } : {}),
    ...(decision.corrections.length ? { corrections: decision.corrections } : {}),
  });
  return decision;
}

/** The orchestrator's answer, checked; `reask` when it claimed what nothing backs (the first time). */
async function answer(turn: TurnLog, answers: AnswerCheck, text: string): Promise<Outcome | { reask: string }> {
  const { input, state } = turn;
  // The bookings the conversation read or wrote before: naming one claims nothing new. Turns recorded
  // before ('conversation-ids-known') held an answer naming them as if the id were made up.
  const earlier = earlierBookingIds(state.context?.turns ?? []);
  const guardCtx = {
    agentOutputs: state.hops.flatMap((h) => h.outputs),
    namespace: input.namespace,
    receipts: state.receipts,
    approvals: state.approvals,
    knownBookingIds: [...state.entities.filter((e) => e.kind === 'booking').map((e) => e.id), ...(earlier.length && patched(CONVERSATION_IDS_KNOWN) ? earlier : [])],
  };
  // Turns from before the system stated outcomes (and verified claims) replay with the patterns only.
  if (!patched('stated-outcomes')) {
    const guarded = guardAnswer(text, guardCtx);
    return { status: 'completed', answer: guarded.answer, error: null, notes: guarded.notes };
  }
  const checked = await answers.check(text, guardCtx);
  if (checked.reask) return { reask: checked.reask };
  return { status: 'completed', answer: checked.answer, error: null, notes: checked.notes };
}

/**
 * The calls of a decision that run: identical calls once and at most so many (fan-out is bounded), and
 * none to an agent that stayed empty past its retry budget (the turn says so instead). Records the
 * dropped and refused calls on the hop.
 */
function admitCalls(turn: TurnLog, record: HopRecord, calls: AgentCall[]): AgentCall[] {
  const { state } = turn;
  const { maxAgentRetries, maxAgentCallsPerDecision } = turn.input.settings;
  let requested = calls;
  const planned = planAgentCalls(requested, maxAgentCallsPerDecision);
  if (planned.dropped.length && patched('fan-out-caps')) {
    requested = planned.run;
    record.rejected = [...record.rejected, ...planned.dropped];
  }
  const spent = (a: AgentName) => (state.retryCounts[a] ?? 0) > maxAgentRetries;
  const runnable = requested.filter((c) => !spent(c.agent));
  record.refused = requested.filter((c) => spent(c.agent));
  record.calls = runnable;
  return runnable;
}

/** Runs the admitted calls in parallel and records their outputs, sources and entities. */
async function runAgents(turn: TurnLog, { runners, spend, gate }: Units, record: HopRecord, runnable: AgentCall[]): Promise<void> {
  const { input, state } = turn;
  const { hop } = record;
  for (const c of runnable) turn.emit(EventType.agentStarted, { hop, agent: c.agent, request: c.request });
  const ctx = {
    namespace: input.namespace,
    now: new Date().toISOString(),
    timezone: input.settings.timezone,
    context: state.context,
    hop,
    ...(input.caller ? { caller: input.caller } : {}),
    requestWrite: gate.requestWrite,
    runners,
    onUsage: (u: ModelCallUsage, agent: AgentName) => spend.record([u], agent),
    overBudget: spend.overBudget,
    maxToolCallsPerStep: input.settings.maxToolCallsPerStep,
  };
  const runs = await runners.parallel(
    runnable.map((c) => async () => {
      const run = await runAgent(c, ctx);
      // Emitted as each agent finishes, so a stream shows progress agent by agent: what it did and found,
      // never its reply, which is model prose no check has read (the turn's answer is what is checked).
      turn.emit(EventType.agentCompleted, {
        hop,
        agent: c.agent,
        status: run.output.status,
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

/**
 * An honest stop (hops, retries or budget spent): says why, with what the agents found (their replies
 * checked as an answer is, `checkFindings`) and what the writes came to, in the question's language.
 */
async function honestStop(turn: TurnLog, answers: AnswerCheck, cause: StopCause): Promise<Outcome> {
  const { state } = turn;
  state.stopReason = cause.kind;
  if (patched('stated-outcomes')) {
    const { lang, block } = answers.stateOutcomes();
    const { withheld, notes } = await answers.checkFindings(stopFindings(state.hops));
    const said = honestStopAnswer(stopReasonText(cause, lang), state.hops, withheld, lang);
    return { status: 'completed', answer: block ? `${said}\n\n${block}` : said, error: null, notes };
  }
  const said = honestStopAnswer(stopReasonText(cause, 'en'), state.hops);
  return { status: 'completed', answer: state.approvals.length ? `${said}\n\n${writeOutcomeSummary(state.approvals)}` : said, error: null, notes: [] };
}

/** The patch under which a failed turn says so in the question's language. */
export const LOCALIZED_FAILURE = 'localized-failure';
/**
 * The patch under which a failed turn writes the days of the writes it committed in the question's language
 * (they were English), and keeps each of them, and the failure's message, on its own line (a name a model's
 * call gave, or a message quoting one, could start a line the system did not state).
 */
export const FAILED_OUTCOMES = 'failed-outcomes';
/** The patch under which an answer may name the bookings its conversation read or wrote in earlier turns. */
export const CONVERSATION_IDS_KNOWN = 'conversation-ids-known';

/** A turn that failed for good: the reason, and what it changed before it failed, in the question's language. */
function failed(turn: TurnLog, e: unknown): Outcome {
  const { state, input } = turn;
  const r = failureReason(e);
  // Turns recorded before ('localized-failure') said it in English, the writes as writeOutcomeSummary lists them.
  if (patched(LOCALIZED_FAILURE)) {
    const committed = turnOutcomes(state.approvals, state.attempts).filter((o) => o.kind === 'committed');
    const lang = questionLanguage(input.question);
    const said = (opts = {}) => failedTurnAnswer(r.message, committed, lang, input.settings.timezone, 'failed', opts);
    // Turns recorded before ('failed-outcomes') wrote the days in English and let quoted text break a line. Asked only where the answer would read otherwise.
    const [before, since] = [said(), said(failedWriting(lang))];
    const answer = before !== since && patched(FAILED_OUTCOMES) ? since : before;
    return { status: 'failed', answer, error: r, notes: [] };
  }
  const changed = state.receipts.length
    ? `Changes committed before the failure:\n${writeOutcomeSummary(state.approvals.filter((a) => a.outcome?.outcome === 'committed'))}`
    : 'Nothing was changed.';
  return { status: 'failed', answer: `Sorry, this request failed: ${r.message}\n\n${changed}`, error: r, notes: [] };
}

/**
 * The patch under which a turn in `all` records itself as a local activity, in its last workflow task,
 * where it was a regular activity (a server round trip and a second workflow task). Turns recorded
 * before it replay the regular activity.
 */
export const LOCAL_TURN_RECORD = 'local-turn-record';

/**
 * Saves the finished turn, then appends the terminal event: once a client sees the turn finished, the
 * conversation is free. A failed save leaves history holding the turn (the API reconciles from it).
 *
 * In `all` the record is a local activity, so the steps before it are recorded with it when the task
 * completes, not before: a worker that dies in between leaves a saved turn (which a user may have seen)
 * and a task that runs the steps again, whose model calls may answer differently. So the first save
 * wins: a turn already saved as finished keeps its row, and the run adopts it (`adoptSaved`).
 */
async function finish(turn: TurnLog, runners: Runners, outcome: Outcome, statesOutcomes: boolean): Promise<void> {
  const { input, state } = turn;
  let terminal = turn.event(outcome.status === 'completed' ? EventType.turnCompleted : EventType.turnFailed, {
    status: outcome.status,
    answer: outcome.answer,
    ...(outcome.error ? { error: outcome.error } : {}),
    receipts: state.receipts,
    ...(statesOutcomes ? { outcomes: state.outcomes, outcomeBlock: state.outcomeBlock } : {}),
    ...(outcome.notes.length ? { guard: outcome.notes } : {}),
    ...(state.stopReason ? { stopReason: state.stopReason } : {}),
    usage: state.usage.total,
    cost: state.cost,
  });
  const result: TurnResult = turnResultOf(state, { error: outcome.error, events: [...state.events, terminal], withOutcomes: statesOutcomes });
  const record = {
    turn: { turnId: input.turnId, conversationId: input.conversationId, userId: input.userId, question: input.question, namespace: input.namespace },
    status: outcome.status,
    answer: outcome.answer,
    result,
  };
  const summary = `persist turn (${outcome.status})`;
  let kept: SavedTurn | undefined;
  try {
    if (input.settings.localActivities === 'all' && patched(LOCAL_TURN_RECORD)) {
      kept = await runners.record.run('persistTurn', summary, [{ ...record, keepSaved: true }]);
    } else {
      await db.persistTurn.executeWithOptions({ ...dbCall, summary }, [record]);
    }
  } catch (e) {
    const r = failureReason(e);
    state.error = state.error ?? { type: r.type, message: `the turn could not be saved: ${r.message}` };
  }
  if (kept) {
    ({ outcome, terminal } = adoptSaved(state, kept, terminal));
    log.warn('turn adopted its saved record: it ran its steps again after its worker stopped, and the first save wins', { ...turn.ids });
  }
  state.answer = outcome.answer;
  state.error = outcome.error ?? state.error;
  state.status = outcome.status;
  state.finishedAt = new Date().toISOString();
  state.events.push(terminal);
  announce(terminal, true);
  turn.setStatusAttribute(state.status);
  log.info('turn finished', {
    ...turn.ids,
    status: state.status,
    hops: state.hop,
    ...(state.stopReason ? { stopReason: state.stopReason } : {}),
    ...(state.error ? { errorType: state.error.type } : {}),
    tokens: state.usage.total.totalTokens,
    costUsd: state.cost.usd,
  });
}

/**
 * The turn as it was saved (and maybe seen) before its worker stopped, in place of this run's: the
 * answer and status, the log up to its end, and what the record holds. Receipts and approvals are the
 * same in both runs (writes are regular activities, recorded before any later step).
 */
function adoptSaved(state: TurnState, kept: SavedTurn, fallback: TurnEvent): { outcome: Outcome; terminal: TurnEvent } {
  const r = kept.result;
  const last = r.events.at(-1);
  const ended = last && TERMINAL_EVENTS.includes(last.type);
  state.events = ended ? r.events.slice(0, -1) : r.events;
  state.decisions = r.decisions;
  state.sources = r.sources;
  state.entities = r.entities;
  state.receipts = r.receipts;
  if (r.outcomes) state.outcomes = r.outcomes;
  if (r.outcomeBlock !== undefined) state.outcomeBlock = r.outcomeBlock;
  state.usage = r.usage;
  if (r.cost) state.cost = r.cost;
  state.stopReason = r.stopReason ?? null;
  state.hop = r.hops;
  state.error = r.error;
  const terminal = ended ? last : { ...fallback, offset: state.events.length, data: { ...fallback.data, status: kept.status, answer: kept.answer } };
  return { outcome: { status: kept.status === 'failed' ? 'failed' : 'completed', answer: kept.answer ?? '', error: r.error, notes: [] }, terminal };
}

function parseInput(rawInput: TurnInput): ParsedTurnInput {
  const parsed = turnInputSchema.safeParse(rawInput);
  if (!parsed.success) throw ApplicationFailure.nonRetryable(`invalid turn input: ${formatIssues(parsed.error.issues)}`, FailureType.invalidInput);
  return parsed.data;
}
