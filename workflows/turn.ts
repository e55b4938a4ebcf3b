/**
 * The turn workflow: one conversation turn, id `turn-<turnId>`. Its deterministic code is the
 * orchestrator loop (decide → run agents in parallel → record outputs), bounded by a hop counter and
 * per-agent retry budgets. Everything that must survive a restart lives in `state`.
 */
import { ApplicationFailure, proxyActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { TurnResult } from '../adapters/conversation-store.js';
import { agentSpecs, type AgentName } from '../domain/agents.js';
import { FailureType } from '../domain/failures.js';
import { guardAnswer, honestStopAnswer } from '../domain/guard.js';
import { formatIssues } from '../domain/prompts.js';
import { TurnStatusKey } from '../domain/search-attributes.js';
import {
  addUsage,
  EventType,
  normalizeDecision,
  STATE_VERSION,
  turnInputSchema,
  turnView,
  zeroUsage,
  type AgentCall,
  type Decision,
  type HopRecord,
  type ModelCallUsage,
  type TurnEvent,
  type TurnInput,
  type TurnState,
  type TurnStatus,
  type TurnView,
} from '../domain/types.js';
import { failureReason, runAgent } from './agent.js';
import * as messages from './messages.js';
import { dbCall, llmCall } from './options.js';

const llm = proxyActivities<Activities>(llmCall);
const db = proxyActivities<Activities>(dbCall);

export async function turnWorkflow(rawInput: TurnInput): Promise<TurnView> {
  const parsed = turnInputSchema.safeParse(rawInput);
  if (!parsed.success) throw ApplicationFailure.nonRetryable(`invalid turn input: ${formatIssues(parsed.error.issues)}`, FailureType.invalidInput);
  const input = parsed.data;
  const { maxHops, maxAgentRetries, timezone } = input.settings;

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
    pendingApprovals: [],
    usage: { total: zeroUsage(), byModel: {}, byAgent: {}, calls: 0 },
    events: [],
    answer: null,
    error: null,
    // The workflow clock is deterministic: replay sees the same time.
    startedAt: new Date().toISOString(),
    finishedAt: null,
  };
  setHandler(messages.state, () => state);
  setHandler(messages.events, ({ after }) => state.events.filter((e) => e.offset > after));

  const makeEvent = (type: EventType, data: Record<string, unknown>): TurnEvent => ({
    offset: state.events.length,
    type,
    at: new Date().toISOString(),
    data,
  });
  const emit = (type: EventType, data: Record<string, unknown>) => state.events.push(makeEvent(type, data));
  const recordUsage = (calls: ModelCallUsage[], caller: 'orchestrator' | AgentName) => {
    for (const u of calls) {
      state.usage.total = addUsage(state.usage.total, u);
      state.usage.byModel[u.model] = addUsage(state.usage.byModel[u.model] ?? zeroUsage(), u);
      state.usage.byAgent[caller] = addUsage(state.usage.byAgent[caller] ?? zeroUsage(), u);
      state.usage.calls += 1;
    }
  };

  emit(EventType.turnStarted, { turnId: input.turnId, conversationId: input.conversationId, question: input.question });

  let outcome: { status: TurnStatus; answer: string; error: TurnState['error'] };
  try {
    state.context = await db.loadContext.executeWithOptions({ ...dbCall, summary: 'load conversation context' }, [
      { conversationId: input.conversationId, turnId: input.turnId },
    ]);
    outcome = await orchestrate();
  } catch (e) {
    const r = failureReason(e);
    outcome = { status: 'failed', answer: `Sorry, this request failed and nothing was changed: ${r.message}`, error: r };
  }

  // Persist before the terminal event: once a client sees the turn finished, the conversation is free.
  const terminal = makeEvent(outcome.status === 'completed' ? EventType.turnCompleted : EventType.turnFailed, {
    status: outcome.status,
    answer: outcome.answer,
    ...(outcome.error ? { error: outcome.error } : {}),
    usage: state.usage.total,
  });
  const result: TurnResult = {
    decisions: state.decisions,
    sources: state.sources,
    entities: state.entities,
    receipts: state.receipts,
    usage: state.usage,
    hops: state.hop,
    error: outcome.error,
    events: [...state.events, terminal],
  };
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
  upsertSearchAttributes([{ key: TurnStatusKey, value: state.status }]);
  return turnView(state);

  async function orchestrate(): Promise<{ status: TurnStatus; answer: string; error: TurnState['error'] }> {
    const stop = (reason: string) => ({ status: 'completed' as const, answer: honestStopAnswer(reason, state.hops), error: null });
    for (;;) {
      if (state.hop >= maxHops) return stop(`it needed more than the ${maxHops} steps allowed`);
      state.hop += 1;
      const hop = state.hop;
      const decision: Decision = await llm.decide.executeWithOptions({ ...llmCall, summary: `orchestrator · hop ${hop} of ${maxHops}` }, [
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
        const guarded = guardAnswer(decision.answer, state.receipts);
        return { status: 'completed', answer: guarded.answer, error: null };
      }
      const record: HopRecord = { hop, calls: [], rejected: decision.rejected, outputs: [], refused: [] };
      state.hops.push(record);
      if (decision.type === 'rejected') continue;

      // An agent that stayed empty past its retry budget is not called again: the turn says so instead.
      const spent = (a: AgentName) => (state.retryCounts[a] ?? 0) > maxAgentRetries;
      const runnable: AgentCall[] = decision.calls.filter((c) => !spent(c.agent));
      record.refused = decision.calls.filter((c) => spent(c.agent));
      record.calls = runnable;
      if (runnable.length === 0) {
        const names = [...new Set(record.refused.map((c) => agentSpecs[c.agent].label))].join(', ');
        return stop(`${names} returned nothing after ${maxAgentRetries + 1} attempts`);
      }
      for (const c of runnable) emit(EventType.agentStarted, { hop, agent: c.agent, request: c.request });
      const ctx = { namespace: input.namespace, now: new Date().toISOString(), timezone, context: state.context, hop };
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
            sources: run.output.sources.map((s) => ({ fileName: s.fileName, page: s.page })),
            toolCalls: run.output.toolCalls,
          });
          return run;
        }),
      );
      for (const { output, usage } of runs) {
        recordUsage(usage, output.agent);
        record.outputs.push(output);
        if (output.status !== 'ok') state.retryCounts[output.agent] = (state.retryCounts[output.agent] ?? 0) + 1;
        for (const s of output.sources) {
          if (!state.sources.some((x) => x.documentId === s.documentId && x.chunkIndex === s.chunkIndex)) state.sources.push(s);
        }
        for (const en of output.entities) if (!state.entities.some((x) => x.kind === en.kind && x.id === en.id)) state.entities.push(en);
        state.receipts.push(...output.receipts);
      }
    }
  }
}
