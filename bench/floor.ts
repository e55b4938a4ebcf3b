/**
 * The SDK's own floors, the part of the turn benchmarks that no change to the turn workflow can remove.
 *
 * Per local activity: a bare workflow running n no-op local activities in sequence, on
 * the same server and machine as the turn benchmarks. The gap is from one activity's end to the next
 * one's start (the completion going to core, a workflow activation in the workflow thread, the next
 * command back); CPU is the whole bench process's (main thread, workflow threads, core's threads) per
 * activity. A turn hop in `all` mode runs about four local activities, so this floor times four is
 * what no change inside the turn workflow can remove. `workflowThreads` picks the SDK features the
 * workflow thread runs with (worker/workflow-threads.ts); the bench measures it each way.
 */
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import { pool } from '../test/support/pool.js';
import { startDevServer, DEV_SERVER_SQLITE_PRAGMAS } from '../app/dev-server.js';
import { spawnProcess } from '../test/support/worker-process.js';
import { allocatorOf } from '../app/workers.js';
import { configureWorkflowThreads, DEFAULT_WORKFLOW_THREADS, type WorkflowThreadSettings } from '../worker/workflow-threads.js';
import { rssMb } from './proc.js';

const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const round = (n: number) => Math.round(n * 100) / 100;

/** The bare workflows (bench/floor/workflow.ts), bundled once for every worker of this process that runs them. */
let bundled: ReturnType<typeof bundleWorkflowCode> | undefined;
const floorBundle = () => (bundled ??= bundleWorkflowCode({ workflowsPath: fileURLToPath(new URL('./floor/workflow.ts', import.meta.url)), logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} } }));

export async function localActivityFloor(opts: { address: string; activities?: number; reps?: number; workflowThreads?: WorkflowThreadSettings }) {
  const n = opts.activities ?? 24;
  const reps = opts.reps ?? 20;
  const taskQueue = `bench-floor-${crypto.randomUUID()}`;
  const marks: { start: number; end: number }[] = [];
  const connection = await NativeConnection.connect({ address: opts.address });
  // The SDK's stack traces and deadlock detection in the workflow thread this worker starts (worker/workflow-threads.ts).
  const workflowThreads = opts.workflowThreads ?? DEFAULT_WORKFLOW_THREADS;
  configureWorkflowThreads(workflowThreads);
  const worker = await Worker.create({
    connection,
    taskQueue,
    workflowBundle: await floorBundle(),
    activities: { noop: async () => (marks.push({ start: performance.now(), end: performance.now() }), 1) },
  });
  const running = worker.run();
  const clientConnection = await Connection.connect({ address: opts.address });
  const client = new Client({ connection: clientConnection });
  try {
    const run = () => client.workflow.execute('bareLocalActivities', { workflowId: `floor-${crypto.randomUUID()}`, taskQueue, args: [n] });
    await run(); // warm-up: the workflow thread's first bundle load and JIT
    const gaps: number[] = [];
    const walls: number[] = [];
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let r = 0; r < reps; r++) {
      marks.length = 0;
      const t = performance.now();
      await run();
      walls.push(performance.now() - t);
      for (let i = 1; i < marks.length; i++) gaps.push(marks[i]!.start - marks[i - 1]!.end);
    }
    const cpu = process.cpuUsage(cpu0);
    const wall = performance.now() - t0;
    const all = reps * n;
    // After the timed loop: its wall time and CPU are the loop's alone.
    const turnShape = await startedAsTurns(connection, taskQueue, n, reps);
    return {
      activitiesPerWorkflow: n,
      workflows: reps,
      gapMsP50: round(median(gaps)),
      wallMsPerActivity: round(wall / all),
      cpuMsPerActivity: round((cpu.user + cpu.system) / 1000 / all),
      workflowWallMsP50: round(median(walls)),
      ...turnShape,
      workflowThreads,
    };
  } finally {
    worker.shutdown();
    await running;
    await connection.close();
    await clientConnection.close();
  }
}

/**
 * The same bare workflow started and waited for as the bench's turns are (eagerly, on the worker's own
 * connection, bench/turn-script.ts `apiTurns`), with no local activity and with `n`, alternating: what a
 * workflow costs once (its start, its first task, its end reaching the waiting client) and what each
 * local activity adds (the slope). With the in-process loop's time, these give the lowest overhead per
 * hop a turn of so many local activities can have on this SDK, server and machine (bench/run.ts).
 */
async function startedAsTurns(connection: NativeConnection, taskQueue: string, n: number, reps: number) {
  const client = new Client({ connection });
  const walls: Record<'none' | 'n', number[]> = { none: [], n: [] };
  const run = (count: number) => bareAsTurn(client, taskQueue, count);
  await run(0);
  for (let r = 0; r < reps; r++) {
    walls.none.push(await run(0));
    walls.n.push(await run(n));
  }
  const once = median(walls.none);
  return { turnShape: { onceMsP50: round(once), perActivityMs: round((median(walls.n) - once) / n), runs: reps } };
}

/** A bare workflow of `count` no-op local activities started and waited for as the bench's turns are (eagerly, on its worker's connection, which `client` is on): its wall time in ms. */
async function bareAsTurn(client: Client, taskQueue: string, count: number): Promise<number> {
  const t = performance.now();
  const handle = await client.workflow.start('bareLocalActivities', { workflowId: `floor-${crypto.randomUUID()}`, taskQueue, args: [count], requestEagerStart: true });
  await handle.result();
  return performance.now() - t;
}

/**
 * A worker for bare workflows on the turns' server, for a section that runs them between its turns
 * (bench/run.ts pairedOverhead: the floor in the same rounds as the turn it is under). Its workflow
 * threads start with `workflowThreads`, the turns' worker's settings.
 */
export async function bareWorkflows(opts: { address: string; workflowThreads: WorkflowThreadSettings }) {
  const taskQueue = `bench-bare-${crypto.randomUUID()}`;
  const connection = await NativeConnection.connect({ address: opts.address });
  configureWorkflowThreads(opts.workflowThreads);
  const worker = await Worker.create({
    connection,
    taskQueue,
    workflowBundle: await floorBundle(),
    activities: { noop: async () => 1 },
  });
  const running = worker.run();
  const client = new Client({ connection });
  await bareAsTurn(client, taskQueue, 1); // warm-up: the thread's first bundle load
  return {
    /** A client on the worker's connection (its starts are eager), and the worker's task queue. */
    client,
    taskQueue,
    /** Wall time (ms) of one bare workflow of `count` local activities. */
    run: (count: number) => bareAsTurn(client, taskQueue, count),
    async close() {
      worker.shutdown();
      await running;
      await connection.close();
    },
  };
}

/**
 * The SDK's memory per cached workflow: n bare workflows (bench/floor/workflow.ts `bareWaiter`) each
 * waiting for a signal, as a paused turn waits for its approval, on a worker process of their own (started
 * through app/with-allocator.sh like the copilot's worker, with `allocator` as MEMORY_ALLOCATOR when given,
 * and BENCH_WORKER_NODE_OPTIONS if set). The growth of that process's resident memory once all n are
 * cached, per workflow, is what the SDK holds for a workflow that holds nothing itself; then all are
 * released at once and drained.
 */
export async function cachedWorkflowFloor(opts: { address: string; n: number; allocator?: 'auto' | 'jemalloc' | 'glibc' }) {
  const taskQueue = `bench-cache-floor-${crypto.randomUUID()}`;
  const worker = spawnProcess(
    'bench/floor/worker.ts',
    {
      FLOOR_ADDRESS: opts.address,
      FLOOR_TASK_QUEUE: taskQueue,
      FLOOR_CACHE: String(Math.max(2000, opts.n + 100)),
      ...(opts.allocator ? { MEMORY_ALLOCATOR: opts.allocator } : {}),
      ...(process.env.BENCH_WORKER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_WORKER_NODE_OPTIONS } : {}),
    },
    'bare worker running',
  );
  // The worker prints its cache size twice a second; the last report counts.
  const cached = () => Number([...worker.output().matchAll(/cached (\d+)/g)].at(-1)?.[1] ?? 0);
  const connection = await Connection.connect({ address: opts.address });
  const client = new Client({ connection });
  const start = () => client.workflow.start('bareWaiter', { workflowId: `cache-floor-${crypto.randomUUID()}`, taskQueue, args: [] });
  const releaseAll = (hs: WorkflowHandle[]) => pool(hs, 50, (h) => h.signal('release'));
  const settle = () => new Promise((r) => setTimeout(r, 2000));
  try {
    await worker.ready;
    // Warm-up: the bundle loaded in the workflow thread and the connections open before the reading.
    const warm = await start();
    await releaseAll([warm]);
    await warm.result();
    await settle();
    const before = rssMb(worker.child.pid);
    const handles = await pool(
      Array.from({ length: opts.n }, (_, i) => i),
      50,
      () => start(),
    );
    const until = Date.now() + 300_000;
    while (cached() < opts.n && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    if (cached() < opts.n) throw new Error(`only ${cached()} of ${opts.n} bare workflows were cached`);
    await settle();
    const after = rssMb(worker.child.pid);
    const t = performance.now();
    await releaseAll(handles);
    await Promise.all(handles.map((h) => h.result()));
    return {
      workflows: opts.n,
      rssMb: { before, after },
      kbPerWorkflow: before !== null && after !== null ? Math.round(((after - before) * 1024) / opts.n) : null,
      drainS: round((performance.now() - t) / 1000),
      workerNodeOptions: process.env.BENCH_WORKER_NODE_OPTIONS ?? null,
      allocator: allocatorOf(worker.child.pid),
    };
  } finally {
    await worker.kill('SIGTERM');
    await connection.close();
  }
}

/**
 * What the dev server's persistence costs a workflow: the same bare workflows on three servers started
 * alike, in memory (the bench's turns), on a SQLite file with SQLite's own rollback journal (`npm start`
 * before 2026-12-04) and on one with the write-ahead log `npm start` uses now (DEV_SERVER_SQLITE_PRAGMAS).
 * Each round runs, on each server in turn: a workflow with no local activity and one with `n` (started
 * eagerly and waited for, as the bench's turns are), and one that waits for a signal, as a turn paused
 * for approval does (started, signalled, waited for). p50 over `rounds`.
 */
export async function persistenceCost(opts: { dir: string; n?: number; rounds?: number; cliPath?: string }) {
  const n = opts.n ?? 12;
  const rounds = opts.rounds ?? 20;
  const kinds = { memory: undefined, rollback: {}, wal: DEV_SERVER_SQLITE_PRAGMAS } as const;
  type Kind = keyof typeof kinds;
  const servers: { kind: Kind; bare: Awaited<ReturnType<typeof bareWorkflows>> }[] = [];
  /** What to stop, in the order started: run from the last (each worker with its connection, then its server). */
  const stops: (() => Promise<void>)[] = [];
  try {
    for (const [kind, pragmas] of Object.entries(kinds) as [Kind, Record<string, string> | undefined][]) {
      const dev = await startDevServer({ cliPath: opts.cliPath, ...(pragmas ? { dbFile: `${opts.dir}/${kind}/temporal.sqlite`, sqlitePragmas: pragmas } : {}) });
      stops.push(dev.stop);
      const bare = await bareWorkflows({ address: dev.address, workflowThreads: DEFAULT_WORKFLOW_THREADS });
      stops.push(bare.close);
      servers.push({ kind, bare });
    }
    const walls: Record<Kind, Record<'none' | 'n' | 'signalled', number[]>> = { memory: { none: [], n: [], signalled: [] }, rollback: { none: [], n: [], signalled: [] }, wal: { none: [], n: [], signalled: [] } };
    const round1 = async ({ kind, bare }: (typeof servers)[number], record: boolean) => {
      for (const [key, count] of [['none', 0], ['n', n]] as const) {
        const wall = await bare.run(count);
        if (record) walls[kind][key].push(wall);
      }
      const t = performance.now();
      const handle = await bare.client.workflow.start('bareWaiter', { workflowId: `persistence-${crypto.randomUUID()}`, taskQueue: bare.taskQueue, requestEagerStart: true });
      await handle.signal('release');
      await handle.result();
      if (record) walls[kind].signalled.push(performance.now() - t);
    };
    for (const s of servers) await round1(s, false); // warm-up
    for (let r = 0; r < rounds; r++) for (const s of servers) await round1(s, true);
    const p50s = (kind: Kind) => ({ noneMsP50: round(median(walls[kind].none)), withActivitiesMsP50: round(median(walls[kind].n)), signalledMsP50: round(median(walls[kind].signalled)) });
    return { activities: n, rounds, memory: p50s('memory'), rollback: p50s('rollback'), wal: p50s('wal'), walPragmas: DEV_SERVER_SQLITE_PRAGMAS };
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
