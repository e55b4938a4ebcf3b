/**
 * A booking is real only when a human approved it and the database committed it, exactly once:
 * across a full restart of API, worker and Temporal server; with the worker killed during the commit;
 * and with twenty turns racing for one slot.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../adapters/db.js';
import type { TurnView } from '../../domain/types.js';
import { freePort, startDevServer } from '../../app/dev-server.js';
import * as messages from '../../workflows/temporal-messages.js';
import { createHarness, KEYS, readSse, type Harness } from '../support/harness.js';
import { createTempDatabase, postgresAvailable } from '../support/postgres.js';
import { startScriptedLlm } from '../support/scripted-llm.js';
import { booker, futureSlot, turnInput } from '../support/world.js';
import { spawnWorkerProcess } from '../support/worker-process.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

describe('a turn waiting for approval survives a full restart', () => {
  it('stops API, worker and Temporal (database file kept), starts them again, approves: one booking', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copilot-restart-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const dbFile = path.join(dir, 'temporal.sqlite');
    const port = await freePort();
    const db = await openDatabase({ inMemory: true });
    cleanups.push(() => db.close());
    const taskQueue = `restart-${crypto.randomUUID()}`;
    const slot = futureSlot(40, 10);

    const dev1 = await startDevServer({ port, dbFile });
    const h1 = await createHarness({ temporalAddress: dev1.address, taskQueue, db, responder: booker(slot) });
    const q = await h1.json('POST', '/query', { body: { question: 'book room 3 for sarah' } });
    expect(q.body.status).toBe('awaiting_approval');
    const approvalId = q.body.pendingApprovals[0].approvalId;
    await h1.close();
    await dev1.stop();

    const dev2 = await startDevServer({ port, dbFile });
    cleanups.push(() => dev2.stop());
    const h2 = await createHarness({ temporalAddress: dev2.address, taskQueue, db, responder: booker(slot) });
    cleanups.push(() => h2.close());
    // The paused turn is still there, still waiting.
    expect((await h2.json('GET', `/turns/${q.body.turnId}`)).body).toMatchObject({ status: 'awaiting_approval', pendingApprovals: [{ approvalId }] });
    const ok = await h2.json('POST', `/turns/${q.body.turnId}/approvals/${approvalId}`, { key: KEYS.bob, body: { decision: 'approve' } });
    expect(ok.status).toBe(200);
    expect(ok.body.approval.outcome.outcome).toBe('committed');
    const events = await readSse(await h2.request('GET', `/turns/${q.body.turnId}/events`));
    expect(events.at(-1)!.type).toBe('turn.completed');
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i)); // the log survived whole
    expect((await db.query<{ n: number }>(`select count(*)::int as n from bookings`)).rows[0]!.n).toBe(1);
  }, 120_000);
});

const hasPostgres = await postgresAvailable();

describe('the worker killed during the commit', () => {
  it.skipIf(!hasPostgres)('on real PostgreSQL: after restart, exactly one row', async () => {
    const tmp = await createTempDatabase();
    cleanups.push(() => tmp.drop());
    const slot = futureSlot(41, 10);
    const llm = await startScriptedLlm(booker(slot));
    cleanups.push(() => llm.close());
    const taskQueue = `commit-kill-${crypto.randomUUID()}`;
    const spawnWorker = () => {
      const w = spawnWorkerProcess({ ORCHESTRATOR_BASE_URL: llm.url, AGENT_BASE_URL: llm.url, TEMPORAL_ADDRESS: inject('temporalAddress'), TEMPORAL_TASK_QUEUE: taskQueue, DATABASE_URL: tmp.url });
      cleanups.push(() => w.kill('SIGKILL'));
      return w;
    };

    const w1 = spawnWorker();
    await w1.ready;
    const connection = await Connection.connect({ address: inject('temporalAddress') });
    cleanups.push(() => connection.close());
    const client = new Client({ connection });
    const input = turnInput('book room 3 for sarah', { approvers: ['bob'] });
    const { turnId } = input;
    const handle = await client.workflow.start('turnWorkflow', { workflowId: `turn-${turnId}`, taskQueue, args: [input] });
    await expect.poll(async () => (await handle.query(messages.state)).approvals.length, { timeout: 20_000 }).toBe(1);
    const { approvalId } = (await handle.query(messages.state)).approvals[0]!;

    // Hold the bookings table so the commit blocks inside the database, then kill its worker there.
    const locker = new pg.Client({ connectionString: tmp.url });
    await locker.connect();
    cleanups.push(() => locker.end());
    // A second connection watches: pg_stat_activity is a snapshot fixed for the length of a transaction.
    const watcher = new pg.Client({ connectionString: tmp.url });
    await watcher.connect();
    cleanups.push(() => watcher.end());
    await locker.query('begin');
    await locker.query('lock table bookings in access exclusive mode');
    await handle.signal(messages.approval, { approvalId, decision: 'approve', userId: 'bob' });
    await expect
      .poll(async () => (await watcher.query(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%create_booking%'`)).rows[0].n, { timeout: 20_000 })
      .toBe(1);
    await w1.kill('SIGKILL');
    // The orphaned statement now completes and commits: the write happened, but no worker reported it.
    await locker.query('rollback');

    const w2 = spawnWorker();
    await w2.ready;
    const view = (await handle.result()) as TurnView;
    expect(view.receipts).toHaveLength(1);
    const history = await handle.fetchHistory();
    const commits = history.events!.filter((e) => e.activityTaskStartedEventAttributes && e.activityTaskStartedEventAttributes.attempt! >= 2);
    expect(commits.length).toBeGreaterThanOrEqual(1); // the commit ran again on the new worker…
    const rows = await locker.query(`select id from bookings`);
    expect(rows.rows.map((r) => r.id)).toEqual([view.receipts[0]!.bookingId]); // …and wrote nothing twice
    expect((await locker.query(`select count(*)::int as n from booking_writes`)).rows[0].n).toBe(1);
    await w2.kill('SIGTERM');
  }, 150_000);
});

describe('twenty turns asking for the same room and slot', () => {
  let h: Harness;
  afterAll(async () => h?.close());

  it('all approved: exactly one booking, nineteen honest conflicts', async () => {
    const slot = futureSlot(42, 16);
    h = await createHarness({ responder: booker(slot) });
    const started = await Promise.all(
      Array.from({ length: 20 }, (_, i) => h.json('POST', '/turns', { body: { question: `book room 3 for sarah (${i})` } })),
    );
    expect(started.every((r) => r.status === 202)).toBe(true);
    const ids: string[] = started.map((r) => r.body.turnId);
    // All twenty wait for approval before any is approved: every pre-check saw a free room.
    const pending = await Promise.all(
      ids.map(async (id) => {
        await expect.poll(async () => (await h.json('GET', `/turns/${id}`)).body.status, { timeout: 60_000, interval: 200 }).toBe('awaiting_approval');
        return (await h.json('GET', `/turns/${id}`)).body.pendingApprovals[0].approvalId as string;
      }),
    );
    const decided = await Promise.all(ids.map((id, i) => h.json('POST', `/turns/${id}/approvals/${pending[i]}`, { key: KEYS.bob, body: { decision: 'approve' } })));
    expect(decided.every((r) => r.status === 200)).toBe(true);
    const turns = await Promise.all(
      ids.map(async (id) => {
        await readSse(await h.request('GET', `/turns/${id}/events`));
        return (await h.json('GET', `/turns/${id}`)).body;
      }),
    );
    const booked = turns.filter((t) => t.receipts.length === 1);
    const refused = turns.filter((t) => t.receipts.length === 0);
    expect(booked).toHaveLength(1);
    expect(refused).toHaveLength(19);
    expect(booked[0].answer).toContain(booked[0].receipts[0].bookingId);
    for (const t of refused) {
      expect(t.answer).toMatch(/Not booked: the slot was taken/);
      expect(t.answer).not.toMatch(/bk_/);
    }
    expect((await h.db.query<{ n: number }>(`select count(*)::int as n from bookings`)).rows[0]!.n).toBe(1);
  }, 150_000);
});
