/**
 * Eval runs from the outside: how an entry point gives a worker the eval job (its own workflow bundle
 * and activities, on the eval task queue), how a client starts a run, and the report a finished run
 * becomes. `npm run eval`, `POST /eval/:category` and the worker entry points use these, so there is
 * one durable path for grading.
 */
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Client, WorkflowHandle } from '@temporalio/client';
import type { ModelClient } from '../adapters/llm.js';
import { PROMPT_VERSION } from '../domain/prompts.js';
import { createEvalActivities } from './activities.js';
import type { EvalCategory } from './dataset.js';
import { summarize, type EvalReport } from './grader.js';
import type { EvalInput, EvalProgress, evalWorkflow } from './workflow.js';

/** The eval job's workflow bundle entry (the worker bundles it apart from the turn workflows). */
export const EVAL_WORKFLOWS_PATH = fileURLToPath(new URL('./workflow.ts', import.meta.url));

/** What a worker needs to serve the eval task queue. */
export function evalQueue(taskQueue: string, deps: { orchestratorModel: ModelClient }) {
  return { taskQueue, workflowsPath: EVAL_WORKFLOWS_PATH, activities: createEvalActivities(deps) };
}

/** Starts an eval run; its workflow id is the run id. */
export async function startEvalRun(client: Client, taskQueue: string, input: EvalInput, runId = `eval-${input.category}-${crypto.randomUUID()}`): Promise<WorkflowHandle<typeof evalWorkflow>> {
  return client.workflow.start<typeof evalWorkflow>('evalWorkflow', { workflowId: runId, taskQueue, args: [input], staticSummary: `Eval ${input.category}` });
}

/** A finished run as the report `npm run eval` saves and `POST /eval/:category` returns. */
export function reportOf(p: EvalProgress): EvalReport & { runId: string } {
  return {
    runId: p.runId,
    category: p.category as EvalCategory | 'all',
    passed: p.passed,
    total: p.total,
    model: p.model,
    promptVersion: PROMPT_VERSION,
    startedAt: p.startedAt,
    finishedAt: p.finishedAt ?? new Date().toISOString(),
    summary: summarize(p.results),
    results: p.results,
  };
}
