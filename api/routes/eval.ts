/**
 * Eval endpoints: GET /eval/dataset (the scenarios), POST /eval/:category (admin only: it spends model
 * calls) running a category or `all` through the production decide(), and the static client at /eval/.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { Router } from 'express';
import { z } from 'zod';
import type { ModelClient } from '../../adapters/llm.js';
import { EVAL_CATEGORIES, loadDataset, type Scenario } from '../../evals/dataset.js';
import { runEval } from '../../evals/grader.js';
import { currentUser } from '../auth.js';
import { HttpProblem, validate } from '../errors.js';

export const EVAL_WEB_DIR = fileURLToPath(new URL('../../evals/web/', import.meta.url));

export function evalRoutes(deps: { orchestratorModel: ModelClient; llmProblem: string | null; dataset?: () => Scenario[] }): { api: Router; web: Router } {
  let cached: Scenario[] | null = null;
  const dataset = deps.dataset ?? (() => (cached ??= loadDataset()));
  const api = Router();
  api.get('/eval/dataset', (_req, res) => {
    res.json({ scenarios: dataset().map((s) => ({ id: s.id, category: s.category, description: s.description, state: s.state, expected: s.expected })) });
  });
  api.post('/eval/:category', async (req, res) => {
    const category = validate(z.enum([...EVAL_CATEGORIES, 'all']), req.params.category, 'params.category');
    const { concurrency } = validate(z.object({ concurrency: z.coerce.number().int().min(1).max(16).default(4) }).strict(), req.query, 'query');
    if (currentUser(res).role !== 'admin') throw new HttpProblem(403, 'forbidden', 'Forbidden', 'running evals spends model calls: admins only');
    if (deps.llmProblem) throw new HttpProblem(503, 'llm-not-configured', 'LLM not configured', deps.llmProblem);
    const scenarios = dataset().filter((s) => category === 'all' || s.category === category);
    const report = await runEval(deps.orchestratorModel, scenarios, { category, concurrency });
    res.json(report);
  });
  // The page itself needs no key; it asks for one and sends it with each call.
  const web = Router();
  web.use('/eval', express.static(EVAL_WEB_DIR, { index: 'index.html', fallthrough: true }));
  return { api, web };
}

export const evalWebPath = (f: string) => path.join(EVAL_WEB_DIR, f);
