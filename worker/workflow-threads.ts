/**
 * How the Temporal SDK's workflow threads run (WORKFLOW_STACK_TRACES, WORKFLOW_DEADLOCK_DETECTION): two
 * SDK features that every workflow activation pays for, each a setting (worker/workflow-thread-setup.cjs
 * says what each one does). Measured on this machine, stack traces off saves 16–28% of a no-op local
 * activity's time; with it off, deadlock detection keeps one limit per activation rather than per call,
 * which halves its cost (docs/performance.md, "The workflow threads"). Both on: the SDK's own threads.
 *
 * The SDK starts its workflow threads itself (`new Worker(<its workflow-worker-thread.js>)`) and has no
 * option for either feature, so this wraps `worker_threads.Worker` for this process: a thread started on
 * the SDK's thread module runs the setup first, then that module; every other thread starts as it would.
 * The thread keeps the options it inherits from this process (no execArgv is passed). A setting applies
 * to the workflow threads started after it is made (the worker's are started by `Worker.create`); it is
 * one per process, as the SDK's threads are.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export interface WorkflowThreadSettings {
  /** The SDK's per-promise stack traces, for the `__stack_trace` query (Web UI: "Call Stack"). */
  stackTraces: boolean;
  /** A 5 s limit that fails a task whose workflow never yields: per activation, or per call as the SDK's own threads keep it. */
  deadlockDetection: boolean;
}

/** The defaults (the configuration's too): stack traces off, deadlock detection on. */
export const DEFAULT_WORKFLOW_THREADS: WorkflowThreadSettings = { stackTraces: false, deadlockDetection: true };
/** What the SDK does by itself. */
export const SDK_WORKFLOW_THREADS: WorkflowThreadSettings = { stackTraces: true, deadlockDetection: true };

const require = createRequire(import.meta.url);
const threads = require('node:worker_threads') as typeof import('node:worker_threads');
const SDK_THREAD_FILE = require.resolve('@temporalio/worker/lib/workflow/workflow-worker-thread');
const SETUP_FILE = fileURLToPath(new URL('./workflow-thread-setup.cjs', import.meta.url));

let current: WorkflowThreadSettings = SDK_WORKFLOW_THREADS;
let wrapped = false;

/** The setting workflow threads started from now on get. */
export function configureWorkflowThreads(settings: WorkflowThreadSettings): void {
  current = { ...settings };
  if (wrapped) return;
  wrapped = true;
  const Original = threads.Worker;
  class Thread extends Original {
    constructor(filename: string | URL, options?: import('node:worker_threads').WorkerOptions) {
      if (filename !== SDK_THREAD_FILE || (current.stackTraces && current.deadlockDetection)) {
        super(filename, options);
        return;
      }
      // An eval'd CommonJS script: the setup, then the SDK's thread module, in one thread.
      const script = `require(${JSON.stringify(SETUP_FILE)}).apply(${JSON.stringify(current)}, ${JSON.stringify(SDK_THREAD_FILE)});\nrequire(${JSON.stringify(SDK_THREAD_FILE)});`;
      super(script, { ...options, eval: true });
    }
  }
  threads.Worker = Thread;
}

/** The setting workflow threads started now get (the worker's `worker running` log line reports it). */
export const workflowThreadSettings = (): WorkflowThreadSettings => ({ ...current });
