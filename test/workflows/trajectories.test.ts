/**
 * Trajectory evals through real turns on the real Temporal server: scripted sub-agents, a scripted
 * orchestrator standing in for the model under test. A perfect one passes all; a lazy one fails exactly
 * the trajectories that need an agent.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NormalizedDecision } from '../../domain/types.js';
import { pathMatches, runTrajectories, startScriptedAgents, TRAJECTORIES, type Trajectory } from '../../evals/trajectories.js';
import { createHarness, type Harness } from '../support/harness.js';
import { calls, text, type ChatRequestBody, type ScriptedReply } from '../support/scripted-llm.js';
import { seedPolicy } from '../support/world.js';

let h: Harness;
let agents: Awaited<ReturnType<typeof startScriptedAgents>>;
beforeAll(async () => {
  agents = await startScriptedAgents();
  h = await createHarness({ env: { AGENT_BASE_URL: agents.url } });
  await seedPolicy(h.db, h.runtime.deps.knowledge, 'trajectories');
});
afterAll(async () => {
  await h?.close();
  await agents?.close();
});

/** Answering relays what the agents said (their texts), as a faithful orchestrator would. */
const relay = (req: ChatRequestBody) => {
  const texts = req.messages.filter((m) => m.role === 'tool').map((m) => {
    try {
      return (JSON.parse(m.content ?? '{}') as { text?: string }).text ?? '';
    } catch {
      return '';
    }
  });
  return `Here is what the agents found: ${texts.filter(Boolean).join(' / ') || 'nothing'}`;
};
/** The person's question, which a faithful orchestrator passes on as the agents' request. */
const question = (req?: ChatRequestBody) => (req?.messages.find((m) => m.role === 'user')?.content ?? '').split('User: ').at(-1) || 'please look into it';
const decisionReply = (d: NormalizedDecision, req?: ChatRequestBody): ScriptedReply =>
  d.type === 'return_to_user' ? text(req ? relay(req) : 'Here is what the agents found.') : calls(...d.agents.map((a) => [a, { request: question(req) }] as [string, unknown]));
const hopsSoFar = (req: ChatRequestBody) => req.messages.filter((m) => m.role === 'assistant' && m.tool_calls?.length).length;
/** Follows the trajectory's first acceptable path; with none, keeps calling both agents. */
const oracle = (t: Trajectory) => (req: ChatRequestBody) => {
  const path = t.paths[0];
  if (!path) return decisionReply({ type: 'call_agents', agents: ['knowledge_base_agent', 'booking_agent'] });
  return decisionReply(path[Math.min(hopsSoFar(req), path.length - 1)]!, req);
};

it('has at least ten trajectories, each with a decision path to check', () => {
  expect(TRAJECTORIES.length).toBeGreaterThanOrEqual(10);
  expect(new Set(TRAJECTORIES.map((t) => t.id)).size).toBe(TRAJECTORIES.length);
  expect(pathMatches([{ type: 'call_agents', agents: ['booking_agent', 'knowledge_base_agent'] }, { type: 'return_to_user' }], TRAJECTORIES.find((t) => t.id === 'kb-and-booking')!)).toBe(true);
});

it('an orchestrator following the acceptable paths passes every trajectory through real turns', async () => {
  const results = [];
  for (const t of TRAJECTORIES) {
    h.llm.respond(oracle(t));
    results.push(...(await runTrajectories({ client: h.client, taskQueue: h.taskQueue, agents, namespace: 'trajectories', trajectories: [t] })));
  }
  expect(results.filter((r) => !r.pass).map((r) => `${r.id}: ${r.error ?? JSON.stringify(r.path)}`)).toEqual([]);
  // The budgets held: the empty agent was retried once, then refused; the endless one stopped at 3 hops.
  expect(results.find((r) => r.id === 'empty-retry-then-honest')!.path).toHaveLength(3);
  expect(results.find((r) => r.id === 'hop-budget')!.path).toHaveLength(3);
  // Honest answers: the not-found turn answers "not found" (nothing was retrieved for it).
  expect(results.find((r) => r.id === 'not-found-honest')!.answer).toMatch(/could not find this in the documents/);
}, 180_000);

it('an orchestrator that answers at once fails exactly the trajectories that need an agent', async () => {
  h.llm.respond(() => text('Sure, all done.'));
  const results = await runTrajectories({ client: h.client, taskQueue: h.taskQueue, agents, namespace: 'trajectories' });
  expect(results.filter((r) => r.pass).map((r) => r.id).sort()).toEqual(['greeting', 'hop-budget']);
  expect(results.every((r) => r.error === undefined || typeof r.error === 'string')).toBe(true);
}, 180_000);

it('grades what the final answer relays: the right path with an answer that drops the agent\'s finding fails, and says why', async () => {
  const t = TRAJECTORIES.find((x) => x.id === 'kb-then-return')!;
  h.llm.respond((req) => (hopsSoFar(req) === 0 ? decisionReply(t.paths[0]![0]!, req) : text('The policy has a section on client meals.')));
  const [r] = await runTrajectories({ client: h.client, taskQueue: h.taskQueue, agents, namespace: 'trajectories', trajectories: [t] });
  expect(r).toMatchObject({ id: 'kb-then-return', pass: false });
  expect(r!.path).toEqual(t.paths[0]);
  expect(r!.error).toMatch(/does not relay what it must/);
}, 60_000);
