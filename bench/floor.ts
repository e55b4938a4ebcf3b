/**
 * The SDK's floor per local activity: a bare workflow running n no-op local activities in sequence, on
 * the same server and machine as the turn benchmarks. The gap is from one activity's end to the next
 * one's start (the completion going to core, a workflow activation in the workflow thread, the next
 * command back); CPU is the whole bench process's (main thread, workflow threads, core's threads) per
 * activity. A turn hop in `all` mode runs about four local activities, so this floor times four is
 * what no change inside the turn workflow can remove.
 */
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';

const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const round = (n: number) => Math.round(n * 100) / 100;

export async function localActivityFloor(opts: { address: string; activities?: number; reps?: number }) {
  const n = opts.activities ?? 24;
  const reps = opts.reps ?? 20;
  const taskQueue = `bench-floor-${crypto.randomUUID()}`;
  const marks: { start: number; end: number }[] = [];
  const connection = await NativeConnection.connect({ address: opts.address });
  const worker = await Worker.create({
    connection,
    taskQueue,
    workflowBundle: await bundleWorkflowCode({ workflowsPath: fileURLToPath(new URL('./floor/workflow.ts', import.meta.url)), logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} } }),
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
    const all = reps * n;
    return {
      activitiesPerWorkflow: n,
      workflows: reps,
      gapMsP50: round(median(gaps)),
      wallMsPerActivity: round((performance.now() - t0) / all),
      cpuMsPerActivity: round((cpu.user + cpu.system) / 1000 / all),
      workflowWallMsP50: round(median(walls)),
    };
  } finally {
    worker.shutdown();
    await running;
    await connection.close();
    await clientConnection.close();
  }
}
