/**
 * The eval job, on its own task queue with its own workflow bundle (this file is its entry): fans a
 * category's scenarios out as activities with bounded concurrency. Finished scenarios are in history,
 * so a crash mid-run resumes without re-running them. `npm run eval` and `POST /eval/:category` both
 * start it; nothing in the turn runtime imports it (evals are a leaf).
 */
import { defineQuery, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import { dbCall, evalCall } from '../workflows/options.js';
import type { EvalActivities } from './activities.js';
import type { EvalCategory } from './dataset.js';
import type { ScenarioResult } from './grader.js';

const list = proxyActivities<EvalActivities>(dbCall);
const grade = proxyActivities<EvalActivities>(evalCall);

/** An eval run's progress; `results` is filled in dataset order when the run finishes. */
export interface EvalProgress {
  runId: string;
  category: string;
  model: string;
  total: number;
  done: number;
  passed: number;
  startedAt: string;
  finishedAt: string | null;
  results: ScenarioResult[];
}

/** The Temporal query that answers an eval run's progress while it runs. */
export const evalProgress = defineQuery<EvalProgress>('evalProgress');

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
