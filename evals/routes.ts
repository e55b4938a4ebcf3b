/**
 * Eval endpoints: GET /eval/dataset (the scenarios), POST /eval/:category (admin only: it spends model
 * calls) starting the eval workflow on the eval task queue (the same durable run `npm run eval`
 * starts) and answering with its report, GET /eval/runs/:runId (a run's progress, or its report once
 * finished), and the static client at /eval/. Entry points hand these routes to the API (createApp's
 * `routes`), so the API itself never imports evals.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import express, { Router } from 'express';
import { z } from 'zod';
import { currentUser } from '../api/auth.js';
import { HttpProblem, notFound, unavailable, validate } from '../api/errors.js';
import { EVAL_CATEGORIES, loadDataset, type Scenario } from './dataset.js';
import { reportOf, startEvalRun } from './runs.js';
import { evalProgress, type EvalProgress } from './workflow.js';

export const EVAL_WEB_DIR = fileURLToPath(new URL('./web/', import.meta.url));
export const evalWebPath = (f: string) => path.join(EVAL_WEB_DIR, f);

/** Run ids are workflow ids the eval job chose (`eval-<category>-…`); anything else is not a run. */
const RUN_ID = /^eval-[A-Za-z0-9_.:-]{1,160}$/;

export interface EvalRouteDeps {
  client: Client;
  /** The eval job's task queue (EVAL_TASK_QUEUE). */
  taskQueue: string;
  llmProblem: string | null;
  /** How long POST /eval/:category waits for the run before answering 202 with where to follow it. */
  waitMs?: number;
  dataset?: () => Scenario[];
}

export function evalRoutes(deps: EvalRouteDeps): { api: Router; web: Router } {
  let cached: Scenario[] | null = null;
  const dataset = deps.dataset ?? (() => (cached ??= loadDataset()));
  const waitMs = deps.waitMs ?? 5 * 60_000;
  const admin = (res: express.Response, why: string) => {
    if (currentUser(res).role !== 'admin') throw new HttpProblem(403, 'forbidden', 'Forbidden', why);
  };
  const api = Router();
  api.get('/eval/dataset', (_req, res) => {
    res.json({ scenarios: dataset().map((s) => ({ id: s.id, category: s.category, description: s.description, state: s.state, expected: s.expected })) });
  });
  api.post('/eval/:category', async (req, res) => {
    const category = validate(z.enum([...EVAL_CATEGORIES, 'all']), req.params.category, 'params.category');
    const { concurrency, wait } = validate(
      z.object({ concurrency: z.coerce.number().int().min(1).max(16).default(4), wait: z.enum(['true', 'false']).default('true') }).strict(),
      req.query,
      'query',
    );
    admin(res, 'running evals spends model calls: admins only');
    if (deps.llmProblem) throw new HttpProblem(503, 'llm-not-configured', 'LLM not configured', deps.llmProblem);
    let handle;
    try {
      handle = await startEvalRun(deps.client, deps.taskQueue, { category, concurrency });
    } catch (e) {
      throw unavailable('temporal-unavailable', 'Temporal unavailable', 'the eval run could not be started; nothing was run, try again', e);
    }
    const location = `/eval/runs/${handle.workflowId}`;
    const accepted = () => res.status(202).location(location).json({ runId: handle.workflowId, status: 'running', location });
    if (wait === 'false') return accepted();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((ok) => (timer = setTimeout(() => ok(null), waitMs)));
    try {
      const done = await Promise.race([handle.result(), late]);
      if (done === null) return accepted();
      res.location(location).json(reportOf(done));
    } finally {
      clearTimeout(timer);
    }
  });
  api.get('/eval/runs/:runId', async (req, res) => {
    admin(res, 'eval runs are for admins');
    const runId = req.params.runId;
    if (!RUN_ID.test(runId)) throw notFound(`eval run ${runId}`);
    const handle = deps.client.workflow.getHandle(runId);
    let d;
    try {
      d = await handle.describe();
    } catch (e) {
      if (e instanceof WorkflowNotFoundError) throw notFound(`eval run ${runId}`);
      throw unavailable('temporal-unavailable', 'Temporal unavailable', 'the run could not be read; try again', e);
    }
    if (d.type !== 'evalWorkflow') throw notFound(`eval run ${runId}`);
    if (d.status.name === 'COMPLETED') return res.json({ status: 'completed', ...reportOf((await handle.result()) as EvalProgress) });
    if (d.status.name !== 'RUNNING') return res.json({ runId, status: d.status.name.toLowerCase() });
    // Running: its progress, once a worker has picked it up (until then, nothing graded yet).
    const progress = await handle.query(evalProgress).catch(() => null);
    res.json({ status: 'running', ...(progress ?? { runId, done: 0 }) });
  });
  // The page itself needs no key; it asks for one and sends it with each call.
  const web = Router();
  web.use('/eval', express.static(EVAL_WEB_DIR, { index: 'index.html', fallthrough: true }));
  return { api, web };
}

/** The eval endpoints as an entry point hands them to startApi (`routes`). */
export function evalRoutesFor(taskQueue: string, opts: Pick<EvalRouteDeps, 'waitMs'> = {}) {
  return ({ client, llmProblem }: { client: Client; llmProblem: string | null }) => {
    const r = evalRoutes({ client, taskQueue, llmProblem, ...opts });
    return { public: [r.web], api: [r.api] };
  };
}
