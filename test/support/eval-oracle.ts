/** A scripted orchestrator for eval tests: it recognises each dataset scenario by the exact messages decide() sends. */
import { buildOrchestratorMessages } from '../../domain/prompts.js';
import type { NormalizedDecision } from '../../domain/types.js';
import type { Scenario } from '../../evals/dataset.js';
import { calls, httpError, text, type ChatRequestBody, type ScriptedReply } from './scripted-llm.js';

export function scenarioOracle(scenarios: Scenario[]) {
  const byMessages = new Map(scenarios.map((s) => [JSON.stringify(buildOrchestratorMessages(s.state)), s]));
  const scenarioOf = (messages: unknown) => byMessages.get(JSON.stringify(messages));
  /** A reply carrying decision `d` (agents in reverse order when asked, to test set comparison). */
  const replyWith = (d: NormalizedDecision, reverse = false): ScriptedReply =>
    d.type === 'return_to_user' ? text('Here you go.') : calls(...(reverse ? [...d.agents].reverse() : d.agents).map((a) => [a, { request: 'details' }] as [string, unknown]));
  /** Answers every scenario with its first acceptable decision (and, when it answers, the scenario's example answer). */
  const perfect = (req: ChatRequestBody) => {
    const s = scenarioOf(req.messages);
    if (!s) return httpError(400);
    const d = s.expected.decisions[0]!;
    return d.type === 'return_to_user' && s.expected.answer ? text(s.expected.answer.example) : replyWith(d);
  };
  return { size: byMessages.size, scenarioOf, replyWith, perfect };
}
