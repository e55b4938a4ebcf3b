/**
 * The orchestrator's decision core: one model call (plus one corrective re-ask when tool arguments are
 * invalid) turned into a validated Decision. The `decide` activity runs it; the eval grader calls the
 * very same function.
 */
import { toJSONSchema } from '../domain/schema.js';
import { agentCallParameters } from '../domain/agents.js';
import { buildOrchestratorMessages, correctiveMessages, orchestratorToolDefinitions, parseAgentCalls } from '../domain/prompts.js';
import type { DecideInput, Decision } from '../domain/types.js';
import type { ModelClient } from '../adapters/llm.js';
import type { DraftWriter } from './drafts.js';

const agentCallJsonSchema = toJSONSchema(agentCallParameters);
export const ORCHESTRATOR_TOOLS = orchestratorToolDefinitions(agentCallJsonSchema);

/**
 * Makes the orchestrator's decision for one hop. Model errors propagate (never "no decision"). With
 * `draft`, the reply streams into it, and a reply that turns to tool calls resets it.
 */
export async function decide(model: ModelClient, input: DecideInput, opts: { signal?: AbortSignal; draft?: Pick<DraftWriter, 'text' | 'reset'> } = {}): Promise<Decision> {
  const messages = buildOrchestratorMessages(input);
  const onText = opts.draft ? (d: string) => opts.draft!.text(d) : undefined;
  const first = await model.chat({ messages, tools: ORCHESTRATOR_TOOLS, temperature: 0, signal: opts.signal, onText });
  const usage = [first.usage];
  if (first.toolCalls.length === 0) {
    return { type: 'return_to_user', answer: first.content ?? '', rejected: [], corrections: [], usage };
  }
  opts.draft?.reset('the orchestrator called agents');
  const parsed = parseAgentCalls(first.toolCalls);
  if (parsed.rejected.length === 0) {
    return { type: 'call_agents', calls: parsed.calls, rejected: [], corrections: [], usage };
  }
  // One corrective re-ask quoting the validation errors; what is still invalid is rejected, never run.
  const retry = await model.chat({
    messages: [...messages, ...correctiveMessages(first.toolCalls, first.content, parsed.rejected)],
    tools: ORCHESTRATOR_TOOLS,
    temperature: 0,
    signal: opts.signal,
    onText,
  });
  usage.push(retry.usage);
  if (retry.toolCalls.length === 0) {
    return { type: 'return_to_user', answer: retry.content ?? '', rejected: [], corrections: parsed.rejected, usage };
  }
  opts.draft?.reset('the orchestrator called agents');
  const second = parseAgentCalls(retry.toolCalls);
  const base = { rejected: second.rejected, corrections: parsed.rejected, usage };
  if (second.calls.length === 0) return { type: 'rejected', ...base };
  return { type: 'call_agents', calls: second.calls, ...base };
}
