/**
 * The worker factory: a worker per task queue, each with its workflow bundle and activities (the turn
 * workflows and activities on the main queue; entry points add others, such as the eval job's).
 */
import { fileURLToPath } from 'node:url';
import { Connection } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker, type InjectedSinks, type WorkerOptions } from '@temporalio/worker';
import type { Activities } from '../activities/index.js';
import { SEARCH_ATTRIBUTE_KEYS } from '../domain/search-attributes.js';
import { ActivityMetricsInterceptor } from '../adapters/metrics.js';
import type { Tracing } from '../adapters/tracing.js';
import { temporalConnectOptions, type Config, type TemporalAuth } from '../adapters/config.js';
import { dataConverterFor } from '../adapters/codec.js';
import { notices as processNotices, type NoticeBus } from '../adapters/notices.js';
import type { NoticeSinks } from '../workflows/notices.js';
import { startWordsReader } from '../activities/words-reader.js';
import { checkRegExpsCompiledAtOnce } from './regexps.js';
import { configureWorkflowThreads, DEFAULT_WORKFLOW_THREADS, type WorkflowThreadSettings } from './workflow-threads.js';

export const WORKFLOWS_PATH = fileURLToPath(new URL('../workflows/index.ts', import.meta.url));

export interface CreateWorkerOptions {
  address: string;
  /** TLS and API key for a secured cluster (Temporal Cloud); none for a local one. */
  auth?: TemporalAuth;
  namespace: string;
  taskQueue: string;
  /** The turn activities, or another queue's (the eval job's). */
  activities: Activities | Record<string, (...args: never[]) => Promise<unknown>>;
  /** A prebuilt bundle (tests bundle once); otherwise one is made with bundleWorkflow. */
  workflowBundle?: { code: string };
  tuning?: Partial<Pick<WorkerOptions, 'maxCachedWorkflows' | 'maxConcurrentActivityTaskExecutions' | 'maxConcurrentWorkflowTaskExecutions' | 'shutdownGraceTime'>>;
  /** Payload encryption (dataConverterFor): the worker must decode what clients encoded. */
  dataConverter?: WorkerOptions['dataConverter'];
  /** OpenTelemetry (adapters/tracing.ts); a prebuilt bundle must then include its workflow interceptors. */
  tracing?: Tracing | null;
  /** Where the workflows' event notices go (adapters/notices.ts): this process's bus by default. */
  notices?: NoticeBus;
  /** The SDK's stack traces and deadlock detection in the workflow threads (worker/workflow-threads.ts); the defaults when absent. */
  workflowThreads?: WorkflowThreadSettings;
  /**
   * A connection the caller opened and closes (a test's API shares it across worker restarts); by
   * default the worker opens its own, which its owner closes after shutdown.
   */
  connection?: NativeConnection;
}

/** The sink the workflows announce appended events through: published on the bus, never on replay. */
export function noticeSinks(bus: NoticeBus = processNotices): InjectedSinks<NoticeSinks> {
  return {
    notices: {
      appended: {
        fn: (info, events, terminal) => {
          const last = events.at(-1);
          if (last) bus.publish({ workflowId: info.workflowId, last: last.offset, ...(terminal ? {} : { events }) });
        },
        callDuringReplay: false,
      },
    },
  };
}

export async function createWorker(opts: CreateWorkerOptions): Promise<{ worker: Worker; connection: NativeConnection }> {
  const connection = opts.connection ?? (await NativeConnection.connect({ address: opts.address, ...(opts.auth ? temporalConnectOptions(opts.auth) : {}) }));
  // Before Worker.create starts the workflow threads.
  configureWorkflowThreads(opts.workflowThreads ?? DEFAULT_WORKFLOW_THREADS);
  // Patterns compiled when first run, by the process's command line: the answer check keeps its pace whatever scripts it read before (worker/regexps.ts).
  checkRegExpsCompiledAtOnce();
  // The thread the verifier's activity reads answers' words in (activities/words-reader.ts), loading while the worker starts.
  startWordsReader();
  const worker = await Worker.create({
    connection,
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    // One bundling for every worker (bundleWorkflow): the shared modules preloaded, tracing's interceptors in it.
    workflowBundle: opts.workflowBundle ?? (await bundleWorkflow(opts.tracing)),
    activities: opts.activities,
    interceptors: {
      activity: [(ctx) => ({ inbound: new ActivityMetricsInterceptor(ctx.info.activityType) }), ...(opts.tracing?.worker.interceptors.activity ?? [])],
    },
    sinks: { ...noticeSinks(opts.notices), ...(opts.tracing?.worker.sinks ?? {}) },
    ...(opts.dataConverter ? { dataConverter: opts.dataConverter } : {}),
    ...opts.tuning,
  });
  return { worker, connection };
}

/** One task queue a worker process serves: its activities and, when not the turn workflows, its bundle entry. */
export interface QueueSpec {
  taskQueue: string;
  activities: CreateWorkerOptions['activities'];
  /** The workflows' entry file; the turn workflows (WORKFLOWS_PATH) when absent. */
  workflowsPath?: string;
}

/**
 * The worker process's workers, one per queue: the turns and ingestions on the main task queue, and
 * whatever the entry point adds (the eval job on its own queue, so a long eval run never delays users'
 * turns). Each workflow entry is bundled once.
 */
export async function createWorkers(opts: Omit<CreateWorkerOptions, 'taskQueue' | 'activities' | 'connection'> & { queues: QueueSpec[] }) {
  const bundles = new Map<string, Promise<{ code: string }>>();
  const bundleFor = (workflowsPath = WORKFLOWS_PATH) => {
    if (workflowsPath === WORKFLOWS_PATH && opts.workflowBundle) return Promise.resolve(opts.workflowBundle);
    if (!bundles.has(workflowsPath)) bundles.set(workflowsPath, bundleWorkflow(opts.tracing, workflowsPath));
    return bundles.get(workflowsPath)!;
  };
  const made = await Promise.all(opts.queues.map(async (q) => createWorker({ ...opts, taskQueue: q.taskQueue, activities: q.activities, workflowBundle: await bundleFor(q.workflowsPath) })));
  const running = Promise.all(made.map((m) => m.worker.run()));
  return {
    workers: made.map((m) => m.worker),
    /**
     * The first queue's connection (the turns'): an API in the same process starts its turns through it,
     * so they start eagerly on this worker (api/server.ts). Closed by shutdown().
     */
    connection: made[0]!.connection,
    running,
    /** Stops polling, lets in-flight tasks finish, closes the connections. */
    async shutdown() {
      for (const m of made) if (m.worker.getState() === 'RUNNING') m.worker.shutdown();
      await running;
      await Promise.all(made.map((m) => m.connection.close()));
    },
  };
}

/**
 * A worker process's workers from its configuration: the turn queue with the runtime's activities, plus
 * the queues the entry point adds (the eval job's), with the configured connection, codec and tuning.
 */
export function createConfiguredWorkers(opts: { config: Config; address: string; activities: Activities; extraQueues?: QueueSpec[]; tracing: Tracing | null }) {
  const { config } = opts;
  return createWorkers({
    address: opts.address,
    auth: config.temporal.auth,
    namespace: config.temporal.namespace,
    queues: [{ taskQueue: config.temporal.taskQueue, activities: opts.activities }, ...(opts.extraQueues ?? [])],
    dataConverter: dataConverterFor(config.payloadEncryptionKey),
    tuning: config.worker,
    workflowThreads: config.workflowThreads,
    tracing: opts.tracing,
  });
}

/**
 * The pure modules the workflows import (definitions, prompts, checks; no module-level state that
 * changes), preloaded once per workflow thread and shared by every workflow in it. Any other module
 * of the bundle is evaluated again for each workflow the worker caches: its module state is built per
 * workflow (measured: zod's cost 1.35 MB each). A test checks every domain module in the bundle is here.
 */
export const SHARED_WORKFLOW_MODULES = ['agents', 'answer-words', 'approvals', 'calendar', 'calendar-words', 'chat', 'claim-words', 'claim-words-scripts', 'cost', 'events', 'failures', 'fan-out', 'guard', 'holder-words', 'holding-words', 'orchestration', 'outcomes', 'policy', 'prompts', 'references', 'schema', 'search-attributes', 'time', 'turn-input', 'turn-view', 'types', 'undone-words', 'verify'].map((m) =>
  fileURLToPath(new URL(`../domain/${m}.ts`, import.meta.url)),
);

/** Workflow code as one bundle (the turn workflows by default), with the tracing interceptors in it when tracing is on. */
export function bundleWorkflow(tracing?: Tracing | null, workflowsPath = WORKFLOWS_PATH) {
  return bundleWorkflowCode({
    workflowsPath,
    logger: quietBundlerLogger,
    workflowInterceptorModules: tracing?.workflowInterceptorModules ?? [],
    preloadModules: SHARED_WORKFLOW_MODULES,
  });
}

// The bundler reports every module at info level; warnings and errors are what a person needs.
const quietBundlerLogger = { trace() {}, debug() {}, info() {}, log() {}, warn: console.warn, error: console.error } as never;

/**
 * Registers the search attributes on an existing cluster (the dev server gets them at start).
 * Idempotent: attributes already present are skipped.
 */
export async function ensureSearchAttributes(address: string, namespace: string, auth?: TemporalAuth): Promise<void> {
  const conn = await Connection.connect({ address, ...(auth ? temporalConnectOptions(auth) : {}) });
  try {
    const missingNow = async () => {
      const existing = await conn.operatorService.listSearchAttributes({ namespace });
      return SEARCH_ATTRIBUTE_KEYS.filter((k) => !(k.name in (existing.customAttributes ?? {})));
    };
    const missing = await missingNow();
    if (missing.length === 0) return;
    try {
      await conn.operatorService.addSearchAttributes({
        namespace,
        searchAttributes: Object.fromEntries(missing.map((k) => [k.name, 2 /* INDEXED_VALUE_TYPE_KEYWORD */])),
      });
    } catch (e) {
      // Replicas starting together race to add them: whoever lost finds them there.
      if ((await missingNow()).length > 0) throw e;
    }
  } finally {
    await conn.close();
  }
}
