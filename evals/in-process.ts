/**
 * Runs an agent the way a turn does, without a Temporal server: the production agent loop (`runAgent`,
 * workflows/agent.ts) with every activity it asks for called in-process, each in a mock activity context
 * (the activities heartbeat and read their context). The tool-selection and grounding evals use it.
 */
import { MockActivityEnvironment } from '@temporalio/testing';
import type { createActivities, ToolResult } from '../activities/index.js';
import type { AgentName } from '../domain/agents.js';
import type { Actor } from '../domain/policy.js';
import type { AgentOutput } from '../domain/types.js';
import { runAgent } from '../workflows/agent.js';
import type { Runner, Runners } from '../workflows/runners.js';

export function inProcessRunners(activities: ReturnType<typeof createActivities>): Runners {
  const env = new MockActivityEnvironment();
  const acts = activities as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  const runner: Runner = { run: (name, _summary, args) => env.run(acts[name]!, ...(args as unknown[])) as never };
  return { model: runner, read: runner, search: runner, record: runner, parallel: (branches) => Promise.all(branches.map((b) => b())) };
}

/** One agent call to its output. A write tool is recorded and never made: the agent hears it awaits approval. */
export async function runAgentInProcess(
  activities: ReturnType<typeof createActivities>,
  call: { agent: AgentName; request: string },
  ctx: { namespace: string; now: string; timezone: string; caller?: Actor },
): Promise<AgentOutput> {
  const { output } = await runAgent(call, {
    ...ctx,
    context: null,
    hop: 1,
    runners: inProcessRunners(activities),
    requestWrite: async (_agent, tool): Promise<ToolResult> => ({
      ok: true,
      content: JSON.stringify({ status: 'awaiting_approval', note: `${tool} was proposed; a person must approve it before anything changes. Tell the user it awaits approval.` }),
      sources: [],
      entities: [],
    }),
  });
  return output;
}
