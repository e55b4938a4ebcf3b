/**
 * `npm run eval -- [--category all|<category>] [--concurrency 4] [--out report.json] [--compare previous.json]`
 * Starts the eval workflow on the eval task queue (a worker must be running: `npm start` or
 * `npm run worker`), shows progress, prints the per-category table, saves a JSON report and, with
 * --compare, lists regressions and fixes (exit code 1 when something regressed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { ConfigError } from '../adapters/config.js';
import { configOrExit, run } from '../worker/cli.js';
import { evalProgress, type EvalProgress } from '../workflows/messages.js';
import type { EvalInput } from '../workflows/eval.js';
import { compareReports, formatComparison } from './compare.js';
import { EVAL_CATEGORIES } from './dataset.js';
import { formatReport, summarize, type EvalReport } from './grader.js';
import { PROMPT_VERSION } from '../domain/prompts.js';

run(async () => {
  const { values } = parseArgs({
    options: {
      category: { type: 'string', default: 'all' },
      concurrency: { type: 'string', default: '4' },
      out: { type: 'string' },
      compare: { type: 'string' },
    },
  });
  const category = values.category as EvalInput['category'];
  if (category !== 'all' && !(EVAL_CATEGORIES as readonly string[]).includes(category)) {
    throw new ConfigError(`--category must be all or one of ${EVAL_CATEGORIES.join(', ')}`);
  }
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32) throw new ConfigError('--concurrency must be a whole number from 1 to 32');
  const previous = values.compare ? (JSON.parse(fs.readFileSync(values.compare, 'utf8')) as EvalReport) : null;

  const config = configOrExit();
  const address = config.temporal.address ?? `127.0.0.1:${config.temporal.port}`;
  const connection = await Connection.connect({ address });
  const client = new Client({ connection, namespace: config.temporal.namespace });
  const workflowId = `eval-${category}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  const handle = await client.workflow.start('evalWorkflow', {
    workflowId,
    taskQueue: config.temporal.evalTaskQueue,
    args: [{ category, concurrency } satisfies EvalInput],
    staticSummary: `Eval ${category}`,
  });
  process.stdout.write(`eval run ${workflowId} on ${config.temporal.evalTaskQueue}\n`);
  const ticker = setInterval(async () => {
    try {
      const p = await handle.query(evalProgress);
      process.stdout.write(`\r${p.done}/${p.total} graded, ${p.passed} passed`);
    } catch {
      /* not started yet, or no worker: keep waiting */
    }
  }, 1000);
  let result: EvalProgress;
  try {
    result = (await handle.result()) as EvalProgress;
  } finally {
    clearInterval(ticker);
  }
  process.stdout.write('\n');
  const report: EvalReport = {
    category,
    passed: result.passed,
    total: result.total,
    model: result.model,
    promptVersion: PROMPT_VERSION,
    startedAt: result.startedAt,
    finishedAt: result.finishedAt ?? new Date().toISOString(),
    summary: summarize(result.results),
    results: result.results,
  };
  process.stdout.write(`${formatReport(report)}\n`);
  const out = values.out ?? path.join('evals', 'reports', `${workflowId}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(report, null, 1)}\n`);
  process.stdout.write(`report saved to ${out}\n`);
  await connection.close();
  if (previous) {
    const c = compareReports(previous, report);
    process.stdout.write(`compared with ${values.compare}:\n${formatComparison(c)}\n`);
    if (c.regressions.length) process.exit(1);
  }
});
