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
 * - `deadlockDetection: false`: the SDK runs each call into a workflow's context with a timeout
 *   (isolateExecutionTimeout, 5 s), and Node enforces a vm timeout with a watchdog thread that it
 *   starts and joins on every call, several calls per activation. Off, a workflow that never yields
 *   (an endless loop) holds its thread, and so every workflow of the worker, instead of failing its task.
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
  if (!settings.stackTraces) {
    const { globalHandlers } = require(path.join(dir, 'vm-shared.js'));
    if (typeof globalHandlers?.setPromiseHook !== 'function') throw new Error('WORKFLOW_STACK_TRACES=false: this Temporal SDK has no promise hook to leave out; worker/workflow-thread-setup.cjs needs updating (WORKFLOW_STACK_TRACES=true starts without it)');
    // Never installed: the SDK then reports stack traces as not enabled (promiseHookInstalled stays false).
    globalHandlers.setPromiseHook = function setPromiseHook() {};
  }
  if (!settings.deadlockDetection) {
    for (const [file, name] of [
      ['reusable-vm.js', 'ReusableVMWorkflowCreator'],
      ['vm.js', 'VMWorkflowCreator'],
    ]) {
      const creator = require(path.join(dir, file))[name];
      if (typeof creator?.create !== 'function') throw new Error(`WORKFLOW_DEADLOCK_DETECTION=false: this Temporal SDK has no ${name}.create; worker/workflow-thread-setup.cjs needs updating (WORKFLOW_DEADLOCK_DETECTION=true starts without it)`);
      const create = creator.create;
      // The second argument is the isolate execution timeout: without one, Node starts no watchdog.
      creator.create = function createWithoutTimeout(bundle, _timeoutMs, ...rest) {
        return create.call(this, bundle, undefined, ...rest);
      };
    }
  }
};
