/** Eval activities: list a category's scenario ids, and grade one scenario with the production decide(). */
import { withHeartbeat } from '../activities/support.js';
import type { ModelClient } from '../adapters/llm.js';
import { loadDataset, type EvalCategory, type Scenario } from './dataset.js';
import { runScenario, type ScenarioResult } from './grader.js';

export function createEvalActivities(deps: { orchestratorModel: ModelClient }) {
  // Read and validated once per worker, not once per scenario.
  let cached: Scenario[] | null = null;
  const dataset = () => (cached ??= loadDataset());
  return {
    /** Scenario ids only: the dataset stays out of workflow history. */
    async listEvalScenarios(input: { category: EvalCategory | 'all' }): Promise<{ ids: string[]; model: string }> {
      const ids = dataset()
        .filter((s) => input.category === 'all' || s.category === input.category)
        .map((s) => s.id);
      return { ids, model: deps.orchestratorModel.endpoint.model };
    },
    /** One scenario; never throws for model failures (they are graded as failures with their error). */
    async runEvalScenario(input: { scenarioId: string }): Promise<ScenarioResult> {
      const scenario = dataset().find((s) => s.id === input.scenarioId);
      if (!scenario) throw new Error(`no scenario ${input.scenarioId}`);
      return withHeartbeat(() => runScenario(deps.orchestratorModel, scenario));
    },
  };
}

export type EvalActivities = ReturnType<typeof createEvalActivities>;
