/**
 * A worker process as an operator runs it (`npm run worker`): JSON logs carrying the turn, conversation
 * and workflow ids; its own /metrics and /healthz on METRICS_PORT; OpenTelemetry traces through
 * Temporal's interceptors to an OTLP endpoint, continuing the trace the client started; and a graceful
 * stop that lets an in-flight model call finish instead of repeating it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { setupTracing, type Tracing } from '../../adapters/tracing.js';
import { isOrchestrator, startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.js';
import { startOtlpCollector } from '../support/otlp-collector.js';
import { turnInput, world } from '../support/world.js';
import { scriptedWorkerEnv, spawnWorkerProcess, type WorkerProcess } from '../support/worker-process.js';

let llm: ScriptedLlm;
let collector: Awaited<ReturnType<typeof startOtlpCollector>>;
let tracing: Tracing;
let client: Client;
let connection: Connection;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copilot-obs-'));
const taskQueue = `obs-${crypto.randomUUID()}`;
const workers: WorkerProcess[] = [];
const PRICES = { 'scripted-orchestrator': { input: 1, output: 2 }, 'scripted-agent': { input: 1, output: 2 } };

const startWorker = () => {
  const w = spawnWorkerProcess({
    ...scriptedWorkerEnv({ llmUrl: llm.url, temporalAddress: inject('temporalAddress'), taskQueue, dataDir }),
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    OTEL_SERVICE_NAME: 'copilot-worker',
    WORKER_SHUTDOWN_GRACE: '20s',
  });
  workers.push(w);
  return w;
};
const logLines = (w: WorkerProcess) =>
  w
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, any>);
const metricsUrl = (w: WorkerProcess) => logLines(w).find((l) => l.msg?.includes('/metrics and /healthz'))!.url as string;
async function until<T>(fn: () => T | undefined | false, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  llm = await startScriptedLlm(world);
  collector = await startOtlpCollector();
  // The client side, as the API sets it up: starts become spans whose context rides to the workflow.
  tracing = setupTracing({ tracesUrl: `${collector.url}/v1/traces`, serviceName: 'copilot-api' })!;
  connection = await Connection.connect({ address: inject('temporalAddress') });
  client = new Client({ connection, interceptors: tracing.clientInterceptors });
});
afterAll(async () => {
  for (const w of workers) await w.kill('SIGKILL');
  await tracing?.shutdown();
  await connection?.close();
  await llm?.close();
  await collector?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a worker process', () => {
  let w: WorkerProcess;
  let input: ReturnType<typeof turnInput>;

  it('runs a turn and logs it as JSON with the turn, conversation and workflow ids', async () => {
    w = startWorker();
    await w.ready;
    input = turnInput('Which rooms have a projector?');
    // Prices ride in the turn's input (the API puts MODEL_PRICES there), so replay prices the same.
    input.settings.prices = PRICES;
    const view: any = await client.workflow.execute('turnWorkflow', { workflowId: `turn-${input.turnId}`, taskQueue, args: [input] });
    expect(view.status).toBe('completed');
    const finished = await until(() => logLines(w).find((l) => l.msg === 'turn finished' && l.turnId === input.turnId), 'the "turn finished" log line');
    expect(finished).toMatchObject({
      level: 30,
      turnId: input.turnId,
      conversationId: input.conversationId,
      userId: 'alice',
      workflowId: `turn-${input.turnId}`,
      workflowType: 'turnWorkflow',
      status: 'completed',
      hops: view.hops,
      tokens: view.usage.total.totalTokens,
    });
    expect(finished.costUsd).toBeGreaterThan(0);
    expect(logLines(w).some((l) => l.msg === 'turn started' && l.turnId === input.turnId && l.runId)).toBe(true);
    // The question never reaches the logs (it may carry personal data); SDK chatter stays below warnings.
    expect(w.output()).not.toContain('Which rooms have a projector?');
    expect(logLines(w).filter((l) => l.level < 40 && l.sdkComponent && !['workflow', 'activity'].includes(l.sdkComponent))).toEqual([]);
    expect(finished.name).toBe('worker');
  });

  it('serves its metrics and health on METRICS_PORT', async () => {
    const base = metricsUrl(w);
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', workers: ['RUNNING', 'RUNNING'] });
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toMatch(/^copilot_turns_total\{outcome="answered"\} 1$/m);
    expect(text).toMatch(/^copilot_turn_hops_count 1$/m);
    expect(text).toMatch(/^copilot_model_tokens_total\{model="scripted-orchestrator",agent="orchestrator",kind="prompt"\} 200$/m);
    expect(text).toMatch(/^copilot_model_latency_seconds_count\{model="scripted-agent",agent="booking_agent"\} 2$/m);
    expect(text).toMatch(/^copilot_cost_usd_total\{model="scripted-orchestrator"\} 0\.00028$/m);
    expect(text).toMatch(/^copilot_activity_duration_seconds_count\{activity="decide",result="ok"\} 2$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('exports OpenTelemetry spans for the workflow and its activities, in the trace the client started', async () => {
    await tracing.shutdown(); // flushes the client's spans
    const run = await until(() => collector.spans.find((s) => s.name === 'RunWorkflow:turnWorkflow' && s.service === 'copilot-worker'), 'the workflow span');
    const start = collector.spans.find((s) => s.name === 'StartWorkflow:turnWorkflow' && s.service === 'copilot-api');
    expect(start).toBeDefined();
    expect(run.traceId).toBe(start!.traceId);
    const activities = await until(() => {
      const names = collector.spans.filter((s) => s.traceId === run.traceId && s.name.startsWith('RunActivity:')).map((s) => s.name);
      return names.includes('RunActivity:decide') && names.includes('RunActivity:persistTurn') && names;
    }, 'the activity spans');
    expect(activities).toContain('RunActivity:agentStep');
    tracing = setupTracing({ tracesUrl: `${collector.url}/v1/traces`, serviceName: 'copilot-api' })!;
  });

  it('stops gracefully: SIGTERM lets the in-flight model call finish (not repeated), and another worker completes the turn', async () => {
    let orchestratorCalls = 0;
    let inFlight!: () => void;
    const callStarted = new Promise<void>((r) => (inFlight = r));
    llm.respond((req) => {
      if (isOrchestrator(req)) {
        orchestratorCalls++;
        if (orchestratorCalls === 1) {
          inFlight();
          return { ...world(req, 0), delayMs: 2500 } as any;
        }
      }
      return world(req, 0);
    });
    const slow = turnInput('Which rooms have a projector?');
    const handle = await client.workflow.start('turnWorkflow', { workflowId: `turn-${slow.turnId}`, taskQueue, args: [slow] });
    await callStarted;
    const exited = new Promise<number | null>((r) => w.child.once('exit', (code) => r(code)));
    w.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The decision was delivered before the worker left: its activity completed on the first attempt.
    const history = await handle.fetchHistory();
    const completed = history.events!.filter((e) => e.activityTaskCompletedEventAttributes);
    expect(completed.length).toBeGreaterThanOrEqual(1);
    const w2 = startWorker();
    await w2.ready;
    const view: any = await handle.result();
    expect(view.status).toBe('completed');
    expect(orchestratorCalls).toBe(2); // the first decide ran once; only the final one followed
    w = w2;
  });
});
