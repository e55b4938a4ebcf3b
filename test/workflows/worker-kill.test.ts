/**
 * The worker process is SIGKILLed while a model call is in flight; a new worker process picks the
 * turn up from Temporal and finishes it. The embedded database is reopened after the kill.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase } from '../../adapters/db.js';
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.js';
import { turnInput, world } from '../support/world.js';
import { scriptedWorkerEnv, spawnWorkerProcess, type WorkerProcess } from '../support/worker-process.js';

let llm: ScriptedLlm;
let client: Client;
let connection: Connection;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copilot-kill-'));
const taskQueue = `kill-${crypto.randomUUID()}`;
const workers: WorkerProcess[] = [];

function startWorkerProcess() {
  const w = spawnWorkerProcess(scriptedWorkerEnv({ llmUrl: llm.url, temporalAddress: inject('temporalAddress'), taskQueue, dataDir }));
  workers.push(w);
  return w;
}

beforeAll(async () => {
  llm = await startScriptedLlm(world);
  connection = await Connection.connect({ address: inject('temporalAddress') });
  client = new Client({ connection });
});
afterAll(async () => {
  for (const w of workers) await w.kill('SIGKILL');
  await connection?.close();
  await llm?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Starts a turn on a fresh worker process whose first model call never answers, and SIGKILLs that worker
 * while the call is in flight; returns the turn's handle with a second worker running.
 */
async function killMidModelCall(input: ReturnType<typeof turnInput>) {
  let release!: () => void;
  const firstCallSeen = new Promise<void>((r) => (release = r));
  let hung = false; // the scripted server counts requests across tests: hang this test's first one
  llm.respond((req, n) => {
    if (!hung) {
      hung = true;
      release();
      return { hang: true };
    }
    return world(req, n);
  });
  const w1 = startWorkerProcess();
  await w1.ready;
  const handle = await client.workflow.start('turnWorkflow', { workflowId: `turn-${input.turnId}`, taskQueue, args: [input] });
  await firstCallSeen;
  await w1.kill('SIGKILL');
  const w2 = startWorkerProcess();
  await w2.ready;
  return { handle, w2 };
}

it('a new worker finishes a turn whose worker was killed mid model call', async () => {
  const input = turnInput('What is the client meal policy?');
  const { turnId } = input;
  const { handle, w2 } = await killMidModelCall(input);
  const view: any = await handle.result();
  expect(view.status).toBe('completed');
  expect(view.decisions).toEqual([{ type: 'call_agents', agents: ['knowledge_base_agent'] }, { type: 'return_to_user' }]);
  // Nothing seeded in this worker's database: the agent honestly found nothing.
  expect(view.answer).toMatch(/could not find this in the documents/);
  // The orchestrator call was attempted again after the heartbeat timeout, on the new worker.
  const history = await handle.fetchHistory();
  const failedAttempts = history.events!.filter((e) => e.activityTaskTimedOutEventAttributes);
  expect(failedAttempts.length).toBe(0); // retried within the same activity, not timed out for good
  const started = history.events!.filter((e) => e.activityTaskStartedEventAttributes);
  expect(started.some((e) => (e.activityTaskStartedEventAttributes!.attempt ?? 1) >= 2)).toBe(true);

  await w2.kill('SIGTERM');
  // The turn was saved once in the embedded database, which reopens cleanly after the kill.
  const db = await openDatabase({ dataDir });
  try {
    const rows = (await db.query<{ id: string; status: string }>('select id, status from turns where id = $1', [turnId])).rows;
    expect(rows).toEqual([{ id: turnId, status: 'completed' }]);
  } finally {
    await db.close();
  }
}, 120_000);

it('with model calls as local activities, a new worker replays the turn and repeats the steps its workflow task had not recorded', async () => {
  const input = turnInput('What is the client meal policy?');
  input.settings.localActivities = 'all';
  const { handle, w2 } = await killMidModelCall(input);
  const view: any = await handle.result();
  expect(view.status).toBe('completed');
  expect(view.decisions).toEqual([{ type: 'call_agents', agents: ['knowledge_base_agent'] }, { type: 'return_to_user' }]);
  // The dead worker's workflow task timed out; the new worker ran the turn's steps again from the start.
  const history = await handle.fetchHistory();
  expect(history.events!.some((e) => e.workflowTaskTimedOutEventAttributes)).toBe(true);
  // Every step, the turn's record included, is a local activity.
  expect(history.events!.filter((e) => e.activityTaskScheduledEventAttributes).map((e) => e.activityTaskScheduledEventAttributes!.activityType!.name)).toEqual([]);
  await w2.kill('SIGTERM');
}, 120_000);
