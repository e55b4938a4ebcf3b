/** `npm run worker`: the worker alone, against an existing Temporal cluster (TEMPORAL_ADDRESS). */
import { createLogger } from '../adapters/logger.js';
import { configOrExit, installTemporalLogging, onShutdown, run, stopAll } from './cli.js';
import { openRuntime } from './runtime.js';
import { createWorker, ensureSearchAttributes } from './worker.js';

run(async () => {
  const config = configOrExit();
  await installTemporalLogging(config.logLevel);
  const logger = createLogger(config.logLevel, 'worker');
  const address = config.temporal.address ?? `127.0.0.1:${config.temporal.port}`;
  await ensureSearchAttributes(address, config.temporal.namespace);
  const runtime = await openRuntime(config);
  const { worker, connection } = await createWorker({
    address,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    activities: runtime.activities,
  });
  logger.info({ temporal: address, taskQueue: config.temporal.taskQueue, database: runtime.db.kind }, 'worker running');
  const running = worker.run();
  onShutdown(async () => {
    // shutdown() stops polling and lets in-flight tasks finish; run() resolves once they have.
    await stopAll([
      ['worker', async () => (worker.getState() === 'RUNNING' && worker.shutdown(), await running)],
      ['temporal connection', () => connection.close()],
      ['database', () => runtime.db.close()],
    ]);
  });
  await running;
});
