/**
 * A whole stack for one test file: the shared Temporal dev server, a real worker on its own task
 * queue, real PGlite (in memory, migrated, seeded), the scripted LLM, and the real HTTP server on an
 * ephemeral port. Tests talk to it with fetch.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import type { Worker } from '@temporalio/worker';
import { inject } from 'vitest';
import { seedRooms } from '../../adapters/booking-store.js';
import { loadConfig, type Config } from '../../adapters/config.js';
import { openDatabase, type Db } from '../../adapters/db.js';
import { createLogger, type Logger } from '../../adapters/logger.js';
import { startApi, type RunningApi } from '../../api/server.js';
import { createRuntime, type Runtime } from '../../app/runtime.js';
import { createWorker, createWorkers } from '../../worker/worker.js';
import { evalRoutesFor } from '../../evals/routes.js';
import { evalQueue } from '../../evals/runs.js';
import { dataConverterFor } from '../../adapters/codec.js';
import { startScriptedLlm, type Responder, type ScriptedLlm } from './scripted-llm.js';

export const KEYS = {
  alice: 'alice-key-0123456789abcdef',
  bob: 'bob-key-0123456789abcdefgh',
  admin: 'admin-key-0123456789abcdef',
  carol: 'carol-key-0123456789abcdef',
  dave: 'dave-key-0123456789abcdefg',
};
// alice may use every namespace; bob and carol only the default one; dave only "hr".
export const API_KEYS = `${KEYS.alice}:alice:member:*,${KEYS.bob}:bob:approver,${KEYS.admin}:root:admin,${KEYS.carol}:carol:member,${KEYS.dave}:dave:member:hr`;

export interface Harness {
  llm: ScriptedLlm;
  db: Db;
  config: Config;
  runtime: Runtime;
  client: Client;
  api: RunningApi;
  worker: Worker | null;
  taskQueue: string;
  temporalAddress: string;
  bundle: { code: string };
  startWorker(): Promise<void>;
  stopWorker(): Promise<void>;
  request(method: string, p: string, opts?: { body?: unknown; key?: string | null; headers?: Record<string, string>; raw?: string }): Promise<Response>;
  json<T = any>(method: string, p: string, opts?: { body?: unknown; key?: string | null }): Promise<{ status: number; body: T; headers: Headers }>;
  /** POST /ingestion with a PDF from disk (or `bytes`); waits for the result unless `wait` is false. */
  upload(file: string, namespace: string | null, opts?: { name?: string; wait?: boolean; key?: string; bytes?: Buffer }): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  responder?: Responder;
  env?: Record<string, string>;
  worker?: boolean;
  /** Also a worker on the eval task queue (the eval job's bundle and activities), for POST /eval. */
  evalWorker?: boolean;
  /** Another Temporal server than the shared one (restart tests). */
  temporalAddress?: string;
  /** A fixed task queue, so a restarted worker polls the queue its turns are on. */
  taskQueue?: string;
  /** A database the harness uses but does not close (it outlives a restart). */
  db?: Db;
  /** The API's logger (default: silent). */
  logger?: Logger;
  /**
   * How the API reaches Temporal: `shared` (the default, as `npm start` runs it) through a connection
   * its workers share, so turns start eagerly on the test's worker; `own` through a connection of its
   * own (`npm run api`), so the server dispatches every task.
   */
  apiConnection?: 'shared' | 'own';
}

export async function createHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const temporalAddress = opts.temporalAddress ?? inject('temporalAddress');
  const bundle = { code: fs.readFileSync(inject('workflowBundlePath'), 'utf8') };
  const llm = await startScriptedLlm(opts.responder);
  const taskQueue = opts.taskQueue ?? `test-${crypto.randomUUID()}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copilot-test-'));
  const config = loadConfig({
    ORCHESTRATOR_BASE_URL: llm.url,
    ORCHESTRATOR_MODEL: 'scripted-orchestrator',
    AGENT_BASE_URL: llm.url,
    AGENT_MODEL: 'scripted-agent',
    LLM_TIMEOUT_MS: '5000',
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_TASK_QUEUE: taskQueue,
    EVAL_TASK_QUEUE: `${taskQueue}-evals`,
    DATA_DIR: dataDir,
    PORT: '0',
    COPILOT_API_KEYS: API_KEYS,
    QUERY_WAIT_MS: '30000',
    // Tests poll hard; the limit itself is tested with its own harness.
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'silent',
    // Stopping a test worker cancels its activities at once (tests stop workers mid-call on purpose).
    WORKER_SHUTDOWN_GRACE: '0',
    ...opts.env,
  });
  const db = opts.db ?? (await openDatabase({ inMemory: true }));
  await seedRooms(db);
  const runtime = createRuntime(config, db);
  const connection = await Connection.connect({ address: temporalAddress });
  const dataConverter = dataConverterFor(config.payloadEncryptionKey);
  const client = new Client({ connection, namespace: config.temporal.namespace, dataConverter });
  // Outlives the worker's restarts in a test, as the harness's own client does.
  const shared = (opts.apiConnection ?? 'shared') === 'shared' ? await NativeConnection.connect({ address: temporalAddress }) : null;
  const api = await startApi({
    config,
    temporalAddress,
    db,
    conversations: runtime.deps.conversations,
    apiKeys: config.apiKeys,
    logger: opts.logger ?? createLogger('silent'),
    // As the entry points do: the eval endpoints start the eval job on its queue.
    routes: evalRoutesFor(config.temporal.evalTaskQueue),
    ...(shared ? { workerConnection: shared } : {}),
  });
  let evalWorker: { shutdown(): Promise<void> } | null = null;
  if (opts.evalWorker) {
    evalWorker = await createWorkers({ address: temporalAddress, namespace: config.temporal.namespace, queues: [evalQueue(config.temporal.evalTaskQueue, runtime.deps)], dataConverter, tuning: config.worker, workflowThreads: config.workflowThreads });
  }

  let running: Promise<void> | null = null;
  const h: Harness = {
    llm,
    db,
    config,
    runtime,
    client,
    api,
    worker: null,
    taskQueue,
    temporalAddress,
    bundle,
    async startWorker() {
      const { worker } = await createWorker({
        address: temporalAddress,
        namespace: config.temporal.namespace,
        taskQueue,
        activities: runtime.activities,
        workflowBundle: bundle,
        dataConverter,
        tuning: config.worker,
        workflowThreads: config.workflowThreads,
        ...(shared ? { connection: shared } : {}),
      });
      h.worker = worker;
      running = worker.run();
    },
    async stopWorker() {
      if (h.worker && running) {
        h.worker.shutdown();
        await running;
      }
      h.worker = null;
      running = null;
    },
    request(method, p, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      const key = o.key === undefined ? KEYS.alice : o.key;
      if (key) headers.authorization = `Bearer ${key}`;
      let body: string | undefined = o.raw;
      if (o.body !== undefined) {
        body = JSON.stringify(o.body);
      }
      if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
      return fetch(`${api.url}${p}`, { method, headers, body });
    },
    async json(method, p, o = {}) {
      const res = await h.request(method, p, o);
      const txt = await res.text();
      return { status: res.status, body: txt ? JSON.parse(txt) : null, headers: res.headers };
    },
    async upload(file, namespace, o = {}) {
      const form = new FormData();
      if (namespace !== null) form.append('namespace', namespace);
      form.append('file', new Blob([new Uint8Array(o.bytes ?? fs.readFileSync(file))]), o.name ?? file.split('/').pop());
      const res = await fetch(`${api.url}/ingestion${o.wait === false ? '' : '?wait=true'}`, { method: 'POST', headers: { authorization: `Bearer ${o.key ?? KEYS.alice}` }, body: form });
      return { status: res.status, body: await res.json(), headers: res.headers };
    },
    async close() {
      await api.close();
      await h.stopWorker();
      await evalWorker?.shutdown();
      await connection.close();
      await shared?.close();
      await llm.close();
      if (!opts.db) await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (opts.worker !== false) await h.startWorker();
  return h;
}

export { readSse, type SseMessage } from './sse.js';
