/**
 * Runs first in each of the Temporal SDK's workflow threads, before the SDK's own thread module
 * (worker/workflow-threads.ts starts the threads this way). Plain CommonJS: the thread loads no
 * TypeScript loader. Each setting turns off one of two SDK features that cost every workflow
 * activation, measured in docs/performance.md ("The workflow threads"):
 *
 * - `stackTraces: false`: the SDK records a stack trace, mapped through the bundle's source map, for
 *   every promise a workflow creates, to answer the `__stack_trace` query (the Web UI's "Call Stack"
 *   tab). Off, that query answers that stack traces are not enabled on this worker; errors thrown in
 *   workflows keep their source-mapped stacks (that is a separate hook, left in place).
 * - `deadlockDetection`: the SDK runs each call into a workflow's context with a timeout
 *   (isolateExecutionTimeout, 5 s), and Node enforces a vm timeout with a watchdog thread that it
 *   starts and joins on every call: about three calls per activation. On (with stack traces off), the
 *   setup puts one such limit around the whole of an activation instead (its calls into the context run
 *   without one of their own), so a workflow that does not yield still fails its task, with the same
 *   error, after 5 s in all rather than 5 s in any one call; a third of the watchdogs. Off, there is
 *   none: a workflow that never yields (an endless loop) holds its thread, and so every workflow of the
 *   worker, instead of failing its task.
 *
 * With both on, the thread starts as the SDK starts it: nothing here runs (worker/workflow-threads.ts).
 *
 * Everything here touches the SDK's modules of this thread only; the main thread is unchanged. Where an
 * SDK upgrade has moved what a setting changes, the setup throws: the worker does not start (its error
 * names this file and the setting that starts without it), and the tests fail first.
 */
'use strict';
const path = require('node:path');

/**
 * @param {{ stackTraces: boolean, deadlockDetection: boolean }} settings
 * @param {string} sdkThreadFile the SDK's workflow-worker-thread.js, beside its vm modules
 */
exports.apply = function apply(settings, sdkThreadFile) {
  const dir = path.dirname(sdkThreadFile);
  // As the SDK runs them: nothing is looked up or changed.
  if (settings.stackTraces && settings.deadlockDetection) return;
  if (!settings.stackTraces) {
    const { globalHandlers } = sdkModule(dir, 'vm-shared.js') ?? {};
    if (typeof globalHandlers?.setPromiseHook !== 'function') throw sdkMoved('WORKFLOW_STACK_TRACES=false', 'promise hook to leave out', 'WORKFLOW_STACK_TRACES=true starts');
    // Never installed: the SDK then reports stack traces as not enabled (promiseHookInstalled stays false).
    globalHandlers.setPromiseHook = function setPromiseHook() {};
  }
  // What starts without the setup: both settings on (the SDK's own threads).
  const on = [!settings.stackTraces && 'WORKFLOW_STACK_TRACES=true', !settings.deadlockDetection && 'WORKFLOW_DEADLOCK_DETECTION=true'].filter(Boolean);
  const parts = sdkParts(dir, `WORKFLOW_DEADLOCK_DETECTION=${settings.deadlockDetection}`, `${on.join(' and ')} start${on.length > 1 ? '' : 's'}`);
  /** The SDK's isolate timeout, taken from the creator it builds (its calls into the context get none). */
  let timeoutMs;
  for (const { creator } of parts.creators) {
    const create = creator.create;
    // The second argument is the isolate execution timeout: without one, Node starts no watchdog.
    creator.create = function createWithoutTimeout(bundle, isolateTimeoutMs, ...rest) {
      timeoutMs = isolateTimeoutMs;
      return create.call(this, bundle, undefined, ...rest);
    };
  }
  if (settings.deadlockDetection) oneLimitPerActivation(parts, () => timeoutMs);
};

/**
 * What the setup changes in the SDK's workflow folder, checked: the VM creators (their `create`, which
 * takes the timeout, and `createWorkflow`), the workflows they make (`dispose`) and the activation.
 */
function sdkParts(dir, setting, without) {
  const missing = (what) => sdkMoved(setting, what, without);
  const creators = [
    ['reusable-vm.js', 'ReusableVMWorkflowCreator', 'ReusableVMWorkflow'],
    ['vm.js', 'VMWorkflowCreator', 'VMWorkflow'],
  ].map(([file, creatorName, workflowName]) => {
    const mod = sdkModule(dir, file) ?? {};
    const creator = mod[creatorName];
    if (typeof creator?.create !== 'function') throw missing(`${creatorName}.create`);
    return { creator, creatorName, workflow: mod[workflowName], workflowName };
  });
  const { BaseVMWorkflow } = sdkModule(dir, 'vm-shared.js') ?? {};
  return { creators, BaseVMWorkflow, missing };
}

/** What stops the thread when an SDK upgrade moved `what`: the setting that needs it, and what starts without it. */
const sdkMoved = (setting, what, without) => new Error(`${setting}: this Temporal SDK has no ${what}; worker/workflow-thread-setup.cjs needs updating (${without} without it)`);

/** One of the SDK's workflow modules, or undefined where an upgrade removed it (the caller says what is missing). */
function sdkModule(dir, file) {
  try {
    return require(path.join(dir, file));
  } catch (e) {
    if (e && e.code === 'MODULE_NOT_FOUND') return undefined;
    throw e;
  }
}

/**
 * One vm timeout around each entry into a workflow's context from outside (an activation, a workflow's
 * creation, its disposal), in place of one per call: a watchdog per activation instead of about three.
 * The limit runs in this thread's own context; the calls into the workflow's context inside it run as
 * the SDK makes them (each still drains the context's microtasks as it returns). When the limit is hit,
 * V8 stops everything below it, and the activation completes as the SDK's own does after a timed-out
 * call: its task fails with Node's "Script execution timed out after …".
 */
function oneLimitPerActivation({ creators, BaseVMWorkflow, missing }, timeoutMs) {
  const vm = require('node:vm');
  const limited = new vm.Script('globalThis.__copilotLimited()', { filename: 'workflow-thread-setup.cjs (isolate timeout)' });
  /** Runs `fn` (synchronous up to the promise it returns) under the isolate timeout. */
  const underLimit = (fn) => {
    globalThis.__copilotLimited = fn;
    try {
      return limited.runInThisContext({ timeout: timeoutMs(), displayErrors: false });
    } finally {
      delete globalThis.__copilotLimited;
    }
  };
  /** The method, run under the limit; a timeout becomes what `onTimeout` makes of it. */
  const limit = (proto, name, owner, onTimeout) => {
    const original = proto?.[name];
    if (typeof original !== 'function') throw missing(`${owner}.prototype.${name}`);
    proto[name] = function (...args) {
      try {
        return underLimit(() => original.apply(this, args));
      } catch (err) {
        return onTimeout.call(this, err);
      }
    };
  };
  const reject = (err) => Promise.reject(err);
  for (const { creator, creatorName, workflow, workflowName } of creators) {
    limit(creator.prototype, 'createWorkflow', creatorName, reject);
    limit(workflow?.prototype, 'dispose', workflowName, reject);
  }
  // As the SDK's activate does with an error from a call into the context: the activation fails.
  limit(BaseVMWorkflow?.prototype, 'activate', 'BaseVMWorkflow', function activationFailed(err) {
    return Promise.resolve({ runId: this.activator.info.runId, failed: { failure: this.activator.errorToFailure(err) } });
  });
}
