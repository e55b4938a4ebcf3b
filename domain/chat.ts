/**
 * The model client's vocabulary: chat messages and tool calls (the OpenAI-compatible subset the
 * copilot uses) and the usage a model call reports. Pure definitions.
 */

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}
/** A turn's token usage in total, per model and per caller (`orchestrator`, `verifier` or an agent name); `calls` model calls. */
export interface TurnUsage {
  total: Usage;
  byModel: Record<string, Usage>;
  byAgent: Record<string, Usage>;
  calls: number;
}
export const zeroUsage = (): Usage => ({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });
export function addUsage(a: Usage, b: Usage): Usage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}

/** Usage of one model call, as an activity reports it. */
export interface ModelCallUsage extends Usage {
  /** The model as the provider named it in its reply (a dated variant, say). */
  model: string;
  latencyMs: number;
  /** The model the call was configured with, when the provider named another: it prices the call if the returned name has no price. */
  configuredModel?: string;
  /** The provider reported no usage: the tokens are an estimate from the characters sent and received. */
  estimated?: boolean;
}
