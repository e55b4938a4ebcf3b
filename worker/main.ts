/** `npm run worker`: the worker alone, against an existing Temporal cluster (TEMPORAL_ADDRESS). */
import { createLogger } from '../adapters/logger.js';
import { evalQueue } from '../evals/runs.js';
import { configOrExit, installTemporalLogging, onShutdown, run, stopAll } from '../app/process.js';
import { startWorkerSide } from '../app/workers.js';
import { ensureSearchAttributes } from './worker.js';
import { startMetricsServer } from './metrics-server.js';
import { workflowThreadSettings } from './workflow-threads.js';
import { regExpsCompiledAtOnce } from './regexps.js';

run(async () => {
  const config = configOrExit();
  await installTemporalLogging(config.logLevel, 'worker');
  const logger = createLogger(config.logLevel, 'worker');
  const address = config.temporal.address ?? `127.0.0.1:${config.temporal.port}`;
  // A Temporal Cloud API key may not be allowed to register them: then they are added to the namespace once, by hand.
  await ensureSearchAttributes(address, config.temporal.namespace, config.temporal.auth).catch((e) =>
    logger.warn({ err: (e as Error).message }, 'could not register the search attributes ConversationId, UserId, TurnStatus (Keyword); add them to the namespace'),
  );
  const { runtime, tracing, workers, stickyCacheSize, allocator } = await startWorkerSide(config, address, logger, (deps) => [evalQueue(config.temporal.evalTaskQueue, deps)]);
  const metricsServer = config.metricsPort === undefined ? null : await startMetricsServer({ port: config.metricsPort, host: process.env.HOST, token: config.metricsToken, workers: workers.workers });
  if (metricsServer) logger.info({ url: metricsServer.url }, 'worker metrics and health on /metrics and /healthz');
  if (metricsServer?.exposedWithoutToken) logger.warn({ host: process.env.HOST }, 'METRICS_TOKEN is not set: /metrics is refused off loopback (/healthz is served)');
  logger.info({ temporal: address, taskQueues: [config.temporal.taskQueue, config.temporal.evalTaskQueue], database: runtime.db.kind, stickyCacheSize, allocator, workflowThreads: workflowThreadSettings(), regExpsCompiledAtOnce: regExpsCompiledAtOnce() }, 'worker running');
  onShutdown(async () => {
    // Stops polling and lets in-flight tasks finish first.
    await stopAll([
      ['workers', () => workers.shutdown()],
      ['metrics', () => metricsServer?.close()],
      ['traces', () => tracing?.shutdown()],
      ['database', () => runtime.db.close()],
    ]);
  });
  await workers.running;
});
