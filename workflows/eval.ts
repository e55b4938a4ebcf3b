/**
 * The eval job, on its own task queue: fans a category's scenarios out as activities with bounded
 * concurrency. Finished scenarios are in history, so a crash mid-run resumes without re-running them.
 */
import { proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { EvalCategory } from '../evals/dataset.js';
import type { ScenarioResult } from '../evals/grader.js';
import { evalProgress, type EvalProgress } from './messages.js';
import { dbCall, evalCall } from './options.js';

const list = proxyActivities<Activities>(dbCall);
const grade = proxyActivities<Activities>(evalCall);

export interface EvalInput {
  category: EvalCategory | 'all';
  concurrency: number;
}

export async function evalWorkflow(input: EvalInput): Promise<EvalProgress> {
  const { ids, model } = await list.listEvalScenarios({ category: input.category });
  const state: EvalProgress = {
    runId: workflowInfo().workflowId,
    category: input.category,
    model,
    total: ids.length,
    done: 0,
    passed: 0,
    startedAt: new Date().toISOString(),
    finishedAt: null,
    results: [],
  };
  setHandler(evalProgress, () => state);
  const byId = new Map<string, ScenarioResult>();
  let next = 0;
  const lane = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const r = await grade.runEvalScenario.executeWithOptions({ ...evalCall, summary: `eval ${id}` }, [{ scenarioId: id }]);
      byId.set(id, r);
      state.done += 1;
      if (r.pass) state.passed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(input.concurrency, ids.length)) }, lane));
  state.results = ids.map((id) => byId.get(id)!);
  state.finishedAt = new Date().toISOString();
  return state;
}
