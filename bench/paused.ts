/**
 * Paused turns for `npm run bench`: N booking turns started at once on a worker process of their own
 * (`worker/main.ts`, its own embedded database), each waiting for approval; the worker's resident memory
 * before and after they paused; then all approved at once (signals, as the API sends them) and the time
 * until every turn has committed its booking and finished.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { loadConfig } from '../adapters/config.js';
import { TurnStatusKey } from '../domain/search-attributes.js';
import type { TurnInput } from '../domain/types.js';
import * as messages from '../workflows/temporal-messages.js';
import type { ScriptedLlm } from '../test/support/scripted-llm.js';
import { pool } from '../test/support/pool.js';
import { spawnWorkerProcess } from '../test/support/worker-process.js';
import { numberedSlotBooker } from '../test/support/world.js';
import { freePort } from '../app/dev-server.js';
import { allocatorOf } from '../app/workers.js';
import { processCpuMs, rssMb } from './proc.js';

/** The worker's own memory figures (MB) from its /metrics: V8 heap used, external (ArrayBuffers, PGlite's WebAssembly memory), RSS. */
async function workerMemory(metricsUrl: string) {
  try {
    const text = await (await fetch(metricsUrl)).text();
    const mb = (name: string) => {
      const v = Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1]);
      return Number.isFinite(v) ? Math.round(v / 1024 / 1024) : null;
    };
    return { heapUsed: mb('nodejs_heap_size_used_bytes'), external: mb('nodejs_external_memory_bytes'), rss: mb('process_resident_memory_bytes') };
  } catch {
    return null;
  }
}

/** Turns started at once while pausing them (BENCH_PAUSED_START_CONCURRENCY). */
const START_CONCURRENCY = Number(process.env.BENCH_PAUSED_START_CONCURRENCY ?? 50);
/** How long the worker idles with every turn paused before the second reading (s), unless the caller says. */
const IDLE_S = Number(process.env.BENCH_PAUSED_IDLE_S ?? 30);

export async function pausedTurns(opts: { address: string; serverPid?: number; client: Client; llm: ScriptedLlm; n: number; cache?: number; allocator?: 'auto' | 'jemalloc' | 'glibc'; heapGrowthPercent?: number; idleS?: number }) {
  const { address, client, llm, n } = opts;
  const idleS = opts.idleS ?? IDLE_S;
  const metricsPort = await freePort();
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  // As the API would start them: the configured mode (TURN_LOCAL_ACTIVITIES, reads by default).
  const growthEnv: Record<string, string> = opts.heapGrowthPercent !== undefined ? { WORKER_HEAP_GROWTH_PERCENT: String(opts.heapGrowthPercent) } : {};
  const { localActivities, heapGrowthPercent } = loadConfig({ TURN_LOCAL_ACTIVITIES: process.env.TURN_LOCAL_ACTIVITIES, WORKER_HEAP_GROWTH_PERCENT: process.env.WORKER_HEAP_GROWTH_PERCENT, ...growthEnv });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-paused-'));
  const taskQueue = `bench-paused-${crypto.randomUUID()}`;
  llm.respond(numberedSlotBooker);
  const worker = spawnWorkerProcess({
    ORCHESTRATOR_BASE_URL: llm.url,
    AGENT_BASE_URL: llm.url,
    TEMPORAL_ADDRESS: address,
    TEMPORAL_TASK_QUEUE: taskQueue,
    EVAL_TASK_QUEUE: `${taskQueue}-evals`,
    DATA_DIR: dataDir,
    BOOKING_HORIZON_DAYS: '365',
    METRICS_PORT: String(metricsPort),
    // The allocator (app/with-allocator.sh, as `npm run worker` and the image start it): MEMORY_ALLOCATOR
    // from the caller's environment (auto: jemalloc where installed) unless the run names one.
    ...(opts.allocator ? { MEMORY_ALLOCATOR: opts.allocator } : {}),
    ...growthEnv,
    ...(opts.cache !== undefined ? { WORKER_MAX_CACHED_WORKFLOWS: String(opts.cache) } : {}),
    // Node options for the worker process alone (BENCH_WORKER_NODE_OPTIONS, e.g. a heap cap), so the bench
    // process that starts and approves the turns runs uncapped.
    ...(process.env.BENCH_WORKER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_WORKER_NODE_OPTIONS } : {}),
    // info: the helper waits for the worker's "worker running" line.
    LOG_LEVEL: 'info',
  });
  const pid = worker.child.pid;
  try {
    await worker.ready;
    const start = async (i: number) => {
      const turnId = crypto.randomUUID();
      const input: TurnInput = {
        turnId,
        conversationId: `bench-${turnId}`,
        userId: 'bench',
        question: `Book room 3 for my guest, slot ${i}`,
        namespace: 'default',
        settings: { maxHops: 4, maxAgentRetries: 1, timezone: 'UTC', bookingHorizonDays: 365, localActivities },
        approvers: ['approver'],
      };
      return client.workflow.start('turnWorkflow', {
        workflowId: `turn-${turnId}`,
        taskQueue,
        args: [input],
        typedSearchAttributes: [{ key: TurnStatusKey, value: 'running' }],
      });
    };
    // Warm-up: the worker's bundle loaded and its connections open before the "before" reading.
    const warm = await start(n); // a slot of its own, after the others'
    const waiting = async (expected: number, deadlineMs: number) => {
      const until = Date.now() + deadlineMs;
      for (;;) {
        const { count } = await client.workflow.count(`TaskQueue = '${taskQueue}' AND TurnStatus = 'awaiting_approval'`);
        if (count >= expected) return;
        const failed = await client.workflow.count(`TaskQueue = '${taskQueue}' AND TurnStatus = 'failed'`);
        if (failed.count > 0) throw new Error(`${failed.count} turns failed before reaching approval`);
        if (Date.now() > until) throw new Error(`only ${count} of ${expected} turns reached approval`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    await waiting(1, 120_000);
    const approve = (h: WorkflowHandle) =>
      h.signal(messages.approval, { approvalId: `${h.workflowId.slice('turn-'.length)}-1`, decision: 'approve', userId: 'approver' });
    await approve(warm);
    await warm.result();
    await new Promise((r) => setTimeout(r, 2000));
    const rssBefore = rssMb(pid);
    const memBefore = await workerMemory(metricsUrl);

    const began = performance.now();
    const handles = await pool(
      Array.from({ length: n }, (_, i) => i),
      START_CONCURRENCY,
      (i) => start(i),
    );
    await waiting(n, 1_200_000);
    const pausedS = (performance.now() - began) / 1000;
    await new Promise((r) => setTimeout(r, 2000));
    const rssPaused = rssMb(pid);
    const memPaused = await workerMemory(metricsUrl);
    // The same turns still paused after the worker has idled (BENCH_PAUSED_IDLE_S): V8 collects the
    // garbage of the burst of starts when allocation stops, so this is what paused turns hold for good.
    await new Promise((r) => setTimeout(r, idleS * 1000));
    const rssIdle = rssMb(pid);
    const memIdle = await workerMemory(metricsUrl);

    // Where the drain's time goes: CPU of the worker process, the Temporal server and this process.
    const cpu0 = { worker: processCpuMs(pid), server: processCpuMs(opts.serverPid), bench: process.cpuUsage() };
    const approveStart = performance.now();
    await pool(handles, 50, (h) => approve(h));
    const signalledS = (performance.now() - approveStart) / 1000;
    const views = await Promise.all(handles.map((h) => h.result() as Promise<{ status: string; receipts: unknown[] }>));
    const drainS = (performance.now() - approveStart) / 1000;
    const benchCpu = process.cpuUsage(cpu0.bench);
    const cpuDelta = (before: number | null, after: number | null) => (before === null || after === null ? null : Math.round(after - before));
    const drainCpuMs = { worker: cpuDelta(cpu0.worker, processCpuMs(pid)), server: cpuDelta(cpu0.server, processCpuMs(opts.serverPid)), bench: Math.round((benchCpu.user + benchCpu.system) / 1000) };
    const notCommitted = views.filter((v) => v.status !== 'completed' || v.receipts.length !== 1).length;
    if (notCommitted) throw new Error(`${notCommitted} of ${n} approved turns did not commit exactly one booking`);
    const rssAfter = rssMb(pid);
    // Workflow tasks that timed out (a sticky task not picked up in time goes back to the shared queue and
    // the worker replays the turn from its history): counted over a sample of the drained turns.
    const sample = handles.filter((_, i) => i % Math.max(1, Math.floor(n / 100)) === 0);
    let taskTimeouts = 0;
    for (const h of sample) taskTimeouts += ((await h.fetchHistory()).events ?? []).filter((e) => e.workflowTaskTimedOutEventAttributes).length;
    return {
      turns: n,
      pausedS: Math.round(pausedS * 10) / 10,
      rssMb: { before: rssBefore, paused: rssPaused, pausedIdle: rssIdle, afterDrain: rssAfter },
      addedMb: rssBefore !== null && rssPaused !== null ? rssPaused - rssBefore : null,
      idleS,
      addedIdleMb: rssBefore !== null && rssIdle !== null ? rssIdle - rssBefore : null,
      signalledS: Math.round(signalledS * 10) / 10,
      drainS: Math.round(drainS * 10) / 10,
      drainCpuMs,
      workflowTaskTimeouts: { turns: sample.length, timeouts: taskTimeouts },
      memoryMb: { before: memBefore, paused: memPaused, pausedIdle: memIdle },
      memoryAllocator: opts.allocator ?? process.env.MEMORY_ALLOCATOR ?? 'auto',
      /** WORKER_HEAP_GROWTH_PERCENT as the worker read it (0: V8's own). */
      heapGrowthPercent,
      /** What the worker actually ran with (its mapped libraries). */
      allocator: allocatorOf(pid),
      workerCache: opts.cache ?? process.env.WORKER_MAX_CACHED_WORKFLOWS ?? "the SDK's default",
      // What the worker settled on: the SDK sizes its default cache from the V8 heap limit.
      stickyCacheSize: Number(/"stickyCacheSize":(\d+)/.exec(worker.output())?.[1] ?? NaN) || null,
      workerNodeOptions: process.env.BENCH_WORKER_NODE_OPTIONS ?? null,
      localActivities,
    };
  } finally {
    await worker.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
