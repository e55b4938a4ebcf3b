/**
 * `npm run bench` (`--quick` for CI's small run): measures the platform on the local stack (a Temporal
 * dev server, in-memory PGlite with pgvector, the scripted OpenAI-compatible model with
 * BENCH_MODEL_LATENCY_MS of latency, 0 by default) and writes bench/results/report.json and report.md.
 *
 * The six measurements of issue 7: orchestration overhead per hop (Temporal in each
 * TURN_LOCAL_ACTIVITIES mode, beside LangGraph.js with PostgresSaver on PostgreSQL and the in-process
 * floor: bench/loops.ts), concurrent turns with the CPU they used, paused turns on a worker process of
 * their own (bench/paused.ts), ingestion of a 200-page PDF, pgvector search latency with its index build
 * and recall, and workflow history per turn. Each figure is the median of several runs with the spread.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import proto from '@temporalio/proto';
import { seedRooms } from '../adapters/booking-store.js';
import { loadConfig } from '../adapters/config.js';
import { limitHeapGrowth } from '../app/heap.js';
import { answerCheckTimes } from './answer-check.js';
import { openDatabase } from '../adapters/db.js';
import { createPgvectorStore, putUpload } from '../adapters/knowledge-store.js';
import { LOCAL_ACTIVITIES_MODES, type LocalActivitiesMode, type TurnInput } from '../domain/types.js';
import { bareWorkflows, cachedWorkflowFloor, localActivityFloor, persistenceCost } from './floor.js';
import { pausedTurns } from './paused.js';
import { pushedStreams } from './streams.js';
import { streamedAnswers } from './answers.js';
import { createLangGraphLoop, inProcessTurn, type LangGraphLoop } from './loops.js';
import { installTemporalLogging } from '../app/process.js';
import { timeSplit } from './time-split.js';
import { makeTextPdf } from './pdf.js';
import type { IngestionInput } from '../workflows/ingestion.js';
import { startDevServer } from '../app/dev-server.js';
import { createRuntime } from '../app/runtime.js';
import { createWorker } from '../worker/worker.js';
import { DEFAULT_WORKFLOW_THREADS, SDK_WORKFLOW_THREADS } from '../worker/workflow-threads.js';
import { startScriptedLlm, type ScriptedLlm } from '../test/support/scripted-llm.js';
import { inProcessStack } from './stack.js';
import { localActivityTypes } from '../test/support/history.js';
import { apiTurns, benchTurnInput, completeTurn, hopsResponder, runTurn, seedBenchPages, type TurnClient } from './turn-script.js';
import { burst, type BurstFigure } from './burst.js';
import { quantile, round } from './stats.js';
import { baselineConcurrency, type Baseline } from './baseline.js';

const { temporal } = proto;
const quick = process.argv.includes('--quick');
// The in-process worker (overhead per hop, concurrency) runs with the heap growth a worker process is
// configured with (WORKER_HEAP_GROWTH_PERCENT, app/heap.ts); LangGraph, in the same process, with the same.
limitHeapGrowth(loadConfig({ WORKER_HEAP_GROWTH_PERCENT: process.env.WORKER_HEAP_GROWTH_PERCENT }).heapGrowthPercent);
const OUT = path.resolve(process.env.BENCH_OUT ?? 'bench/results');
const MODEL_LATENCY_MS = Number(process.env.BENCH_MODEL_LATENCY_MS ?? 0);
/** The real PostgreSQL server LangGraph's checkpointer writes to (CI's local server by default). */
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The bench's API key, for the turns it asks through POST /query. */
const API_KEY = 'bench-overhead-key-0123456789';
/** Memory for the HNSW index build in the embedded database. */
const MAINTENANCE_WORK_MEM = process.env.BENCH_MAINTENANCE_WORK_MEM ?? '1GB';
/** Vector search data: topics (cluster centres) and the noise around them. */
const TOPICS = 1000;
const NOISE = 0.5;

// ---------------------------------------------------------------- statistics

const median = (xs: number[]) => quantile(xs, 0.5);
/**
 * Today's default loop beside LangGraph sync, turn by turn (bench/run.ts pairedOverhead): started and
 * waited for by the bench's client (`ours`), and asked through `POST /query` as a user asks (`api`).
 */
interface Paired {
  pairs: number;
  oursP50: number;
  theirsP50: number;
  /** The median of the per-round ratios, today's (the bench's client) over LangGraph's. */
  ratioP50: number;
  /** The same turns through the API: per hop, and the median of the per-round ratios over LangGraph's. */
  apiP50: number;
  apiRatioP50: number;
  /**
   * The floor under `ours` in the same rounds, per hop: a bare workflow with the turn's local activities
   * (`localActivities`, counted from one turn's history), started and waited for as the turn is, plus
   * the in-process loop; and the median of the per-round differences, the turn workflow's own share.
   */
  floor?: { localActivities: number; bareP50: number; inProcessP50: number; floorP50: number; ownShareP50: number };
}
/** The median of `runs` repetitions of a figure, with its spread. */
const summary = (runs: number[]) => ({ median: round(median(runs)), min: round(Math.min(...runs)), max: round(Math.max(...runs)), runs: runs.length });
type Summary = ReturnType<typeof summary>;
const fmt = (s: Summary, unit = '') => `${s.median}${unit} (${s.min}–${s.max})`;
/** How much a worker's resident memory grew (MB) between two readings, when both were taken. */
const grown = (r: { rssMb: { before: number | null; after: number | null } }) => (r.rssMb.before !== null && r.rssMb.after !== null ? r.rssMb.after - r.rssMb.before : 'n/a');


// ---------------------------------------------------------------- 1 and 6: Temporal overhead per hop, history per turn

async function temporalTurns() {
  const dev = await startDevServer({ cliPath: process.env.TEMPORAL_CLI_PATH, tuning: process.env.TEMPORAL_DEV_TUNING === 'stock' ? 'stock' : 'tuned', toolsDir: path.resolve('test/.artifacts/tools'), log: (s) => console.log(s) });
  const llm = await startScriptedLlm();
  // Model time as the model server sees it: from request received to response sent.
  let modelMs = 0;
  // The worker and, beside it, the API as `npm start` runs them (for the turns a user asks through POST /query).
  const stack = await inProcessStack({
    name: 'overhead',
    address: dev.address,
    llm,
    env: { MAX_HOPS: '6', COPILOT_API_KEYS: `${API_KEY}:bench:member` },
    seed: async (db) => {
      await seedRooms(db);
      await seedBenchPages(db);
    },
  });
  const { config, db, runtime, taskQueue } = stack;
  const connection = await Connection.connect({ address: dev.address });
  const client = new Client({ connection });
  /** A k-hop turn asked through POST /query, answered when it completes (the model scripted for it). */
  async function apiTurn(k: number): Promise<{ hops: number }> {
    const res = await stack.post('/query', { question: `benchmark turn of ${k} hops` }, API_KEY);
    const view = (await res.json()) as { status?: string; hops?: number };
    if (res.status !== 200 || view.status !== 'completed') throw new Error(`POST /query answered ${res.status} ${view.status ?? ''}`);
    return { hops: view.hops ?? 0 };
  }
  // Turns start as the API starts them under `npm start`: through the worker's connection, eagerly.
  const turnClient = stack.turns;
  const input = (question: string, localActivities: LocalActivitiesMode = config.localActivities): TurnInput => benchTurnInput(question, localActivities);
  /** Sets the scripted model to a k-hop turn and counts model time as the model server sees it. */
  function scriptTurn(k: number) {
    const respond = hopsResponder(k, MODEL_LATENCY_MS);
    llm.respond(async (req) => {
      const t = performance.now();
      const r = respond(req);
      if (r.delayMs) await new Promise((ok) => setTimeout(ok, r.delayMs));
      modelMs += performance.now() - t;
      return { ...r, delayMs: 0 };
    });
    modelMs = 0;
  }
  /** A k-hop turn on Temporal; the caller has scripted the model (scriptTurn). */
  async function turn(k: number, mode: LocalActivitiesMode = config.localActivities) {
    const i = input(`benchmark turn of ${k} hops`, mode);
    const view = await runTurn(turnClient, taskQueue, i);
    if (view.status !== 'completed') throw new Error(`bench turn ended ${view.status}`);
    if (view.hops !== k) throw new Error(`bench turn took ${view.hops} hops, not ${k}`);
    return { handle: client.workflow.getHandle(`turn-${i.turnId}`), view };
  }
  /** Per-hop overhead of `reps` k-hop turns run by `runOne` (which returns the hops it took). */
  async function overheadOf(k: number, reps: number, runOne: () => Promise<{ hops: number; checkpoints?: number }>) {
    const perHop: number[] = [];
    const walls: number[] = [];
    let checkpoints: number | undefined;
    for (let r = 0; r < reps; r++) {
      scriptTurn(k);
      const t = performance.now();
      const out = await runOne();
      const wall = performance.now() - t;
      if (out.hops !== k) throw new Error(`a ${k}-hop turn took ${out.hops} hops`);
      checkpoints = out.checkpoints;
      walls.push(wall);
      perHop.push((wall - modelMs) / k);
    }
    return { perHop: { p50: round(quantile(perHop, 0.5)), p99: round(quantile(perHop, 0.99)) }, wallMs: summary(walls), runs: reps, ...(checkpoints !== undefined ? { checkpointsPerTurn: checkpoints } : {}) };
  }
  type Overhead = Awaited<ReturnType<typeof overheadOf>>;
  type Run = () => Promise<{ hops: number }>;
  /**
   * Three loops' per-hop overhead in `pairs` rounds of k-hop turns, one turn of each per round, the order
   * rotating: the median of the per-round ratios does not move with the machine's drift.
   */
  async function pairedOverhead(k: number, pairs: number, loops: { ours: Run; api: Run; theirs: Run; bare: Run; inProcess: Run }, localActivities: number): Promise<Paired> {
    const per: Record<keyof typeof loops, number[]> = { ours: [], api: [], theirs: [], bare: [], inProcess: [] };
    const order = Object.keys(loops) as (keyof typeof loops)[];
    for (let r = 0; r < pairs; r++) {
      for (let i = 0; i < order.length; i++) {
        const name = order[(r + i) % order.length]!;
        per[name].push((await overheadOf(k, 1, loops[name])).perHop.p50);
      }
    }
    const ratio = (xs: number[]) => round(median(xs.map((x, i) => x / per.theirs[i]!)), 2);
    const floors = per.bare.map((b, i) => b + per.inProcess[i]!);
    return {
      pairs,
      oursP50: round(median(per.ours)),
      theirsP50: round(median(per.theirs)),
      ratioP50: ratio(per.ours),
      apiP50: round(median(per.api)),
      apiRatioP50: ratio(per.api),
      floor: { localActivities, bareP50: round(median(per.bare)), inProcessP50: round(median(per.inProcess)), floorP50: round(median(floors)), ownShareP50: round(median(per.ours.map((o, i) => o - floors[i]!))) },
    };
  }
  try {
    scriptTurn(1);
    await turn(1); // warm-up: workflow bundle loaded, connections open
    const hopCounts = [1, 3, 6];
    const reps = quick ? 3 : 15;
    const overhead: Record<string, Record<string, Overhead>> = {};
    const temporalRun = (k: number, mode: LocalActivitiesMode) => async () => ({ hops: (await turn(k, mode)).view.hops });
    for (const mode of LOCAL_ACTIVITIES_MODES) {
      scriptTurn(1);
      await turn(1, mode);
      overhead[`temporal:${mode}`] = {};
      for (const k of hopCounts) overhead[`temporal:${mode}`]![`${k}`] = await overheadOf(k, reps, temporalRun(k, mode));
    }
    // The same turns on a dev server with its own dispatch limits (TEMPORAL_DEV_TUNING=stock), beside the tuned one.
    {
      const stock = await startDevServer({ cliPath: process.env.TEMPORAL_CLI_PATH, tuning: 'stock', toolsDir: path.resolve('test/.artifacts/tools') });
      const stockQueue = `${taskQueue}-stock`;
      const w = await createWorker({ address: stock.address, namespace: 'default', taskQueue: stockQueue, activities: runtime.activities });
      const run = w.worker.run();
      const stockTurns = apiTurns(new Client({ connection: w.connection }));
      try {
        const stockTurn = (k: number, mode: LocalActivitiesMode) => async () => {
          const view = await runTurn(stockTurns, stockQueue, input(`benchmark turn of ${k} hops`, mode));
          if (view.status !== 'completed') throw new Error(`bench turn ended ${view.status}`);
          return { hops: view.hops };
        };
        for (const mode of LOCAL_ACTIVITIES_MODES) {
          scriptTurn(1);
          await stockTurn(1, mode)();
          overhead[`temporal-stock:${mode}`] = {};
          for (const k of hopCounts) overhead[`temporal-stock:${mode}`]![`${k}`] = await overheadOf(k, reps, stockTurn(k, mode));
        }
      } finally {
        w.worker.shutdown();
        await run;
        await w.connection.close();
        await stock.stop();
      }
    }
    // The same loop beside it: in-process (the floor) and LangGraph.js with PostgresSaver on PostgreSQL.
    overhead['in-process'] = {};
    await inProcessTurn(runtime.activities, input('warm-up'));
    for (const k of hopCounts) overhead['in-process']![`${k}`] = await overheadOf(k, reps, () => inProcessTurn(runtime.activities, input(`benchmark turn of ${k} hops`)));
    let langGraphProblem: string | null = null;
    let graph: LangGraphLoop | null = null;
    try {
      graph = await createLangGraphLoop(runtime.activities, POSTGRES_URL);
    } catch (e) {
      langGraphProblem = `PostgreSQL at ${POSTGRES_URL.replace(/:[^:@/]*@/, ':***@')} unavailable: ${(e as Error).message}`;
    }
    const paired: Record<string, Paired> = {};
    if (graph) {
      try {
        for (const durability of ['sync', 'async'] as const) {
          const key = `langgraph:${durability}`;
          overhead[key] = {};
          await graph.turn(input('warm-up'), durability);
          for (const k of hopCounts) overhead[key]![`${k}`] = await overheadOf(k, reps, () => graph!.turn(input(`benchmark turn of ${k} hops`), durability));
        }
        // The target's comparison again, turn by turn: the machine's speed drifts within minutes, and the
        // table above measures each loop minutes apart.
        // And between them, the floor under the turn in the same rounds: a bare workflow with as many
        // local activities as the turn records, started as it is, and the in-process loop.
        const bare = await bareWorkflows({ address: dev.address, workflowThreads: config.workflowThreads });
        try {
          for (const k of [3, 6]) {
            scriptTurn(k);
            const counted = localActivityTypes((await (await turn(k)).handle.fetchHistory()).events ?? []).length;
            paired[`${k}`] = await pairedOverhead(
              k,
              quick ? 10 : 20,
              {
                ours: temporalRun(k, config.localActivities),
                api: () => apiTurn(k),
                theirs: () => graph!.turn(input(`benchmark turn of ${k} hops`), 'sync'),
                bare: async () => (await bare.run(counted), { hops: k }),
                inProcess: () => inProcessTurn(runtime.activities, input(`benchmark turn of ${k} hops`)),
              },
              counted,
            );
          }
        } finally {
          await bare.close();
        }
      } finally {
        await graph.close();
      }
    }
    const history: Record<string, { events: Summary; bytes: Summary; largestEventBytes: Summary; sources: number; localActivities: number }> = {};
    let split: ReturnType<typeof timeSplit> | null = null;
    for (const k of [2, 3, 6]) {
      const events: number[] = [];
      const bytes: number[] = [];
      const largest: number[] = [];
      let sources = 0;
      let localActivities = 0;
      for (let r = 0; r < (quick ? 1 : 3); r++) {
        scriptTurn(k);
        const { handle, view } = await turn(k);
        const h = await handle.fetchHistory();
        events.push(h.events?.length ?? 0);
        bytes.push(temporal.api.history.v1.History.encode(h).finish().length);
        largest.push(Math.max(...(h.events ?? []).map((e) => temporal.api.history.v1.HistoryEvent.encode(e).finish().length)));
        sources = view.sources.length;
        localActivities = localActivityTypes(h.events ?? []).length;
        if (k === 6) split = timeSplit(h.events ?? []);
      }
      history[`${k}`] = { events: summary(events), bytes: summary(bytes), largestEventBytes: summary(largest), sources, localActivities };
    }
    const floors = await localActivityFloors(dev.address);
    const floor = floors.defaults;
    const persistence = await persistenceOf();
    const concurrency = await concurrentTurns({ turns: turnClient, taskQueue, serverPid: dev.pid, llm, localActivities: config.localActivities, levels: quick ? [1, 10, 200] : [1, 10, 50, 200] });
    const ingestion = {
      local: await ingest(taskQueue, 'bench-local'),
      remote50ms: await withRemoteEmbedder(),
    };
    const pausedN = Number(process.env.BENCH_PAUSED_TURNS ?? (quick ? 50 : 1000));
    const paused = await pausedTurns({ address: dev.address, serverPid: dev.pid, client, llm, n: pausedN, ...(quick ? { idleS: 5 } : {}) });
    // The same with glibc's malloc (MEMORY_ALLOCATOR=glibc) and with V8's own heap growth
    // (WORKER_HEAP_GROWTH_PERCENT=0): what each default buys.
    const pausedGlibc = await pausedTurns({ address: dev.address, serverPid: dev.pid, client, llm, n: pausedN, allocator: 'glibc', ...(quick ? { idleS: 5 } : {}) });
    const pausedOwnGrowth = await pausedTurns({ address: dev.address, serverPid: dev.pid, client, llm, n: pausedN, heapGrowthPercent: 0, ...(quick ? { idleS: 5 } : {}) });
    // What the SDK alone holds per cached workflow, beside what a paused turn holds, with each allocator.
    const cacheFloor = await cachedWorkflowFloor({ address: dev.address, n: pausedN });
    const cacheFloorGlibc = await cachedWorkflowFloor({ address: dev.address, n: pausedN, allocator: 'glibc' });
    const streams = await pushedStreams({ address: dev.address, serverPid: dev.pid, llm, n: Number(process.env.BENCH_STREAMS ?? (quick ? 100 : 1000)), idleS: quick ? 5 : 10 });
    const answers = await streamedAnswers({ address: dev.address, llm, turns: quick ? 10 : 30, longTokens: quick ? 400 : 1000 });
    return { overhead, paired, paused, pausedGlibc, pausedOwnGrowth, cacheFloor, cacheFloorGlibc, streams, answers, defaultMode: config.localActivities, langGraphProblem, history, split: split!, floor, floors, persistence, ingestion, concurrency };

    /** Ingests the 200-page PDF through the ingestion workflow `reps` times (a new file each time). */
    async function ingest(queue: string, namespace: string) {
      const pages = quick ? 20 : 200;
      const pdf = makeTextPdf(pages);
      const walls: number[] = [];
      let chunks = 0;
      let split: ReturnType<typeof timeSplit> | null = null;
      for (let r = 0; r < (quick ? 1 : 3); r++) {
        const ingestionId = crypto.randomUUID();
        const t = performance.now();
        const uploadKey = await putUpload(db, Buffer.concat([pdf, Buffer.from(`%run ${ingestionId}\n`)]));
        await db.query(`insert into ingestions (id, namespace, file_name, upload_key, status, created_by) values ($1, $2, 'manual.pdf', $3, 'running', 'bench')`, [ingestionId, namespace, uploadKey]);
        const input: IngestionInput = { ingestionId, namespace, fileName: `manual-${r}.pdf`, uploadKey, userId: 'bench', batchSize: config.ingestion.batchSize, concurrency: config.ingestion.concurrency };
        const handle = await client.workflow.start('ingestionWorkflow', { workflowId: `ingest-${ingestionId}`, taskQueue: queue, args: [input] });
        const result = (await handle.result()) as { status: string; chunks: number };
        walls.push(performance.now() - t);
        if (result.status !== 'completed') throw new Error(`bench ingestion ended ${result.status}`);
        chunks = result.chunks;
        split = timeSplit((await handle.fetchHistory()).events ?? []);
      }
      const wall = summary(walls.map((w) => w / 1000));
      return { pages, chunks, seconds: wall, pagesPerS: round(pages / wall.median, 1), chunksPerS: round(chunks / wall.median, 1), split: split! };
    }

    /** The same with an OpenAI-compatible embedding endpoint that takes 50 ms per batch. */
    async function withRemoteEmbedder() {
      llm.respondEmbeddings(async (req) => {
        await new Promise((ok) => setTimeout(ok, 50));
        return { vectors: req.input.map((_, i) => Array.from({ length: 1024 }, (_, j) => (j === i % 1024 ? 1 : 0.01))) };
      });
      const queue = `${taskQueue}-remote`;
      const remoteConfig = loadConfig({ ...stack.env, TEMPORAL_TASK_QUEUE: queue, EMBEDDING_PROVIDER: 'ollama', EMBEDDING_BASE_URL: llm.url });
      const rt = createRuntime(remoteConfig, db);
      const w = await createWorker({ address: dev.address, namespace: 'default', taskQueue: queue, activities: rt.activities });
      const run = w.worker.run();
      try {
        return { ...(await ingest(queue, 'bench-remote')), batchSize: remoteConfig.ingestion.batchSize, concurrency: remoteConfig.ingestion.concurrency };
      } finally {
        w.worker.shutdown();
        await run;
        await w.connection.close();
      }
    }
  } finally {
    await stack.close();
    await connection.close();
    await llm.close();
    await dev.stop();
  }
}

/**
 * c turns of 3 hops started at once: throughput, latency, and the CPU the bench process and the server
 * used. The largest level runs twice: the first burst pays for the worker's cold caches (workflow
 * threads' JIT, new sticky-cache entries, the connection pools) and the second shows it warm. Then the
 * code issue 17 measured runs the same bursts (bench/baseline.ts), so the gain is a ratio of one run.
 */
async function concurrentTurns(o: { turns: TurnClient; taskQueue: string; serverPid: number | undefined; llm: ScriptedLlm; localActivities: LocalActivitiesMode; levels: number[] }): Promise<{ figures: Record<string, BurstFigure>; baseline: Baseline }> {
  const figures: Record<string, BurstFigure> = {};
  o.llm.respond(hopsResponder(3, MODEL_LATENCY_MS));
  const runOne = () => completeTurn(o.turns, o.taskQueue, o.localActivities);
  await runOne(); // warm-up when run alone (--only=concurrency)
  const top = o.levels.at(-1)!;
  for (const c of o.levels) figures[`${c}`] = await burst(c, runOne, o.serverPid);
  figures[`${top} (warm)`] = await burst(top, runOne, o.serverPid);
  const baseline = await baselineConcurrency([10, top, top]);
  // Once more after the baseline: the machine's speed drifts within minutes, so the warm ratio compares
  // the baseline's warm burst with the mean of today's before and after it.
  if ('figures' in baseline) figures[`${top} (after the baseline)`] = await burst(top, runOne, o.serverPid);
  return { figures, baseline };
}

// ---------------------------------------------------------------- 5: vector search on embedded pgvector

async function vectorSearch(sizes: number[]) {
  const out: Record<string, { insertS: number; indexBuildS: number; queryMs: { p50: number; p99: number }; queries: number; recallAt5: number }> = {};
  for (const n of sizes) {
    const db = await openDatabase({ inMemory: true });
    try {
      await db.query(`insert into kb_documents (id, namespace, file_name, pages, chunks, created_by) values ('doc-v', 'bench', 'v.pdf', 1, $1, 'bench')`, [n]);
      // Embedding-like data, generated in the database (no 100,000 × 1,024 floats through JS): 1,000 topics
      // (random centres), each chunk its topic's centre plus noise. Uniformly random vectors would be
      // the wrong test: in 1,024 dimensions all their distances are nearly equal, so nothing has a
      // meaningful nearest neighbour.
      await db.exec('drop index if exists kb_chunks_embedding');
      await db.exec(`create temp table centres as select c, array_agg(random() - 0.5) as v from generate_series(0, ${TOPICS - 1}) c, generate_series(1, 1024) d group by c`);
      const t0 = performance.now();
      for (let from = 0; from < n; from += 2000) {
        const to = Math.min(n, from + 2000);
        await db.query(
          `insert into kb_chunks (id, namespace, document_id, chunk_index, file_name, page, text, embedding)
           select 'doc-v:' || i, 'bench', 'doc-v', i, 'v.pdf', 1, 'chunk ' || i,
                  (select array_agg(x + (random() - 0.5) * ${NOISE})::vector(1024) from unnest(centres.v) as x)
             from generate_series($1::int, $2::int - 1) as i join centres on centres.c = i % ${TOPICS}`,
          [from, to],
        );
      }
      const insertS = (performance.now() - t0) / 1000;
      const t1 = performance.now();
      // Memory for the build (with PGlite's default, 64 MB, a 100,000-chunk build of random vectors had not finished in 20 minutes).
      await db.exec(`set maintenance_work_mem = '${MAINTENANCE_WORK_MEM}'`);
      await db.exec('create index kb_chunks_embedding on kb_chunks using hnsw (embedding vector_cosine_ops)');
      const indexBuildS = (performance.now() - t1) / 1000;
      const store = createPgvectorStore(db);
      // As ingestion does after a bulk change: without statistics the planner never uses the index.
      await store.refreshStatistics!();
      const queries = quick ? 50 : 200;
      const times: number[] = [];
      /** A query near a random chunk: its vector plus noise, as a question is near the passage it asks about. */
      const nearChunk = async () => {
        const i = Math.floor(Math.random() * n);
        const { rows } = await db.query<{ e: string }>(`select embedding::text as e from kb_chunks where id = $1`, [`doc-v:${i}`]);
        return (JSON.parse(rows[0]!.e) as number[]).map((x) => x + (Math.random() - 0.5) * NOISE);
      };
      for (let q = 0; q < queries + 10; q++) {
        const v = await nearChunk();
        const t = performance.now();
        const hits = await store.search('bench', v, 5);
        if (q >= 10) times.push(performance.now() - t); // the first ten warm the index's pages
        if (hits.length !== 5) throw new Error(`search returned ${hits.length} hits`);
      }
      // Recall@5 against an exact scan.
      let found = 0;
      const recallQueries = 20;
      for (let q = 0; q < recallQueries; q++) {
        const v = await nearChunk();
        const approx = new Set((await store.search('bench', v, 5)).map((h) => h.chunkIndex));
        const exact = await db.transaction(async (tx) => {
          await tx.query('set local enable_indexscan = off');
          return (await tx.query<{ chunk_index: number }>(`select chunk_index from kb_chunks where namespace = 'bench' order by embedding <=> $1::vector limit 5`, [`[${v.join(',')}]`])).rows;
        });
        found += exact.filter((r) => approx.has(r.chunk_index)).length;
      }
      out[`${n}`] = {
        insertS: round(insertS, 1),
        indexBuildS: round(indexBuildS, 1),
        queryMs: { p50: round(quantile(times, 0.5)), p99: round(quantile(times, 0.99)) },
        queries,
        recallAt5: round(found / (recallQueries * 5), 2),
      };
    } finally {
      await db.close();
    }
  }
  return out;
}

// ---------------------------------------------------------------- report

/**
 * The SDK's floor per local activity with the workflow threads as the SDK runs them (stack traces and
 * deadlock detection on), with both off, and with the defaults (stack traces off): what each setting of
 * worker/workflow-threads.ts buys.
 */
async function localActivityFloors(address: string) {
  const sdk = await localActivityFloor({ address, workflowThreads: SDK_WORKFLOW_THREADS });
  const lean = await localActivityFloor({ address, workflowThreads: { stackTraces: false, deadlockDetection: false } });
  const defaults = await localActivityFloor({ address, workflowThreads: DEFAULT_WORKFLOW_THREADS });
  return { sdk, lean, defaults };
}

/** The dev server's persistence, in memory and on a SQLite file each way (bench/floor.ts `persistenceCost`), on servers of its own. */
async function persistenceOf() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-persistence-'));
  try {
    return await persistenceCost({ dir, cliPath: process.env.TEMPORAL_CLI_PATH });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `--only=paused|streams|answers|floor|persistence|cache-floor|concurrency|vectors|answer-check`: one section alone, printed as JSON (not written to the report). */
async function only(section: string) {
  if (section === 'vectors') return vectorSearch((process.env.BENCH_VECTOR_SIZES ?? '10000,100000').split(',').map(Number));
  if (section === 'persistence') return persistenceOf();
  if (section === 'answer-check') return answerCheckTimes();
  if (!['paused', 'streams', 'answers', 'floor', 'cache-floor', 'concurrency'].includes(section)) throw new Error(`--only takes paused, streams, answers, floor, persistence, cache-floor, concurrency, vectors or answer-check, not "${section}"`);
  const dev = await startDevServer({ cliPath: process.env.TEMPORAL_CLI_PATH, tuning: process.env.TEMPORAL_DEV_TUNING === 'stock' ? 'stock' : 'tuned', toolsDir: path.resolve('test/.artifacts/tools'), log: (s) => console.log(s) });
  const llm = await startScriptedLlm();
  const connection = await Connection.connect({ address: dev.address });
  try {
    if (section === 'floor') return await localActivityFloors(dev.address);
    if (section === 'concurrency') {
      const stack = await inProcessStack({ name: 'concurrency', address: dev.address, llm, env: { MAX_HOPS: '6' }, seed: async (db) => {
        await seedRooms(db);
        await seedBenchPages(db);
      } });
      try {
        return await concurrentTurns({ turns: stack.turns, taskQueue: stack.taskQueue, serverPid: dev.pid, llm, localActivities: stack.config.localActivities, levels: [1, 10, 200] });
      } finally {
        await stack.close();
      }
    }
    if (section === 'cache-floor') return await cachedWorkflowFloor({ address: dev.address, n: Number(process.env.BENCH_PAUSED_TURNS ?? 1000) });
    if (section === 'answers') return await streamedAnswers({ address: dev.address, llm, turns: 30, longTokens: 1000 });
    if (section === 'streams') return await pushedStreams({ address: dev.address, serverPid: dev.pid, llm, n: Number(process.env.BENCH_STREAMS ?? 1000), idleS: 10 });
    return await pausedTurns({ address: dev.address, serverPid: dev.pid, client: new Client({ connection }), llm, n: Number(process.env.BENCH_PAUSED_TURNS ?? 1000) });
  } finally {
    await connection.close();
    await llm.close();
    await dev.stop();
  }
}

/**
 * The lowest overhead per hop a k-hop bench turn can have on this SDK, server and machine: what a bare
 * workflow costs once started and waited for as the turns are, plus the SDK's cost for each of the
 * turn's local activities (both bench/floor.ts, with the default workflow threads), divided by the hops,
 * plus the in-process loop's own time a hop (the same activities with nothing durable). Everything the
 * turn workflow does on top of that (its state, events, checks, payloads) is the rest of the figure.
 * Only for `all` (the default), where every step is a local activity: the history counts those turns.
 */
function leastPerHop(turns: Awaited<ReturnType<typeof temporalTurns>>, k: string) {
  if (turns.defaultMode !== 'all') return null;
  const shape = turns.floor.turnShape;
  const localActivities = turns.history[k]?.localActivities;
  const inProcess = turns.overhead['in-process']?.[k]?.perHop.p50;
  if (!localActivities || inProcess === undefined) return null;
  const ms = round((shape.onceMsP50 + localActivities * shape.perActivityMs) / Number(k) + inProcess);
  return {
    ms,
    text: `${ms} ms a hop at ${k} hops (a bare workflow ${shape.onceMsP50} ms once, + ${localActivities} local activities × ${shape.perActivityMs} ms, over ${k} hops, + the in-process loop's ${inProcess} ms a hop)`,
  };
}

/** The floor under the turn measured in the same rounds as it (pairedOverhead), as a clause of a target's figure. */
function pairedFloor(pair: Paired | undefined): string {
  const f = pair?.floor;
  if (!f) return '';
  return `; turn by turn in the paired rounds (${pair.pairs}), the turn ${pair.oursP50} ms a hop, the floor under it ${f.floorP50} ms (a bare workflow of its ${f.localActivities} local activities ${f.bareP50} ms a hop + the in-process loop ${f.inProcessP50}), **the turn workflow's own share ${f.ownShareP50} ms a hop**`;
}

/** Issue 17's targets with this run's figures: [what, figure, met (null: not measured)]. */
function targets(turns: Awaited<ReturnType<typeof temporalTurns>>): [string, string, boolean | null][] {
  const o = turns.overhead;
  const p50 = (loop: string, k: string) => o[loop]?.[k]?.perHop.p50;
  const mode = turns.defaultMode;
  const rows: [string, string, boolean | null][] = [];
  for (const k of ['3', '6']) {
    const d = p50(`temporal:${mode}`, k);
    const lg = p50('langgraph:sync', k);
    const stock = p50(`temporal-stock:${mode}`, k);
    const pair = turns.paired[k];
    // Judged turn by turn where measured, on the turns asked through POST /query: what a user waits for.
    rows.push([
      `overhead per hop, default mode (${mode}), ${k} hops: ≤ LangGraph sync`,
      pair
        ? `turn by turn, ${pair.pairs} rounds: through POST /query ${pair.apiP50} ms a hop, ${pair.apiRatioP50}× LangGraph sync (${pair.theirsP50} ms); the bench's own client ${pair.oursP50} ms, ${pair.ratioP50}× (the table: ${d} against ${lg ?? 'n/a'} ms)`
        : `${d} ms against LangGraph sync ${lg ?? 'n/a'} ms (${lg && d ? `${round(d / lg, 2)}×` : 'n/a'})`,
      pair ? pair.apiRatioP50 <= 1 : d === undefined || lg === undefined ? null : d <= lg,
    ]);
    const least = leastPerHop(turns, k);
    rows.push([`overhead per hop, default mode (${mode}), ${k} hops: < 15 ms p50`, `${d} ms (stock dev server ${stock ?? 'n/a'} ms)${least ? `; the floor under it ${least.text}` : ''}${mode === 'all' ? pairedFloor(pair) : ''}`, d === undefined ? null : d < 15]);
  }
  const all6 = p50('temporal:all', '6');
  const least6 = leastPerHop(turns, '6');
  rows.push(['overhead per hop, `all`, 6 hops: < 10 ms', `${all6} ms${least6 ? `; the floor under it ${least6.text}` : ''}${mode === 'all' ? pairedFloor(turns.paired['6']) : ''}`, all6 === undefined ? null : all6 < 10]);
  const p = turns.paused;
  const g = turns.pausedGlibc;
  const own = turns.pausedOwnGrowth;
  const bare = turns.cacheFloor.kbPerWorkflow;
  rows.push([
    `${p.turns} paused turns, default cache: worker RSS growth < 300 MB`,
    `${p.addedMb} MB with ${p.allocator ?? 'n/a'} and heap growth ${p.heapGrowthPercent || "V8's own"}${p.heapGrowthPercent ? '%' : ''} (with glibc's malloc: ${g.addedMb} MB; with V8's own heap growth: ${own.addedMb} MB; the SDK alone: ${bare ?? 'n/a'} KB per cached workflow with ${turns.cacheFloor.allocator ?? 'n/a'}, ${turns.cacheFloorGlibc.kbPerWorkflow ?? 'n/a'} KB with glibc)`,
    p.addedMb === null ? null : p.addedMb < 300,
  ]);
  rows.push([
    `${p.turns} paused turns with the documented settings, jemalloc (MEMORY_ALLOCATOR=auto, where installed) and WORKER_HEAP_GROWTH_PERCENT=20 (both defaults): growth < 100 MB, drained < 60 s`,
    p.allocator === 'jemalloc' ? `${p.addedMb} MB, drained in ${p.drainS} s (glibc: ${g.addedMb} MB, ${g.drainS} s; V8's own growth: ${own.addedMb} MB, ${own.drainS} s)` : `the worker ran with ${p.allocator ?? 'an unknown allocator'}: jemalloc is not installed here (libjemalloc2)`,
    p.allocator !== 'jemalloc' ? false : p.addedMb === null ? null : p.addedMb < 100 && p.drainS < 60,
  ]);
  const st = turns.streams;
  rows.push([`${st.idle.streams} open streams on paused turns: < 5% of one core`, `${st.idle.processCorePct}% (bench process) + ${st.idle.serverCorePct ?? 'n/a'}% (server); ${st.idle.logReads} log reads`, st.idle.processCorePct + (st.idle.serverCorePct ?? 0) < 5]);
  rows.push(['an event reaches the client < 50 ms p50 after the workflow emits it', `${st.eventLatencyMs.p50} ms p50 (from the worker's notice)`, st.eventLatencyMs.p50 < 50]);
  const a = turns.answers;
  rows.push([
    'streamed answer: first token at the SSE client < 50 ms p50 after the model server wrote it (issue 19)',
    `${a.timeToFirstTokenMs.p50} ms p50, ${a.timeToFirstTokenMs.p99} ms p99 (${a.timeToFirstTokenMs.turns} turns)`,
    a.timeToFirstTokenMs.p50 === null ? null : a.timeToFirstTokenMs.p50 < 50,
  ]);
  rows.push([
    `streamed answer: ${a.sustained.tokens} tokens at 200/s delivered whole, none dropped`,
    `${a.sustained.tokensPerS} tokens/s in ${a.sustained.deltas} deltas (${a.sustained.deltasPerS}/s); ${a.sustained.complete ? 'whole' : 'NOT whole'}, ${a.sustained.resets} resets; CPU per token ${a.cpuPerTokenUs.total} µs, of which the bare model stream ${a.cpuPerTokenUs.bareStream} µs`,
    a.sustained.complete && a.sustained.resets === 0,
  ]);
  rows.push([
    'streaming leaves history unchanged',
    `${a.history.streamed.events} events / ${a.history.streamed.bytes} bytes streamed, ${a.history.unstreamed.events} / ${a.history.unstreamed.bytes} unstreamed`,
    a.history.streamed.events === a.history.unstreamed.events && Math.abs(a.history.streamed.bytes - a.history.unstreamed.bytes) < 200,
  ]);
  const { figures: cf, baseline } = turns.concurrency;
  const c = cf['200'];
  const warm = cf['200 (warm)'];
  const after = cf['200 (after the baseline)'];
  // First burst against first burst; warm against warm, today's as the mean of its bursts before and after the baseline's.
  const base = 'figures' in baseline ? { first: baseline.figures['200']?.turnsPerS, warm: baseline.figures['200 (warm)']?.turnsPerS } : null;
  const ratio = (a?: number, b?: number) => (a && b ? round(a / b, 2) : null);
  const warmOurs = warm && after ? round((warm.turnsPerS + after.turnsPerS) / 2, 1) : warm?.turnsPerS;
  const ratios = base ? { first: ratio(c?.turnsPerS, base.first), warm: ratio(warmOurs, base.warm) } : null;
  rows.push([
    `200 concurrent 3-hop turns: ≥ 2× the code issue 17 measured, run in the same bench (${baseline.commit}; issue 7 measured it at 12 turns/s, so ≥ 24 then)`,
    c
      ? `${c.turnsPerS} turns/s first burst${warm ? `, ${warm.turnsPerS} warm` : ''}${after ? ` and ${after.turnsPerS} after the baseline (mean ${warmOurs})` : ''}; ${base ? `${baseline.commit} in this run ${base.first} / ${base.warm}: ${ratios!.first}× / ${ratios!.warm}×` : `no baseline (${'problem' in baseline ? baseline.problem : ''}), against 24: ${round(Math.max(c.turnsPerS, warm?.turnsPerS ?? 0) / 24, 2)}×`}`
      : 'not run',
    c ? (ratios ? (ratios.first ?? 0) >= 2 || (ratios.warm ?? 0) >= 2 : c.turnsPerS >= 24 || (warm?.turnsPerS ?? 0) >= 24) : null,
  ]);
  return rows;
}

const concurrencyRow = (c: string, v: BurstFigure) => `| ${c} | ${v.turnsPerS} | ${v.latencyMs.p50} ms | ${v.latencyMs.p99} ms | ${v.wallMs} ms | ${v.workerCpuMs} ms | ${v.serverCpuMs ?? 'n/a'} ms |`;

/** The baseline's bursts under the bench's own, named as the code issue 17 measured. */
function baselineRows(b: Baseline): string[] {
  if ('problem' in b) return [`| ${b.commit} (the code issue 17 measured) | not run: ${b.problem} | | | | | |`];
  return Object.entries(b.figures).map(([c, v]) => concurrencyRow(`${c}, ${b.commit} (the code issue 17 measured: its stock dev server, \`${b.localActivities}\`)`, v));
}

async function main() {
  await installTemporalLogging('warn');
  const onlyArg = process.argv.find((a) => a.startsWith('--only='));
  if (onlyArg) {
    console.log(JSON.stringify(await only(onlyArg.slice('--only='.length)), null, 2));
    return;
  }
  const started = new Date().toISOString();
  console.log(`bench${quick ? ' (quick)' : ''}: Temporal turns…`);
  const turns = await temporalTurns();
  const sizes = quick ? [2_000] : (process.env.BENCH_VECTOR_SIZES ?? '10000,100000').split(',').map(Number);
  console.log(`bench: vector search at ${sizes.join(', ')} chunks…`);
  const vectors = await vectorSearch(sizes);
  console.log('bench: the answer check on long answers…');
  const answerCheck = await answerCheckTimes();
  const report = {
    started,
    quick,
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: round(os.totalmem() / 1024 ** 3, 1), node: process.version },
    modelLatencyMs: MODEL_LATENCY_MS,
    overheadPerHopMs: turns.overhead,
    overheadPairedWithLangGraphSync: turns.paired,
    history: turns.history,
    whereTheTimeGoes6Hops: turns.split,
    localActivityFloor: turns.floor,
    localActivityFloors: turns.floors,
    persistence: turns.persistence,
    concurrency: turns.concurrency,
    pausedTurns: turns.paused,
    pausedTurnsGlibc: turns.pausedGlibc,
    pausedTurnsOwnHeapGrowth: turns.pausedOwnGrowth,
    cachedWorkflowFloor: turns.cacheFloor,
    cachedWorkflowFloorGlibc: turns.cacheFloorGlibc,
    streams: turns.streams,
    streamedAnswers: turns.answers,
    ingestion: turns.ingestion,
    vectorSearch: vectors,
    answerCheck,
  };
  const md = [
    `# Benchmark report${quick ? ' (quick)' : ''}`,
    '',
    `${started}; ${report.machine.cpus} × ${report.machine.cpuModel}, ${report.machine.memoryGb} GB, Node ${report.machine.node}; scripted model latency ${MODEL_LATENCY_MS} ms.`,
    '',
    '## Targets (issue 17), from this run',
    '',
    '| target | measured | met |',
    '| --- | --- | --- |',
    ...targets(turns).map(([what, figure, met]) => `| ${what} | ${figure} | ${met === null ? 'n/a' : met ? '**met**' : '**not met**'} |`),
    '',
    '## Orchestration overhead per hop (turn wall time minus model time, divided by hops)',
    '',
    'The same loop, the same activity functions and the same scripted model, run by: Temporal with each TURN_LOCAL_ACTIVITIES mode',
    `(${turns.defaultMode} is the default), LangGraph.js with PostgresSaver on PostgreSQL (one checkpoint per step; \`durability\` sync`,
    'waits for each checkpoint, async, its default, writes it beside the next step), and in-process with nothing durable (the floor).',
    'Temporal turns start as the API starts them under `npm start` (through the worker\'s connection, eagerly) and are waited for on that connection (bench/turn-script.ts).',
    'The ratios compare per-hop p50.',
    ...(Object.keys(turns.paired).length
      ? [
          '',
          `Turn by turn, the default mode (${turns.defaultMode}) and LangGraph sync in rotating order (the target's comparison; the table's loops run minutes apart, and this machine's speed drifts within minutes); the default mode both as the table runs it and asked through \`POST /query\` on the API beside the worker, as a user asks (HTTP, the key, the conversation's lock, the wait by push and the saved row included): ${Object.entries(
            turns.paired,
          )
            .map(([k, v]) => `${k} hops, ${v.pairs} rounds: POST /query ${v.apiP50}, the bench's client ${v.oursP50}, LangGraph sync ${v.theirsP50} ms a hop; median ratios ${v.apiRatioP50}× and ${v.ratioP50}×`)
            .join('; ')}.`,
        ]
      : []),
    '',
    '| loop | hops | per hop p50 | per hop p99 | turn wall time, median (min–max) | × LangGraph sync | × in-process | runs |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...Object.entries(turns.overhead).flatMap(([loop, byHops]) =>
      Object.entries(byHops).map(([k, v]) => {
        const ratio = (base: string) => {
          const b = turns.overhead[base]?.[k]?.perHop.p50;
          return b ? `${round(v.perHop.p50 / b, 1)}×` : 'n/a';
        };
        const cp = v.checkpointsPerTurn !== undefined ? `, ${v.checkpointsPerTurn} checkpoints per turn` : '';
        return `| ${loop} | ${k} | ${v.perHop.p50} ms | ${v.perHop.p99} ms | ${fmt(v.wallMs, ' ms')} | ${ratio('langgraph:sync')} | ${ratio('in-process')} | ${v.runs}${cp} |`;
      }),
    ),
    ...(turns.langGraphProblem ? ['', `LangGraph column not measured: ${turns.langGraphProblem}.`] : []),
    '',
    '### Where a 6-hop turn\'s time goes (from its history\'s timestamps)',
    '',
    `${turns.split.wallMs} ms from start to close; ${turns.split.workflowTasks} workflow tasks took ${turns.split.workflowTaskMs} ms in all, ${turns.split.workflowTaskDispatchMs} ms of it from scheduled to started (dispatch to the worker).`,
    '',
    '| activity | count | waiting in the queue | running |',
    '| --- | --- | --- | --- |',
    ...Object.entries(turns.split.activities).map(([name, a]) => `| ${name} | ${a.count} | ${a.queueMs} ms | ${a.runMs} ms |`),
    '',
    '### The SDK\'s floor per local activity (a bare workflow, no turn code)',
    '',
    `A workflow that runs ${turns.floor.activitiesPerWorkflow} no-op local activities in sequence (bench/floor.ts), ${turns.floor.workflows} times on the same server: ${turns.floor.gapMsP50} ms p50 from one activity's end to the next one's start, ${turns.floor.wallMsPerActivity} ms of wall time and ${turns.floor.cpuMsPerActivity} ms of the bench process's CPU per activity (${turns.floor.workflowWallMsP50} ms per workflow; the wall time per activity includes the workflow's start and end, spread over its activities, the slope below does not). A hop in \`all\` mode runs about four local activities, so about four times this is the SDK's share of every hop, whatever the turn workflow does. The workflow threads' settings (worker/workflow-threads.ts), the same workflow, wall time / CPU per activity: as the SDK runs them (stack traces and deadlock detection on) ${turns.floors.sdk.wallMsPerActivity} / ${turns.floors.sdk.cpuMsPerActivity} ms (gap ${turns.floors.sdk.gapMsP50} ms); the defaults (stack traces off) ${turns.floor.wallMsPerActivity} / ${turns.floor.cpuMsPerActivity} ms; both off ${turns.floors.lean.wallMsPerActivity} / ${turns.floors.lean.cpuMsPerActivity} ms (gap ${turns.floors.lean.gapMsP50} ms).`,
    '',
    `Started and waited for as the bench's turns are (eagerly, on the worker's connection), the same workflow with the default threads costs ${turns.floor.turnShape.onceMsP50} ms once (no local activity: its start, its one task, its end reaching the client) and ${turns.floor.turnShape.perActivityMs} ms per local activity (${turns.floor.turnShape.runs} runs of each, alternating). With the local activities a bench turn records (the history table below) and the in-process loop's own time, that is the floor under the overhead per hop, whatever the turn workflow does: ${(['3', '6'] as const).map((k) => leastPerHop(turns, k)).filter((l) => l !== null).map((l) => l.text).join('; ') || `not computed (the default mode is ${turns.defaultMode}; the floor counts a turn whose every step is local, \`all\`)`}.`,
    '',
    "### The dev server's persistence (`npm start`'s SQLite file)",
    '',
    `The bench's turns run on an in-memory dev server; \`npm start\` keeps its server's data in a SQLite file. The same bare workflows (bench/floor.ts \`persistenceCost\`) on three servers started alike, each round on each in turn, p50 of ${turns.persistence.rounds} rounds: no local activity / ${turns.persistence.activities} local activities (started eagerly and waited for) / one that waits for a signal (started, signalled, waited for, as a turn paused for approval is).`,
    '',
    '| server | no local activity | ' + `${turns.persistence.activities} local activities` + ' | a signal waited for |',
    '| --- | --- | --- | --- |',
    ...([
      ['in memory (the bench)', turns.persistence.memory],
      ["SQLite file, SQLite's rollback journal (`npm start` before 2026-12-04)", turns.persistence.rollback],
      [`SQLite file, ${Object.entries(turns.persistence.walPragmas).map(([k, v]) => `${k}=${v}`).join(', ')} (\`npm start\` now)`, turns.persistence.wal],
    ] as const).map(([name, p]) => `| ${name} | ${p.noneMsP50} ms | ${p.withActivitiesMsP50} ms | ${p.signalledMsP50} ms |`),
    '',
    '## Concurrent turns (3 hops each, started at once)',
    '',
    'CPU: the bench process holds the worker and the embedded database; the server is the Temporal dev server. Today\'s turns start as the API starts them (through the worker\'s connection, eagerly); the baseline\'s as its API did (a gRPC connection of its own); both wait through their worker\'s connection (bench/turn-script.ts). The largest burst runs a third time after the baseline\'s: the warm ratio takes the mean of today\'s two warm bursts, since the machine\'s speed drifts within minutes.',
    '',
    '| turns | turns/s | latency p50 | latency p99 | wall | bench-process CPU | server CPU |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...Object.entries(turns.concurrency.figures).map(([c, v]) => concurrencyRow(c, v)),
    ...baselineRows(turns.concurrency.baseline),
    '',
    '## Workflow history per turn (Temporal limits: 2 MB per payload, 50 MB and 51,200 events per history)',
    '',
    '| hops (knowledge-base searches) | events | bytes | largest event, bytes | sources | local activities |',
    '| --- | --- | --- | --- | --- | --- |',
    ...Object.entries(turns.history).map(([k, v]) => `| ${k} (${Number(k) - 1}) | ${fmt(v.events)} | ${fmt(v.bytes)} | ${fmt(v.largestEventBytes)} | ${v.sources} | ${v.localActivities} |`),
    '',
    `## ${turns.paused.turns.toLocaleString('en')} turns waiting for approval on a worker process of their own (worker/main.ts through app/with-allocator.sh; sticky cache: ${turns.paused.workerCache}; TURN_LOCAL_ACTIVITIES=${turns.paused.localActivities})`,
    '',
    'Heap and external are the main thread\'s (the workflows run in worker threads of their own, counted in RSS only).',
    '',
    'The sticky cache column gives the setting and, in brackets, the size the worker settled on (the SDK sizes its default from the V8 heap limit). Drain CPU is the worker\'s and the Temporal server\'s while the approved turns drained; task timeouts count the workflow tasks that timed out in a sample of the drained turns (a sticky task not picked up in 10 s goes back to the shared queue, and the turn is replayed).',
    '',
    '| allocator, heap growth | sticky cache | paused in | worker RSS before | with all paused | added | added after idling | main-thread heap, external before → paused | approvals signalled in | approved → all committed and finished | drain CPU, worker / server | task timeouts | RSS after |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...[turns.paused, turns.pausedGlibc, turns.pausedOwnGrowth].map((p) => {
      const m = p.memoryMb;
      const split = m.before && m.paused ? `${m.before.heapUsed} → ${m.paused.heapUsed} MB, ${m.before.external} → ${m.paused.external} MB` : 'n/a';
      const timeouts = `${p.workflowTaskTimeouts.timeouts} in ${p.workflowTaskTimeouts.turns} turns`;
      return `| ${p.allocator ?? 'n/a'} (MEMORY_ALLOCATOR=${p.memoryAllocator}), ${p.heapGrowthPercent ? `${p.heapGrowthPercent}%` : "V8's own"} | ${p.workerCache} (${p.stickyCacheSize ?? '?'}) | ${p.pausedS} s | ${p.rssMb.before} MB | ${p.rssMb.paused} MB | ${p.addedMb} MB | ${p.addedIdleMb} MB (${p.idleS} s) | ${split} | ${p.signalledS} s | ${p.drainS} s | ${p.drainCpuMs.worker ?? 'n/a'} / ${p.drainCpuMs.server ?? 'n/a'} ms | ${timeouts} | ${p.rssMb.afterDrain} MB |`;
    }),
    '',
    `The SDK's own memory per cached workflow (bench/floor.ts, no turn code): ${turns.cacheFloor.workflows.toLocaleString('en')} bare workflows each waiting for a signal on a worker process of their own grew it by ${grown(turns.cacheFloor)} MB with ${turns.cacheFloor.allocator ?? 'n/a'}, **${turns.cacheFloor.kbPerWorkflow ?? 'n/a'} KB each** (released and drained in ${turns.cacheFloor.drainS} s), and by ${grown(turns.cacheFloorGlibc)} MB with ${turns.cacheFloorGlibc.allocator ?? 'n/a'}, **${turns.cacheFloorGlibc.kbPerWorkflow ?? 'n/a'} KB each** (${turns.cacheFloorGlibc.drainS} s).`,
    '',
    `## Streams by push: ${turns.streams.idle.streams.toLocaleString('en')} SSE streams open on paused turns (API and worker in the bench process)`,
    '',
    '| idle for | bench-process CPU | Temporal server CPU | log reads by the streams | event latency, notice → client, p50 / p99 | terminal event p50 / max | approval decision answered, p50 / max |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| ${turns.streams.idle.seconds} s | ${turns.streams.idle.processCorePct}% of a core | ${turns.streams.idle.serverCorePct ?? 'n/a'}% | ${turns.streams.idle.logReads} | ${turns.streams.eventLatencyMs.p50} / ${turns.streams.eventLatencyMs.p99} ms (${turns.streams.eventLatencyMs.events} events) | ${turns.streams.terminalEventLatencyMs.p50} / ${turns.streams.terminalEventLatencyMs.max} ms | ${turns.streams.approvalDecisionMs.p50} / ${turns.streams.approvalDecisionMs.max} ms |`,
    '',
    `## Ingestion of a ${turns.ingestion.local.pages}-page PDF (end to end: upload stored, parsed, chunked, embedded, indexed)`,
    '',
    '| embedder | seconds, median (min–max) | pages/s | chunks/s | chunks | parse | embedding batches (count, running) | finish |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...(
      [
        ['local (lexical)', turns.ingestion.local],
        [`remote, 50 ms per batch (batches of ${turns.ingestion.remote50ms.batchSize}, ${turns.ingestion.remote50ms.concurrency} at a time)`, turns.ingestion.remote50ms],
      ] as const
    ).map(([name, r]) => {
      const a = r.split.activities;
      return `| ${name} | ${fmt(r.seconds, ' s')} | ${r.pagesPerS} | ${r.chunksPerS} | ${r.chunks} | ${a.parseDocument?.runMs ?? 0} ms | ${a.embedBatch?.count ?? 0}, ${a.embedBatch?.runMs ?? 0} ms | ${a.finishIngestion?.runMs ?? 0} ms |`;
    }),
    '',
    '## Vector search on embedded pgvector (PGlite, HNSW, cosine, 1,024 dimensions, top 5)',
    '',
    `1,024-dimensional vectors around ${TOPICS.toLocaleString('en')} random topic centres (noise ±${NOISE / 2} per dimension), queries near a random chunk; the index built after the rows went in, with maintenance_work_mem ${MAINTENANCE_WORK_MEM}; statistics refreshed after (as ingestion does). Recall@5 is against an exact scan.`,
    '',
    '| chunks | insert | index build | query p50 | query p99 | queries | recall@5 |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...Object.entries(vectors).map(([n, v]) => `| ${Number(n).toLocaleString('en')} | ${v.insertS} s | ${v.indexBuildS} s | ${v.queryMs.p50} ms | ${v.queryMs.p99} ms | ${v.queries} | ${v.recallAt5} |`),
    '',
    `## The answer's words on long answers (${answerCheck.chars.toLocaleString('en')} characters after a booking not done; read by the verifier's activity in a thread of its own)`,
    '',
    "Each column a process of its own reading the answers in this order, each once (bench/answer-check.ts, `readWords`): as the worker runs (patterns compiled when first run, worker/regexps.ts), and with V8's default (patterns interpreted until they have run a few times). Recorded: the verifier activity's lists of claims as its result carries them into the turn's history (`packWords`).",
    '',
    "| answer | as the worker | V8's default | recorded |",
    '| --- | --- | --- | --- |',
    ...answerCheck.asTheWorker.map((r, i) => `| ${r.shape} | ${r.ms} ms | ${answerCheck.v8Default[i]?.ms ?? 'n/a'} ms | ${r.recordedKb} KB |`),
    '',
    '',
  ].join('\n');
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(OUT, 'report.md'), md);
  console.log(md);
  console.log(`written: ${path.join(OUT, 'report.json')}, report.md`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
