/**
 * worker/workflow-threads.ts on the real Temporal server: each setting reaches the SDK's workflow thread
 * and does what it says. Stack traces: off, the `__stack_trace` query (the Web UI's "Call Stack" tab)
 * answers that they are not enabled; on, it shows where the workflow waits. Deadlock detection: on, a
 * task whose workflow does not yield within the isolate timeout fails ("Script execution timed out"), and
 * the other workflows of the worker keep going; the default's limit is per activation (many short calls
 * into the workflow add up), the SDK's own per call; off, the same task runs to its end. And where an SDK
 * upgrade has moved what a setting changes, the thread stops with an error naming the way around it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { Worker as NodeThread } from 'node:worker_threads';
import { configureWorkflowThreads, DEFAULT_WORKFLOW_THREADS, SDK_WORKFLOW_THREADS, workflowThreadSettings, type WorkflowThreadSettings } from '../../worker/workflow-threads.js';
import { loadConfig } from '../../adapters/config.js';

const quiet = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} };
let bundle: { code: string };
let connection: Connection;
let client: Client;

beforeAll(async () => {
  bundle = await bundleWorkflowCode({ workflowsPath: fileURLToPath(new URL('../../bench/floor/workflow.ts', import.meta.url)), logger: quiet });
  connection = await Connection.connect({ address: inject('temporalAddress') });
  client = new Client({ connection });
});
afterAll(async () => {
  await connection?.close();
});

/** A worker whose workflow thread starts with `settings`, running `fn` while it polls. */
async function withWorker<T>(settings: WorkflowThreadSettings, fn: (taskQueue: string) => Promise<T>, isolateExecutionTimeout = '5s'): Promise<T> {
  const taskQueue = `threads-${crypto.randomUUID()}`;
  const nc = await NativeConnection.connect({ address: inject('temporalAddress') });
  configureWorkflowThreads(settings);
  // isolateExecutionTimeout is the SDK's own option, left out of its public type (it defaults to 5 s).
  const worker = await Worker.create({ connection: nc, taskQueue, workflowBundle: bundle, maxCachedWorkflows: 10, ...({ isolateExecutionTimeout } as object) });
  try {
    return await worker.runUntil(fn(taskQueue));
  } finally {
    await nc.close();
  }
}

/** Iterations of `spin` that take about `ms` on this machine now (measured outside the sandbox). */
function spinFor(ms: number): number {
  const probe = 20_000_000;
  const t = performance.now();
  let x = 0;
  for (let i = 0; i < probe; i++) x = (x + i) % 1_000_003;
  const elapsed = Math.max(1, performance.now() - t + (x < 0 ? 1 : 0));
  return Math.ceil((probe * ms) / elapsed);
}

describe('stack traces', () => {
  const waitThenQuery = (taskQueue: string) => async () => {
    const handle = await client.workflow.start('bareWaiter', { workflowId: `wait-${crypto.randomUUID()}`, taskQueue, args: [] });
    // Once the first task completed, the workflow waits on its condition.
    for (let i = 0; i < 100 && ((await handle.fetchHistory()).events ?? []).filter((e) => e.workflowTaskCompletedEventAttributes).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    try {
      return await handle.query<string>('__stack_trace').then(
        (stack) => ({ stack }),
        (e: Error) => ({ error: e.message }),
      );
    } finally {
      await handle.signal('release');
      expect(await handle.result()).toBe(1);
    }
  };

  it('off by default: the stack-trace query says they are not enabled, and the workflow runs as before', async () => {
    expect(loadConfig({}).workflowThreads).toEqual(DEFAULT_WORKFLOW_THREADS);
    expect(DEFAULT_WORKFLOW_THREADS.stackTraces).toBe(false);
    const r = await withWorker(DEFAULT_WORKFLOW_THREADS, (q) => waitThenQuery(q)());
    expect(r).toEqual({ error: expect.stringMatching(/stack traces are not enabled/i) });
  });

  it('on (WORKFLOW_STACK_TRACES=true): the query shows the workflow waiting in its own code', async () => {
    const settings = loadConfig({ WORKFLOW_STACK_TRACES: 'true' }).workflowThreads;
    expect(settings).toEqual({ stackTraces: true, deadlockDetection: true });
    const r = await withWorker(settings, (q) => waitThenQuery(q)());
    expect(r).toHaveProperty('stack');
    expect((r as { stack: string }).stack).toMatch(/bareWaiter/);
  });
});

describe('deadlock detection', () => {
  // The SDK's isolate timeout, shortened so a test can exceed it: a spin of about four times as long.
  const timeout = '150ms';

  /** Starts `workflow` and waits for its first failed task; then checks another workflow on the worker completes. */
  const failedTask = (workflow: string, args: unknown[]) => async (taskQueue: string) => {
    const stuck = await client.workflow.start(workflow, { workflowId: `spin-${crypto.randomUUID()}`, taskQueue, args });
    let failure: string | undefined;
    for (let i = 0; i < 200 && !failure; i++) {
      failure = ((await stuck.fetchHistory()).events ?? []).find((e) => e.workflowTaskFailedEventAttributes)?.workflowTaskFailedEventAttributes?.failure?.message ?? undefined;
      if (!failure) await new Promise((r) => setTimeout(r, 100));
    }
    const waiter = await client.workflow.start('bareWaiter', { workflowId: `wait-${crypto.randomUUID()}`, taskQueue, args: [] });
    await waiter.signal('release');
    const other = await waiter.result();
    // A later attempt of a task that failed may have finished (the machine was faster then): nothing to stop.
    await stuck.terminate('test over').catch((e: Error) => {
      if (!(e instanceof WorkflowNotFoundError)) throw e;
    });
    return { failure, other };
  };

  it.each([
    ['the default: one limit per activation', DEFAULT_WORKFLOW_THREADS],
    ['with stack traces on: the SDK\'s own limit per call', SDK_WORKFLOW_THREADS],
  ])('on (%s): a workflow that does not yield fails its task (timed out); another workflow on the same worker completes', async (_, settings) => {
    const { failure, other } = await withWorker(settings, failedTask('spin', [spinFor(600)]), timeout);
    expect(failure).toMatch(/timed out after 150ms/);
    expect(other).toBe(1);
  });

  // Sixty calls into the workflow in one activation, each a tenth of the limit, together about six times
  // it: the SDK's limit per call lets the activation through, the default's per activation does not. The
  // margin is wide because the spin is timed in this process while other test files load the machine, and
  // the workflow thread may count up to three times faster than that timing says.
  const many = { timeout: '1s', calls: 60, spinMs: 100 };

  it('the default limits the activation as a whole: 60 calls of 0.1 s in one activation fail a 1 s limit', async () => {
    const { failure, other } = await withWorker(DEFAULT_WORKFLOW_THREADS, failedTask('spinInCalls', [spinFor(many.spinMs), many.calls]), many.timeout);
    expect(failure).toMatch(/timed out after 1000ms/);
    expect(other).toBe(1);
  });

  it('the SDK\'s own limit is per call: the same activation completes', async () => {
    const n = spinFor(many.spinMs);
    const result = await withWorker(SDK_WORKFLOW_THREADS, (taskQueue) => client.workflow.execute('spinInCalls', { workflowId: `spin-${crypto.randomUUID()}`, taskQueue, args: [n, many.calls] }), many.timeout);
    expect(typeof result).toBe('number');
  });

  it('off (WORKFLOW_DEADLOCK_DETECTION=false): the same workflow runs to its end', async () => {
    const settings = loadConfig({ WORKFLOW_DEADLOCK_DETECTION: 'false' }).workflowThreads;
    expect(settings).toEqual({ stackTraces: false, deadlockDetection: false });
    const n = spinFor(600);
    const result = await withWorker(settings, (taskQueue) => client.workflow.execute('spin', { workflowId: `spin-${crypto.randomUUID()}`, taskQueue, args: [n] }), timeout);
    expect(typeof result).toBe('number');
  });
});

it('threads other than the SDK workflow threads start as they would', async () => {
  configureWorkflowThreads({ stackTraces: false, deadlockDetection: false });
  expect(workflowThreadSettings()).toEqual({ stackTraces: false, deadlockDetection: false });
  const answer = await new Promise((resolve, reject) => {
    const t = new NodeThread(`require('node:worker_threads').parentPort.postMessage(typeof require('node:vm').Script.prototype.runInContext)`, { eval: true });
    t.once('message', resolve);
    t.once('error', reject);
  });
  expect(answer).toBe('function');
});

it('a bad value is refused at start-up', () => {
  expect(() => loadConfig({ WORKFLOW_STACK_TRACES: 'sometimes' })).toThrow(/WORKFLOW_STACK_TRACES/);
  expect(() => loadConfig({ WORKFLOW_DEADLOCK_DETECTION: 'off' })).toThrow(/WORKFLOW_DEADLOCK_DETECTION/);
});

describe('an SDK that moved what a setting changes', () => {
  const setup = createRequire(import.meta.url)('../../worker/workflow-thread-setup.cjs') as { apply(settings: WorkflowThreadSettings, sdkThreadFile: string): void };
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  /** A stand-in for the SDK's workflow folder whose modules lack what the setup changes (`vmShared`: its vm-shared.js). */
  function movedSdk(vmShared = 'exports.globalHandlers = { install() {} };') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'moved-sdk-'));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'vm-shared.js'), vmShared);
    fs.writeFileSync(path.join(dir, 'reusable-vm.js'), 'exports.ReusableVMWorkflowCreator = class { static create() {} };');
    fs.writeFileSync(path.join(dir, 'vm.js'), 'exports.VMWorkflowCreator = class {};');
    return path.join(dir, 'workflow-worker-thread.js');
  }

  it('stops the thread with an error that names the setting that starts without it, instead of silently keeping the cost', () => {
    expect(() => setup.apply({ stackTraces: false, deadlockDetection: true }, movedSdk())).toThrow(/WORKFLOW_STACK_TRACES=true starts without it/);
    expect(() => setup.apply({ stackTraces: true, deadlockDetection: false }, movedSdk())).toThrow(/no VMWorkflowCreator.create.*WORKFLOW_DEADLOCK_DETECTION=true starts without it/);
    // The promise hook is where it was, the activation is not: the limit per activation cannot be set.
    const hookOnly = movedSdk('exports.globalHandlers = { setPromiseHook() {} };');
    fs.writeFileSync(path.join(path.dirname(hookOnly), 'vm.js'), 'exports.VMWorkflowCreator = class { static create() {} };');
    expect(() => setup.apply({ stackTraces: false, deadlockDetection: true }, hookOnly)).toThrow(/WORKFLOW_DEADLOCK_DETECTION=true: .*no ReusableVMWorkflowCreator.prototype.createWorkflow.*WORKFLOW_STACK_TRACES=true starts without it/);
    // Both off: only both on starts without the setup.
    expect(() => setup.apply({ stackTraces: false, deadlockDetection: false }, movedSdk('exports.globalHandlers = { setPromiseHook() {} };'))).toThrow(
      /no VMWorkflowCreator.create.*WORKFLOW_STACK_TRACES=true and WORKFLOW_DEADLOCK_DETECTION=true start without it/,
    );
    // With the SDK's own settings nothing is looked up.
    expect(() => setup.apply({ stackTraces: true, deadlockDetection: true }, movedSdk())).not.toThrow();
  });
});
