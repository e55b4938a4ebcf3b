/**
 * A worker process serving only the bare workflows (bench/floor.ts `cachedWorkflowFloor`), with the
 * sticky cache large enough to hold them all and the allocator setting the copilot's worker runs with.
 * It prints its cache size twice a second for the bench to read.
 */
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';

const connection = await NativeConnection.connect({ address: process.env.FLOOR_ADDRESS! });
const worker = await Worker.create({
  connection,
  taskQueue: process.env.FLOOR_TASK_QUEUE!,
  maxCachedWorkflows: Number(process.env.FLOOR_CACHE ?? 2000),
  workflowBundle: await bundleWorkflowCode({ workflowsPath: fileURLToPath(new URL('./workflow.ts', import.meta.url)), logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} } as never }),
  activities: { noop: async () => 1 },
});
const report = setInterval(() => process.stdout.write(`cached ${worker.getStatus().numCachedWorkflows}\n`), 500);
process.once('SIGTERM', () => worker.shutdown());
process.stdout.write('bare worker running\n');
await worker.run();
clearInterval(report);
await connection.close();
