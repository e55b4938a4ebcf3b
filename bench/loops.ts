/**
 * The same decision loop as the turn workflow, outside Temporal, for the overhead table of
 * `npm run bench`: the orchestrator decides, the knowledge-base agent runs its model/tool steps, the
 * orchestrator decides again, until it answers or the hop budget is spent; the turn's context is loaded
 * first and its record saved last. Every step calls the very same activity function the worker runs
 * (same model client, same store, same scripted model), so the columns differ only in what runs the loop:
 *
 * - `inProcessTurn`: a plain loop, nothing durable (the floor). The agent loop is workflows/agent.ts's
 *   own `runAgent`, fed in-process steps.
 * - `langGraphTurn`: a LangGraph.js StateGraph with its Postgres checkpointer on a real PostgreSQL
 *   server; one node per model call or tool step, so every step is checkpointed, as every step is
 *   recorded in a Temporal history.
 *
 * Both check the orchestrator's answer as the turn does (workflows/answer-check.ts: every answer the
 * model writes is verified): one `verifyClaims` call before the record, the same activity with the same
 * input (its words read by it, as the turn asks). A turn whose searches all found nothing (the guard answers
 * "not found") is not verified; the bench's turns never reach the hop bound, where the turn would verify the replies
 * it quotes instead.
 */
import { MockActivityEnvironment } from '@temporalio/testing';
import { Annotation, END, START, StateGraph } from '@langchain/langgraph';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import pg from 'pg';
import type { Activities, ToolResult } from '../activities/index.js';
import type { ChatToolCall } from '../domain/types.js';
import { nothingRetrieved } from '../domain/guard.js';
import { passageIds } from '../domain/verify.js';
import { agentSystemPrompt, agentUserMessage } from '../domain/prompts.js';
import { normalizeDecision, zeroUsage, type AgentCall, type ChatMessage, type ConversationContext, type HopRecord, type NormalizedDecision, type Source, type TurnInput } from '../domain/types.js';
import { runAgent } from '../workflows/agent.js';
import type { Runner, Runners } from '../workflows/runners.js';

type Name = Extract<keyof Activities, string>;

/** Runs an activity function in an activity context (heartbeat, cancellation signal), as a worker would. */
function activityRunner(acts: Activities) {
  return <K extends Name>(name: K, args: Parameters<Activities[K]>): Promise<Awaited<ReturnType<Activities[K]>>> =>
    new MockActivityEnvironment().run(acts[name] as (...a: unknown[]) => Promise<never>, ...(args as unknown[]));
}

function persistInput(input: TurnInput, answer: string, hops: number, decisions: NormalizedDecision[], sources: Source[]) {
  return {
    turn: { turnId: input.turnId, conversationId: input.conversationId, userId: input.userId, question: input.question, namespace: input.namespace },
    status: 'completed' as const,
    answer,
    result: { decisions, sources, entities: [], receipts: [], usage: { total: zeroUsage(), byModel: {}, byAgent: {}, calls: 0 }, hops, error: null, events: [] },
  };
}

/** The answer check's verifier input for a turn that attempted no write (workflows/answer-check.ts). */
// The words read as the bench's turns ask (domain/answer-words.ts): an answer from documents, no rooms seen, no times read.
const verifyInput = (input: TurnInput, answer: string, sources: Source[]) => ({ answer, question: input.question, receipts: [], outcomes: [], passages: passageIds(sources), words: { names: [], states: false, documents: true, read: false } });
/** As the turn's guard: an answer after knowledge-base searches that found nothing is "not found", not verified. */
const verifies = (hops: HopRecord[]) => !nothingRetrieved(hops.flatMap((h) => h.outputs));

const stopAnswer = (maxHops: number) => `I could not complete this: it needed more than the ${maxHops} steps allowed.`;

/** The floor: the loop in-process, nothing recorded between steps. Returns the hops it took. */
export async function inProcessTurn(acts: Activities, input: TurnInput): Promise<{ hops: number; answer: string }> {
  const run = activityRunner(acts);
  const inProcess: Runner = { run: (name, _summary, args) => run(name, args) };
  const runners: Runners = { model: inProcess, read: inProcess, search: inProcess, record: inProcess, parallel: (branches) => Promise.all(branches.map((b) => b())) };
  const { maxHops, maxAgentRetries, timezone } = input.settings;
  const context = await run('loadContext', [{ conversationId: input.conversationId, turnId: input.turnId }]);
  const hops: HopRecord[] = [];
  const decisions: NormalizedDecision[] = [];
  const sources: Source[] = [];
  let answer = stopAnswer(maxHops);
  let hop = 0;
  while (hop < maxHops) {
    hop += 1;
    const now = new Date().toISOString();
    const decision = await run('decide', [{ question: input.question, context, hops, hop, maxHops, retryCounts: {}, maxAgentRetries, now, timezone }]);
    const normalized = normalizeDecision(decision);
    if (normalized) decisions.push(normalized);
    if (decision.type === 'return_to_user') {
      answer = decision.answer;
      if (verifies(hops)) await run('verifyClaims', [verifyInput(input, answer, sources)]);
      break;
    }
    const record: HopRecord = { hop, calls: decision.type === 'call_agents' ? decision.calls : [], rejected: decision.rejected, outputs: [], refused: [] };
    hops.push(record);
    const ctx = {
      namespace: input.namespace,
      now,
      timezone,
      context,
      hop,
      runners,
      requestWrite: async (): Promise<ToolResult> => ({ ok: false, content: '{"error":"no writes in the benchmark"}', sources: [], entities: [] }),
    };
    const runs = await Promise.all(record.calls.map((c) => runAgent(c, ctx)));
    for (const r of runs) {
      record.outputs.push(r.output);
      sources.push(...r.output.sources);
    }
  }
  await run('persistTurn', [persistInput(input, answer, hop, decisions, sources)]);
  return { hops: hop, answer };
}

// ---------------------------------------------------------------- LangGraph.js + PostgresSaver

const last = <T>(init: () => T) => Annotation<T>({ reducer: (_prev: T, next: T) => next, default: init });
const GraphState = Annotation.Root({
  context: last<ConversationContext | null>(() => null),
  hop: last<number>(() => 0),
  hops: last<HopRecord[]>(() => []),
  decisions: last<NormalizedDecision[]>(() => []),
  call: last<AgentCall | null>(() => null),
  agentMessages: last<ChatMessage[]>(() => []),
  pendingTools: last<ChatToolCall[]>(() => []),
  agentSources: last<Source[]>(() => []),
  agentSteps: last<number>(() => 0),
  sources: last<Source[]>(() => []),
  answer: last<string | null>(() => null),
  /** The orchestrator answered (not the hop bound) and the guard would not say "not found": verified before the record. */
  answered: last<boolean>(() => false),
});
type S = typeof GraphState.State;

export interface LangGraphLoop {
  turn(input: TurnInput, durability: 'sync' | 'async'): Promise<{ hops: number; answer: string; checkpoints: number }>;
  close(): Promise<void>;
}

/**
 * Builds the graph once, with PostgresSaver on `postgresUrl` (its tables in their own schema).
 * Nodes: load → orchestrator → agent_model ⇄ agent_tools → orchestrator … → verify → persist.
 */
export async function createLangGraphLoop(acts: Activities, postgresUrl: string): Promise<LangGraphLoop> {
  const run = activityRunner(acts);
  const schema = 'bench_langgraph';
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema if not exists ${schema}`);
  await admin.end();
  const checkpointer = PostgresSaver.fromConnString(postgresUrl, { schema });
  await checkpointer.setup();
  const counter = new pg.Pool({ connectionString: postgresUrl, max: 1 });

  // The turn input rides in the run's config, as a workflow's input rides in its history.
  const inputOf = (config: { configurable?: Record<string, unknown> }) => config.configurable!.turn as TurnInput;

  const graph = new StateGraph(GraphState)
    .addNode('load', async (_s: S, config) => {
      const input = inputOf(config);
      return { context: await run('loadContext', [{ conversationId: input.conversationId, turnId: input.turnId }]) };
    })
    .addNode('orchestrator', async (s: S, config) => {
      const input = inputOf(config);
      const { maxHops, maxAgentRetries, timezone } = input.settings;
      if (s.hop >= maxHops) return { answer: stopAnswer(maxHops) };
      const hop = s.hop + 1;
      const decision = await run('decide', [
        { question: input.question, context: s.context!, hops: s.hops, hop, maxHops, retryCounts: {}, maxAgentRetries, now: new Date().toISOString(), timezone },
      ]);
      const normalized = normalizeDecision(decision);
      const decisions = normalized ? [...s.decisions, normalized] : s.decisions;
      if (decision.type === 'return_to_user') return { hop, decisions, answer: decision.answer, answered: verifies(s.hops) };
      if (decision.type !== 'call_agents') return { hop, decisions, hops: [...s.hops, { hop, calls: [], rejected: decision.rejected, outputs: [], refused: [] }] };
      const call = decision.calls[0]!; // the benchmark's scripted orchestrator asks one agent per hop
      const ctx = { namespace: input.namespace, now: new Date().toISOString(), timezone };
      const agentMessages: ChatMessage[] = [
        { role: 'system', content: agentSystemPrompt(call.agent, ctx) },
        { role: 'user', content: agentUserMessage(call.request, s.context) },
      ];
      return { hop, decisions, call, agentMessages, agentSources: [], agentSteps: 0 };
    })
    .addNode('agent_model', async (s: S) => {
      const call = s.call!;
      const res = await run('agentStep', [{ agent: call.agent, messages: s.agentMessages }]);
      const agentSteps = s.agentSteps + 1;
      if (res.toolCalls.length > 0) {
        return { agentSteps, pendingTools: res.toolCalls, agentMessages: [...s.agentMessages, { role: 'assistant' as const, content: res.content, tool_calls: res.toolCalls }] };
      }
      const text = (res.content ?? '').trim();
      const output = { agent: call.agent, request: call.request, status: text ? ('ok' as const) : ('empty' as const), text, sources: s.agentSources.slice(0, 8), receipts: [], entities: [], steps: agentSteps, toolCalls: [] };
      return { call: null, pendingTools: [], hops: [...s.hops, { hop: s.hop, calls: [call], rejected: [], outputs: [output], refused: [] }], sources: [...s.sources, ...output.sources] };
    })
    .addNode('agent_tools', async (s: S, config) => {
      const input = inputOf(config);
      const results = await Promise.all(
        s.pendingTools.map((tc) => run('searchKnowledgeBase', [{ namespace: input.namespace, args: JSON.parse(tc.function.arguments || '{}') }])),
      );
      return {
        pendingTools: [],
        agentSources: [...s.agentSources, ...results.flatMap((r) => r.sources)],
        agentMessages: [...s.agentMessages, ...s.pendingTools.map((tc, i) => ({ role: 'tool' as const, tool_call_id: tc.id, content: results[i]!.content }))],
      };
    })
    .addNode('verify', async (s: S, config) => {
      await run('verifyClaims', [verifyInput(inputOf(config), s.answer ?? '', s.sources)]);
      return {};
    })
    .addNode('persist', async (s: S, config) => {
      const input = inputOf(config);
      await run('persistTurn', [persistInput(input, s.answer ?? '', s.hop, s.decisions, s.sources)]);
      return {};
    })
    .addEdge(START, 'load')
    .addEdge('load', 'orchestrator')
    .addConditionalEdges('orchestrator', (s: S) => (s.answer !== null ? (s.answered ? 'verify' : 'persist') : s.call ? 'agent_model' : 'orchestrator'))
    .addEdge('verify', 'persist')
    .addConditionalEdges('agent_model', (s: S) => (s.pendingTools.length ? 'agent_tools' : 'orchestrator'))
    .addEdge('agent_tools', 'agent_model')
    .addEdge('persist', END)
    .compile({ checkpointer });

  return {
    async turn(input, durability) {
      const threadId = `bench-${input.turnId}`;
      const out = await graph.invoke({}, { configurable: { thread_id: threadId, turn: input }, durability, recursionLimit: 200 });
      const { rows } = await counter.query<{ n: number }>(`select count(*)::int as n from ${schema}.checkpoints where thread_id = $1`, [threadId]);
      return { hops: out.hop, answer: out.answer ?? '', checkpoints: rows[0]!.n };
    },
    async close() {
      await counter.end();
      await checkpointer.end();
    },
  };
}
