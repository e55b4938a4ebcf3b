/**
 * The worker process is SIGKILLed while a model call is in flight; a new worker process picks the
 * turn up from Temporal and finishes it. The embedded database is reopened after the kill.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase } from '../../adapters/db.js';
import type { TurnInput } from '../../domain/types.js';
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.js';
import { world } from '../support/world.js';

let llm: ScriptedLlm;
let client: Client;
let connection: Connection;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copilot-kill-'));
const taskQueue = `kill-${crypto.randomUUID()}`;
const children: ChildProcess[] = [];

function startWorkerProcess(): { child: ChildProcess; ready: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
    env: {
      ...process.env,
      ORCHESTRATOR_BASE_URL: llm.url,
      AGENT_BASE_URL: llm.url,
      ORCHESTRATOR_MODEL: 'scripted-orchestrator',
      AGENT_MODEL: 'scripted-agent',
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      TEMPORAL_TASK_QUEUE: taskQueue,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += String(d);
      if (out.includes('worker running')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready:\n${out}`)));
  });
  return { child, ready };
}

beforeAll(async () => {
  llm = await startScriptedLlm(world);
  connection = await Connection.connect({ address: inject('temporalAddress') });
  client = new Client({ connection });
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await connection?.close();
  await llm?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('a new worker finishes a turn whose worker was killed mid model call', async () => {
  let release!: () => void;
  const firstCallSeen = new Promise<void>((r) => (release = r));
  // The first orchestrator call never answers: the worker dies while waiting on it.
  llm.respond((req, n) => {
    if (n === 0) {
      release();
      return { hang: true };
    }
    return world(req, n);
  });
  const w1 = startWorkerProcess();
  await w1.ready;

  const turnId = crypto.randomUUID();
  const input: TurnInput = {
    turnId,
    conversationId: `conv-${turnId}`,
    userId: 'alice',
    question: 'What is the client meal policy?',
    namespace: 'default',
    settings: { maxHops: 4, maxAgentRetries: 1, timezone: 'UTC' },
  };
  const handle = await client.workflow.start('turnWorkflow', { workflowId: `turn-${turnId}`, taskQueue, args: [input] });
  await firstCallSeen;
  w1.child.kill('SIGKILL');
  await new Promise((r) => w1.child.once('exit', r));

  const w2 = startWorkerProcess();
  await w2.ready;
  const view: any = await handle.result();
  expect(view.status).toBe('completed');
  expect(view.decisions).toEqual([{ type: 'call_agents', agents: ['knowledge_base_agent'] }, { type: 'return_to_user' }]);
  // Nothing seeded in this worker's database: the agent honestly found nothing.
  expect(view.answer).toMatch(/not in the documents/);
  // The orchestrator call was attempted again after the heartbeat timeout, on the new worker.
  const history = await handle.fetchHistory();
  const failedAttempts = history.events!.filter((e) => e.activityTaskTimedOutEventAttributes);
  expect(failedAttempts.length).toBe(0); // retried within the same activity, not timed out for good
  const started = history.events!.filter((e) => e.activityTaskStartedEventAttributes);
  expect(started.some((e) => (e.activityTaskStartedEventAttributes!.attempt ?? 1) >= 2)).toBe(true);

  w2.child.kill('SIGTERM');
  await new Promise((r) => w2.child.once('exit', r));
  // The turn was saved once in the embedded database, which reopens cleanly after the kill.
  const db = await openDatabase({ dataDir });
  try {
    const rows = (await db.query<{ id: string; status: string }>('select id, status from turns where id = $1', [turnId])).rows;
    expect(rows).toEqual([{ id: turnId, status: 'completed' }]);
  } finally {
    await db.close();
  }
}, 120_000);
