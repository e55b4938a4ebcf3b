/**
 * Bounds on fan-out: how many tool calls one agent step may run, and how many agent calls one
 * orchestrator decision may start. A model that returns 300 tool calls gets the first N distinct ones
 * run and a clear "not run" result for each of the rest; identical calls run once. Pure and
 * deterministic, so the workflow applies it and a replay applies the same.
 */
import type { AgentCall, ChatToolCall, RejectedCall } from './types.js';

export const DEFAULT_MAX_TOOL_CALLS_PER_STEP = 8;
export const DEFAULT_MAX_AGENT_CALLS_PER_DECISION = 4;

/** JSON with its keys sorted, so that `{"a":1,"b":2}` and `{ "b": 2, "a": 1 }` are the same call. */
function canonical(raw: string): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sort) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort((v as Record<string, unknown>)[k])])) : v;
  try {
    return JSON.stringify(sort(JSON.parse(raw.trim() === '' ? '{}' : raw)));
  } catch {
    return raw;
  }
}

/** What to do with each tool call of one step: run it, or answer it with `error` without running it. */
export type ToolCallPlan = { run: true } | { run: false; error: string };

export function planToolCalls(calls: ChatToolCall[], max: number): ToolCallPlan[] {
  const seen = new Map<string, string>();
  let running = 0;
  return calls.map((tc) => {
    const key = `${tc.function.name}\u0000${canonical(tc.function.arguments)}`;
    const first = seen.get(key);
    if (first !== undefined) return { run: false, error: `the same call as ${first} in this step; it was not run again` };
    seen.set(key, tc.id);
    if (running >= max) return { run: false, error: `too many tool calls in one step: at most ${max} run per step, so this one was not run; ask again for what is still missing` };
    running += 1;
    return { run: true };
  });
}

/** The agent calls of one decision that run, and the rest as rejected calls the orchestrator is told of. */
export function planAgentCalls(calls: AgentCall[], max: number): { run: AgentCall[]; dropped: RejectedCall[] } {
  const run: AgentCall[] = [];
  const dropped: RejectedCall[] = [];
  const seen = new Set<string>();
  for (const c of calls) {
    const key = `${c.agent}\u0000${c.request.trim().replace(/\s+/g, ' ').toLowerCase()}`;
    const args = JSON.stringify({ request: c.request });
    if (seen.has(key)) dropped.push({ tool: c.agent, arguments: args, error: 'the same request to the same agent was already made in this decision' });
    else if (run.length >= max) dropped.push({ tool: c.agent, arguments: args, error: `too many agent calls in one decision: at most ${max} run at once` });
    else {
      seen.add(key);
      run.push(c);
    }
  }
  return { run, dropped };
}
