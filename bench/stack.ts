/**
 * The API and a worker in the bench process, as `npm start` runs them, on an in-memory database and
 * the scripted model: what the stream and streamed-answer sections measure against.
 */
import crypto from 'node:crypto';
import { Client } from '@temporalio/client';
import { loadConfig, type Config } from '../adapters/config.js';
import { openDatabase, type Db } from '../adapters/db.js';
import { createLogger } from '../adapters/logger.js';
import { startApi } from '../api/server.js';
import { createRuntime, type Runtime } from '../app/runtime.js';
import { createWorker } from '../worker/worker.js';
import type { ScriptedLlm } from '../test/support/scripted-llm.js';
import { apiTurns, type TurnClient } from './turn-script.js';

export interface InProcessStack {
  /** The environment `config` was loaded from, for a section that configures a variant of it. */
  env: Record<string, string | undefined>;
  config: Config;
  db: Db;
  runtime: Runtime;
  taskQueue: string;
  apiUrl: string;
  /** The API's client: the worker's connection, as `npm start` shares it. */
  client: Client;
  /** Bench turns started as the API starts them (eagerly, on this worker) and waited for on the same connection. */
  turns: TurnClient;
  /** A JSON POST to the API with `key`, as a client sends it. */
  post(path: string, body: unknown, key: string): Promise<Response>;
  close(): Promise<void>;
}

/** The workflow threads' settings from the caller's environment, as a worker process reads them. */
export const workflowThreadEnv = () => ({ WORKFLOW_STACK_TRACES: process.env.WORKFLOW_STACK_TRACES, WORKFLOW_DEADLOCK_DETECTION: process.env.WORKFLOW_DEADLOCK_DETECTION });

/** Starts the stack; `env` adds to the config, `seed` fills the database before the worker starts. */
export async function inProcessStack(opts: { name: string; address: string; llm: ScriptedLlm; env: Record<string, string>; seed?: (db: Db, runtime: Runtime) => Promise<unknown> }): Promise<InProcessStack> {
  const { address, llm } = opts;
  const taskQueue = `bench-${opts.name}-${crypto.randomUUID()}`;
  const env = {
    ORCHESTRATOR_BASE_URL: llm.url,
    AGENT_BASE_URL: llm.url,
    TEMPORAL_ADDRESS: address,
    TEMPORAL_TASK_QUEUE: taskQueue,
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'silent',
    // A port of its own: a section may open a stack while another section's is open.
    PORT: '0',
    ...workflowThreadEnv(),
    ...opts.env,
  };
  const config = loadConfig(env);
  const db = await openDatabase({ inMemory: true });
  const runtime = createRuntime(config, db);
  await opts.seed?.(db, runtime);
  const { worker, connection: wc } = await createWorker({ address, namespace: 'default', taskQueue, activities: runtime.activities, workflowThreads: config.workflowThreads });
  const running = worker.run();
  const api = await startApi({ config, temporalAddress: address, db, conversations: runtime.deps.conversations, apiKeys: config.apiKeys, logger: createLogger('silent'), workerConnection: wc });
  const client = new Client({ connection: wc });
  return {
    env,
    config,
    db,
    runtime,
    taskQueue,
    apiUrl: api.url,
    client,
    turns: apiTurns(client),
    post: (path, body, key) => fetch(`${api.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    async close() {
      await api.close();
      worker.shutdown();
      await running;
      await wc.close();
      await db.close();
    },
  };
}
