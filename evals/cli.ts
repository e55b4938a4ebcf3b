/**
 * `npm run eval -- [--category all|<category>] [--concurrency 4] [--out report.json] [--compare previous.json]`
 * `npm run eval -- --trajectories` runs the multi-step trajectory evals instead (see evals/trajectories.ts).
 * `npm run eval -- --honesty [--out report.json]` runs the honesty corpus (evals/honesty.ts) against the
 * configured verifier model (VERIFIER_MODEL, default AGENT_MODEL) and prints the catch rate and the
 * false-positive rate per language. It needs only the model endpoint, not Temporal.
 * `npm run eval -- --grounding [--out report.json]` judges the Knowledge-Base agent's answers against what they cite.
 * `npm run eval -- --tools [--out report.json]` grades the Booking agent's tool selection (evals/tools.ts).
 * `npm run eval -- --from-turn <turnId> [--out file]` exports a turn's decisions as scenarios (evals/from-turn.ts).
 * `npm run eval -- --retrieval [--out report.json]` runs the retrieval eval (evals/retrieval.ts): recall@5
 * and MRR of paraphrased questions over the project's PDFs, for the offline default and for the
 * configured embedding provider when there is one. It needs neither Temporal nor a model.
 * Starts the eval workflow on the eval task queue (a worker must be running: `npm start` or
 * `npm run worker`), shows progress, prints the per-category table, saves a JSON report and, with
 * --compare, lists regressions and fixes (exit code 1 when something regressed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { dataConverterFor } from '../adapters/codec.js';
import { ConfigError } from '../adapters/config.js';
import { configOrExit, run } from '../app/process.js';
import { evalProgress, type EvalInput, type EvalProgress } from './workflow.js';
import { reportOf, startEvalRun } from './runs.js';
import { compareReports, formatComparison } from './compare.js';
import { EVAL_CATEGORIES } from './dataset.js';
import { belowThreshold, formatReport, type EvalReport } from './grader.js';

run(async () => {
  const { values } = parseArgs({
    options: {
      category: { type: 'string', default: 'all' },
      concurrency: { type: 'string', default: '4' },
      out: { type: 'string' },
      compare: { type: 'string' },
      trajectories: { type: 'boolean', default: false },
      honesty: { type: 'boolean', default: false },
      retrieval: { type: 'boolean', default: false },
      'from-turn': { type: 'string' },
      tools: { type: 'boolean', default: false },
      grounding: { type: 'boolean', default: false },
    },
  });
  if (values.grounding) return runGroundingEvals(values.out);
  if (values.tools) return runToolEvals(values.out);
  if (values['from-turn'] !== undefined) return exportTurn(values['from-turn'], values.out);
  if (values.retrieval) return runRetrievalEvals(values.out);
  if (values.trajectories) return runTrajectoryEvals(values.out);
  if (values.honesty) return runHonestyEval(values.out, Number(values.concurrency));
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
  const client = new Client({ connection, namespace: config.temporal.namespace, dataConverter: dataConverterFor(config.payloadEncryptionKey) });
  const workflowId = `eval-${category}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  const handle = await startEvalRun(client, config.temporal.evalTaskQueue, { category, concurrency }, workflowId);
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
  const report: EvalReport = reportOf(result);
  process.stdout.write(`${formatReport(report)}\n`);
  saveReport(values.out ?? path.join('evals', 'reports', `${workflowId}.json`), workflowId, report);
  await connection.close();
  let failed = false;
  if (previous) {
    const c = compareReports(previous, report);
    process.stdout.write(`compared with ${values.compare}:\n${formatComparison(c)}\n`);
    failed = c.regressions.length > 0;
  }
  const below = belowThreshold('routing', report.passed, report.total);
  if (below) process.stdout.write(`${below}\n`);
  if (failed || below) process.exit(1);
});

/** Writes a JSON report to `out`, or under evals/reports/ as `<name>-<time>.json`, and says where. */
function saveReport(out: string | undefined, name: string, data: unknown): string {
  const file = out ?? path.join('evals', 'reports', `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(data, null, 1)}\n`);
  process.stdout.write(`report saved to ${file}\n`);
  return file;
}

/**
 * `npm run eval -- --trajectories`: the multi-step scenarios as real turns. An in-process worker on its
 * own task queue plays the sub-agents from the scripts; the orchestrator is the configured model.
 */
async function runTrajectoryEvals(out: string | undefined) {
  const { loadConfig } = await import('../adapters/config.js');
  const { openDatabase } = await import('../adapters/db.js');
  const { seedRooms } = await import('../adapters/booking-store.js');
  const { putDocument } = await import('../adapters/knowledge-store.js');
  const { createRuntime } = await import('../app/runtime.js');
  const { createWorker } = await import('../worker/worker.js');
  const { runTrajectories, startScriptedAgents, TRAJECTORIES, TRAJECTORY_POLICY } = await import('./trajectories.js');
  const base = configOrExit();
  const agents = await startScriptedAgents();
  const taskQueue = `trajectories-${Date.now()}`;
  const config = loadConfig({ ...process.env, AGENT_BASE_URL: agents.url, AGENT_API_KEY: 'unused', TEMPORAL_TASK_QUEUE: taskQueue, EMBEDDING_PROVIDER: 'local', VECTOR_STORE: 'pgvector' });
  const db = await openDatabase({ inMemory: true });
  await seedRooms(db);
  const runtime = createRuntime(config, db);
  const vectors = await runtime.deps.embedder.embed(TRAJECTORY_POLICY);
  await putDocument(db, runtime.deps.knowledge, { id: 'doc_trajectory_policy', namespace: 'trajectories', fileName: 'acme-policy.pdf', pages: 3 }, TRAJECTORY_POLICY.map((text, i) => ({ chunkIndex: i, page: i + 1, text, embedding: vectors[i]! })));
  const address = base.temporal.address ?? `127.0.0.1:${base.temporal.port}`;
  const dataConverter = dataConverterFor(base.payloadEncryptionKey);
  const { worker, connection: wc } = await createWorker({ address, namespace: base.temporal.namespace, taskQueue, activities: runtime.activities, dataConverter });
  const connection = await Connection.connect({ address });
  const client = new Client({ connection, namespace: base.temporal.namespace, dataConverter });
  process.stdout.write(`trajectories against ${config.orchestrator.model} (scripted agents), task queue ${taskQueue}\n`);
  const results = await worker.runUntil(
    runTrajectories({
      client,
      taskQueue,
      agents,
      namespace: 'trajectories',
      onResult: (r) => process.stdout.write(`${r.pass ? 'pass' : 'FAIL'}  ${r.id.padEnd(28)} ${r.path.map((d) => (d.type === 'return_to_user' ? 'return' : d.agents.join('+'))).join(' → ')}${r.error ? `  (${r.error})` : ''}\n`),
    }),
  );
  const passed = results.filter((r) => r.pass).length;
  process.stdout.write(`${passed} / ${TRAJECTORIES.length} trajectories passed\n`);
  saveReport(out, 'trajectories', { at: new Date().toISOString(), model: config.orchestrator.model, passed, total: TRAJECTORIES.length, results });
  await connection.close();
  await wc.close();
  await agents.close();
  await db.close();
  const below = belowThreshold('trajectories', passed, TRAJECTORIES.length);
  if (below) {
    process.stdout.write(`${below}\n`);
    process.exit(1);
  }
}

/**
 * `npm run eval -- --tools [--out report.json]`: the Booking agent's tool selection (evals/tools.ts) with
 * the configured agent model, against an in-memory database; no Temporal server needed.
 */
async function runToolEvals(out: string | undefined) {
  const { openDatabase } = await import('../adapters/db.js');
  const { seedRooms } = await import('../adapters/booking-store.js');
  const { createRuntime } = await import('../app/runtime.js');
  const { formatToolReport, runToolEval, loadToolDataset } = await import('./tools.js');
  const config = configOrExit();
  const scenarios = loadToolDataset();
  const db = await openDatabase({ inMemory: true });
  try {
    await seedRooms(db);
    const runtime = createRuntime(config, db);
    process.stdout.write(`booking agent tool selection: ${scenarios.length} scenarios against ${config.agent.model}\n`);
    const report = await runToolEval({ db, bookings: runtime.deps.bookings, activities: runtime.activities, model: runtime.deps.agentModel, scenarios });
    process.stdout.write(`${formatToolReport(report)}\n`);
    saveReport(out, 'tools', { at: new Date().toISOString(), ...report });
    const below = belowThreshold('tools', report.exact, report.total);
    if (below) {
      process.stdout.write(`${below}\n`);
      process.exitCode = 1;
    }
  } finally {
    await db.close();
  }
}

/**
 * `npm run eval -- --grounding [--out report.json]`: the Knowledge-Base agent's answers judged against
 * the passages they cite (evals/grounding.ts), with the configured agent and judge models.
 */
async function runGroundingEvals(out: string | undefined) {
  const { openDatabase } = await import('../adapters/db.js');
  const { createModelClient } = await import('../adapters/llm.js');
  const { createRuntime } = await import('../app/runtime.js');
  const { ingestForEval } = await import('./retrieval.js');
  const { formatGroundingReport, GROUNDING_NAMESPACE, loadGroundingDataset, runGroundingEval } = await import('./grounding.js');
  const config = configOrExit();
  const dataset = loadGroundingDataset();
  const db = await openDatabase({ inMemory: true });
  try {
    const runtime = createRuntime(config, db);
    await ingestForEval({ db, store: runtime.deps.knowledge, embedder: runtime.deps.embedder, namespace: GROUNDING_NAMESPACE, documents: dataset.documents });
    const judgeModel = createModelClient(config.judge, config.llmTimeoutMs);
    process.stdout.write(`grounding: ${dataset.questions.length} questions, agent ${config.agent.model}, judge ${config.judge.model}\n`);
    const report = await runGroundingEval({ db, activities: runtime.activities, agentModel: runtime.deps.agentModel, judgeModel, dataset });
    process.stdout.write(`${formatGroundingReport(report)}\n`);
    saveReport(out, 'grounding', { at: new Date().toISOString(), ...report });
  } finally {
    await db.close();
  }
}

/**
 * `npm run eval -- --from-turn <turnId> [--out file]`: the turn's decisions as orchestrator scenarios, with
 * the state each one saw pinned (evals/from-turn.ts), written as a dataset file to review and merge.
 */
async function exportTurn(turnId: string, out: string | undefined) {
  const { scenariosFromTurn } = await import('./from-turn.js');
  const { state } = await import('../workflows/temporal-messages.js');
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(turnId)) throw new ConfigError('--from-turn takes a turn id (letters, digits, - and _)');
  const config = configOrExit();
  const address = config.temporal.address ?? `127.0.0.1:${config.temporal.port}`;
  const connection = await Connection.connect({ address });
  try {
    const client = new Client({ connection, namespace: config.temporal.namespace, dataConverter: dataConverterFor(config.payloadEncryptionKey) });
    let turn;
    try {
      turn = await client.workflow.getHandle(`turn-${turnId}`).query(state);
    } catch (e) {
      throw new ConfigError(`could not read turn ${turnId} from Temporal (${(e as Error).message}); the turn's workflow must exist and a worker must be running (npm start or npm run worker)`);
    }
    const scenarios = scenariosFromTurn(turn, turnId);
    if (scenarios.length === 0) throw new ConfigError(`turn ${turnId} took no orchestrator decision to export`);
    const file = out ?? path.join('evals', 'reports', `from-turn-${turnId}.json`);
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify({ version: 1, scenarios }, null, 1)}\n`);
    for (const s of scenarios) process.stdout.write(`${s.id}  hop ${s.state.hop}: ${s.expected.decisions.map((d) => (d.type === 'return_to_user' ? 'return_to_user' : d.agents.join('+'))).join(' or ')}\n`);
    process.stdout.write(`${scenarios.length} scenario(s) from turn ${turnId} (${turn.status}) written to ${file}: check each expected decision, then add them to evals/orchestrator_dataset.json\n`);
  } finally {
    await connection.close();
  }
}

/** `npm run eval -- --honesty`: the honesty corpus against the configured verifier model. */
async function runHonestyEval(out: string | undefined, concurrency: number) {
  const { createModelClient } = await import('../adapters/llm.js');
  const { formatHonesty, runHonesty, FALSE_CLAIMS, BESIDE_RECEIPT_CLAIMS, TRUE_CLAIMS, READ_CLAIMS, KB_ANSWERS, POLICY_CLAIMS, UNSPOKEN_CLAIMS, POLICY_FACTS, CHAT_ANSWERS, WHOSE_CLAIMS, OTHERS_BOOKINGS, READ_CONTRADICTIONS, READ_BEYOND, READ_RELAYS, WRITTEN_CLAIMS, WRITTEN_RELAYS } = await import('./honesty.js');
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32) throw new ConfigError('--concurrency must be a whole number from 1 to 32');
  const config = configOrExit();
  const model = createModelClient(config.verifier, config.llmTimeoutMs);
  const falseClaims = FALSE_CLAIMS.length + BESIDE_RECEIPT_CLAIMS.length;
  const checked = READ_CONTRADICTIONS.length + READ_BEYOND.length + READ_RELAYS.length + WRITTEN_CLAIMS.length + WRITTEN_RELAYS.length;
  const total = falseClaims + TRUE_CLAIMS.length + READ_CLAIMS.length + KB_ANSWERS.length + 2 * POLICY_CLAIMS.length + UNSPOKEN_CLAIMS.length + POLICY_FACTS.length + CHAT_ANSWERS.length + WHOSE_CLAIMS.length + OTHERS_BOOKINGS.length + checked;
  process.stdout.write(
    `honesty corpus (${falseClaims} false claims, ${BESIDE_RECEIPT_CLAIMS.length} of them beside a real receipt, ${TRUE_CLAIMS.length} true claims, ${READ_CLAIMS.length} read claims, ${KB_ANSWERS.length} knowledge answers, ${POLICY_CLAIMS.length} policy claims, run before and after a search, ${UNSPOKEN_CLAIMS.length} rules with no figure after a search, ${POLICY_FACTS.length} policy facts, ${CHAT_ANSWERS.length} chat answers, ${WHOSE_CLAIMS.length} claims that a colleague's booking is the user's, ${OTHERS_BOOKINGS.length} answers relaying it as the colleague's, ${READ_CONTRADICTIONS.length} claims a check contradicts, ${READ_BEYOND.length} of a time it did not read, ${READ_RELAYS.length} relays of it, ${WRITTEN_CLAIMS.length} claims against the turn's own booking, ${WRITTEN_RELAYS.length} relays of it) against ${config.verifier.model}\n`,
  );
  let done = 0;
  const rows = await runHonesty(model, { concurrency, onCase: () => process.stdout.write(`\r${++done}/${total}`) });
  process.stdout.write(`\n${formatHonesty(rows, config.verifier.model)}\n`);
  if (out) {
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    fs.writeFileSync(out, JSON.stringify({ model: config.verifier.model, at: new Date().toISOString(), rows }, null, 2));
    process.stdout.write(`report: ${out}\n`);
  }
}

/** `npm run eval -- --retrieval`: recall@5 and MRR per backend (the offline default, and the configured provider). */
async function runRetrievalEvals(out: string | undefined) {
  const { loadConfig } = await import('../adapters/config.js');
  const { createHashEmbedder, createRemoteEmbedder, createWordVectorEmbedder } = await import('../adapters/embedding.js');
  const { formatRetrievalReports, runRetrievalEval } = await import('./retrieval.js');
  const config = configOrExit();
  const local = loadConfig({ ...process.env, EMBEDDING_PROVIDER: 'local' });
  const reports = [
    // Before issue 20: the lexical hash alone, at its old threshold.
    await runRetrievalEval({ embedder: createHashEmbedder(), minScore: 0.1, textWeight: null }),
    // The offline default: word vectors and the database's full-text search.
    await runRetrievalEval({ embedder: createWordVectorEmbedder(), minScore: local.kbMinScore, textWeight: local.kbTextWeight }),
  ];
  const notMeasured: { backend: string; why: string }[] = [];
  if (config.embedding.provider !== 'local') {
    const embedder = createRemoteEmbedder({ ...config.embedding, timeoutMs: config.llmTimeoutMs });
    reports.push(await runRetrievalEval({ embedder, minScore: config.kbMinScore, textWeight: config.kbTextWeight }));
  } else {
    notMeasured.push({ backend: 'a semantic provider (openrouter, gemini, ollama)', why: 'EMBEDDING_PROVIDER is local here; set it (and its key) to measure one' });
  }
  process.stdout.write(`${formatRetrievalReports(reports, notMeasured)}\n`);
  saveReport(out, 'retrieval', { at: new Date().toISOString(), reports, notMeasured });
}
