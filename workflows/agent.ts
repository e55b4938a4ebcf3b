/**
 * A sub-agent's bounded tool loop, in workflow code: a model call (activity), then the tool calls it
 * asked for (activities, validated first), until it answers or runs out of steps. The agent sees only
 * its request, the context it needs and its own tool results.
 */
import { patched } from '@temporalio/workflow';
import type { ToolResult } from '../activities/index.js';
import { agentHasTool, agentSpecs, isWriteTool, toolParameters, toolRun, type AgentName, type WriteToolName } from '../domain/agents.js';
import { failureReason } from '../domain/failures.js';
import { citedSources } from '../domain/guard.js';
import { DEFAULT_MAX_TOOL_CALLS_PER_STEP, planToolCalls } from '../domain/fan-out.js';
import { agentSystemPrompt, agentUserMessage, formatIssues } from '../domain/prompts.js';
import type { Actor } from '../domain/policy.js';
import type { AgentCall, AgentOutput, ChatMessage, ConversationContext, Entity, ModelCallUsage, Receipt, Source } from '../domain/types.js';
import type { Runners } from './runners.js';
import { mergeReads, type CalendarRead } from '../domain/calendar.js';

export interface AgentRunContext {
  namespace: string;
  now: string;
  timezone: string;
  context: ConversationContext | null;
  hop: number;
  /** Who is asking ("me", "my bookings"); absent in turns started before identities. */
  caller?: Actor;
  /** The approval gate: turns a validated write tool call into a pending approval and waits for its outcome. */
  requestWrite(agent: AgentName, tool: WriteToolName, args: unknown): Promise<ToolResult>;
  /** Regular or local activities, as the turn's settings say. */
  runners: Runners;
  /** Told of each model call as it returns (the turn's usage, cost and budget). */
  onUsage?(usage: ModelCallUsage, agent: AgentName): void;
  /** Why the next model call may not run (the turn's budget), or null. */
  overBudget?(): string | null;
  /** Tool calls one model step may run (MAX_TOOL_CALLS_PER_STEP); identical calls run once. */
  maxToolCallsPerStep?: number;
}

function dedupeSources(sources: Source[]): Source[] {
  const seen = new Map<string, Source>();
  for (const s of sources) {
    const k = `${s.documentId}:${s.chunkIndex}`;
    const prev = seen.get(k);
    if (!prev || prev.score < s.score) seen.set(k, s);
  }
  return [...seen.values()].sort((a, b) => b.score - a.score);
}

async function runTool(agent: AgentName, name: string, rawArgs: string, ctx: AgentRunContext): Promise<ToolResult> {
  const fail = (error: string): ToolResult => ({ ok: false, content: JSON.stringify({ error }), sources: [], entities: [] });
  if (!agentHasTool(agent, name)) {
    return fail(`unknown tool "${name}"; your tools are ${agentSpecs[agent].tools.map((t) => t.name).join(', ')}. It was not run.`);
  }
  let args: unknown;
  try {
    args = rawArgs.trim() === '' ? {} : JSON.parse(rawArgs);
  } catch {
    return fail('arguments are not valid JSON; call again with a JSON object');
  }
  const parsed = toolParameters[name].safeParse(args);
  if (!parsed.success) return fail(`invalid arguments: ${formatIssues(parsed.error.issues)}. It was not run.`);
  // The model proposes; the platform decides: a tool that needs approval never runs here, it goes to the approval gate.
  if (isWriteTool(name)) return ctx.requestWrite(agent, name, parsed.data);
  const run = toolRun(name);
  if (!run) return fail(`no runner for ${name}`);
  const summary = `${agent} · ${name} ${JSON.stringify(parsed.data).slice(0, 120)}`;
  // The activity gets the validated args and what its declaration asks for (TOOLS in domain/agents.ts).
  const input = {
    ...(run.with.includes('namespace') ? { namespace: ctx.namespace } : {}),
    args: parsed.data,
    ...(run.with.includes('caller') && ctx.caller ? { caller: ctx.caller } : {}),
  };
  try {
    return (await ctx.runners[run.runner].run(run.activity as 'listRooms', summary, [input as never])) as ToolResult;
  } catch (e) {
    // The agent learns that its tool failed, not the raw error of a store it cannot fix.
    const r = failureReason(e);
    return fail(r.type === 'InvalidToolArguments' ? r.message : `the ${name} tool is unavailable right now (${r.type})`);
  }
}

/** Runs one agent call to its structured output; never throws for model or tool failures. */
export async function runAgent(call: AgentCall, ctx: AgentRunContext): Promise<{ output: AgentOutput; usage: ModelCallUsage[] }> {
  const spec = agentSpecs[call.agent];
  const messages: ChatMessage[] = [
    { role: 'system', content: agentSystemPrompt(call.agent, ctx) },
    { role: 'user', content: agentUserMessage(call.request, ctx.context) },
  ];
  const usage: ModelCallUsage[] = [];
  const sources: Source[] = [];
  const entities: Entity[] = [];
  const receipts: Receipt[] = [];
  const toolCalls: { name: string; ok: boolean }[] = [];
  const calendar: CalendarRead[] = [];
  const output = (status: AgentOutput['status'], text: string, steps: number, error?: string): AgentOutput => ({
    agent: call.agent,
    request: call.request,
    status,
    text,
    sources: citedSources(text, dedupeSources(sources)).slice(0, 8),
    receipts,
    entities: entities.filter((e, i) => entities.findIndex((x) => x.kind === e.kind && x.id === e.id) === i),
    ...(error ? { error } : {}),
    steps,
    toolCalls,
    ...(calendar.length ? { calendar: mergeReads(calendar) } : {}),
  });

  for (let step = 1; step <= spec.maxSteps; step++) {
    const over = ctx.overBudget?.();
    if (over) return { output: output('error', '', step - 1, `stopped: ${over}`), usage };
    let res;
    try {
      res = await ctx.runners.model.run('agentStep', `${call.agent} · model step ${step} (hop ${ctx.hop})`, [{ agent: call.agent, messages }]);
    } catch (e) {
      const r = failureReason(e);
      return { output: output('error', '', step, `the agent's model call failed: ${r.message}`), usage };
    }
    usage.push(res.usage);
    ctx.onUsage?.(res.usage, call.agent);
    if (res.toolCalls.length === 0) {
      const text = (res.content ?? '').trim();
      return { output: output(text ? 'ok' : 'empty', text, step), usage };
    }
    messages.push({ role: 'assistant', content: res.content, tool_calls: res.toolCalls });
    // Fan-out is bounded: the first distinct calls run, the rest are answered without running.
    const plan = planToolCalls(res.toolCalls, ctx.maxToolCallsPerStep ?? DEFAULT_MAX_TOOL_CALLS_PER_STEP);
    const bounded = plan.some((p) => !p.run) && patched('fan-out-caps');
    const results = await ctx.runners.parallel(
      res.toolCalls.map((tc, i) => async (): Promise<ToolResult> => {
        const p = plan[i]!;
        if (bounded && !p.run) return { ok: false, content: JSON.stringify({ error: p.error }), sources: [], entities: [] };
        return runTool(call.agent, tc.function.name, tc.function.arguments, ctx);
      }),
    );
    res.toolCalls.forEach((tc, i) => {
      const r = results[i]!;
      toolCalls.push({ name: tc.function.name, ok: r.ok });
      sources.push(...r.sources);
      entities.push(...r.entities);
      receipts.push(...(r.receipts ?? []));
      if (r.calendar) calendar.push(r.calendar);
      messages.push({ role: 'tool', tool_call_id: tc.id, content: r.content });
    });
  }
  return { output: output('error', '', spec.maxSteps, `the agent did not answer within ${spec.maxSteps} steps`), usage };
}
