/**
 * Load on one worker: 200 concurrent turns, 20 concurrent ingestions, and 1,000 turns waiting for
 * approval at once with a small sticky cache (evicted workflows replay from history when their signal
 * arrives). Everything completes, nothing is lost or duplicated. The figures printed here are the
 * README's load table.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, KEYS, type Harness } from '../support/harness.js';
import { pool } from '../support/pool.js';
import { numberedSlotBooker, seedPolicy, world } from '../support/world.js';

const MB = 1024 * 1024;
const rssMb = () => Math.round(process.memoryUsage().rss / MB);
const heapMb = () => Math.round(process.memoryUsage().heapUsed / MB);

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('200 concurrent turns and 20 concurrent ingestions on one worker', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ responder: world });
    await seedPolicy(h.db, h.runtime.deps.knowledge);
  });
  afterAll(async () => h?.close());
  const count = async (sql: string) => (await h.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`)).rows[0]!.n;

  it('200 turns started at once all complete, each answered from its own agents', async () => {
    const questions = Array.from({ length: 200 }, (_, i) => (i % 3 === 0 ? 'What is the client meal policy?' : i % 3 === 1 ? 'Is room 3 free tomorrow?' : 'hello'));
    const began = Date.now();
    const started = await Promise.all(questions.map((question) => h.json('POST', '/turns', { body: { question } })));
    expect(started.map((s) => s.status)).toEqual(questions.map(() => 202));
    const views = await Promise.all(started.map((s) => h.client.workflow.getHandle(`turn-${s.body.turnId}`).result() as Promise<any>));
    const seconds = (Date.now() - began) / 1000;
    expect(views.filter((v) => v.status !== 'completed')).toEqual([]);
    views.forEach((v, i) => {
      if (i % 3 === 0) expect(v.answer).toContain('60 EUR');
      else if (i % 3 === 1) expect(v.answer).toMatch(/Room 3 is (free|not free)/);
      else expect(v.answer).toMatch(/Hello/);
    });
    expect(await count(`turns where status = 'completed'`)).toBe(200);
    console.log(`[load] 200 concurrent turns: ${seconds.toFixed(1)} s, ${(200 / seconds).toFixed(1)} turns/s, rss ${rssMb()} MB`);
  });

  it('20 uploads at once are all indexed, each chunk once, nothing left staged', async () => {
    const pdf = fs.readFileSync('test/fixtures/acme-policy.pdf');
    const began = Date.now();
    const started = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const form = new FormData();
        form.append('namespace', 'load');
        // A different file each time: the same bytes would be one document, skipped 19 times.
        form.append('file', new Blob([new Uint8Array(Buffer.concat([pdf, Buffer.from(`\n%upload ${i}\n`)]))]), `policy-${i}.pdf`);
        const res = await fetch(`${h.api.url}/ingestion`, { method: 'POST', headers: { authorization: `Bearer ${KEYS.alice}` }, body: form });
        expect(res.status).toBe(202);
        return (await res.json()).ingestionId as string;
      }),
    );
    const results = await Promise.all(started.map((id) => h.client.workflow.getHandle(`ingest-${id}`).result() as Promise<any>));
    const seconds = (Date.now() - began) / 1000;
    expect(results.map((r) => r.status)).toEqual(started.map(() => 'completed'));
    expect(await count(`kb_documents where namespace = 'load' and content_hash is not null`)).toBe(20);
    expect(await count(`kb_chunks where namespace = 'load'`)).toBe(60);
    expect(await count(`(select document_id, chunk_index from kb_chunks where namespace = 'load' group by 1, 2 having count(*) > 1) d`)).toBe(0);
    expect(await count('ingest_chunks')).toBe(0);
    console.log(`[load] 20 concurrent ingestions: ${seconds.toFixed(1)} s`);
  });
});

describe('1,000 turns waiting for approval at once', () => {
  const N = 1000;
  const CACHE = 100;
  let h: Harness;
  const responder = numberedSlotBooker;

  beforeAll(async () => {
    h = await createHarness({ responder, env: { WORKER_MAX_CACHED_WORKFLOWS: String(CACHE), BOOKING_HORIZON_DAYS: '365' } });
  });
  afterAll(async () => h?.close());
  const count = async (sql: string) => (await h.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`)).rows[0]!.n;

  it(`all pause within a ${CACHE}-workflow sticky cache, then all commit once after approval`, async () => {
    global.gc?.();
    const before = { rss: rssMb(), heap: heapMb() };
    const began = Date.now();
    const turns = await pool(
      Array.from({ length: N }, (_, i) => i),
      50,
      async (i) => {
        const r = await h.json('POST', '/turns', { body: { question: `Book room 3 for my guest, slot ${i}` } });
        expect(r.status).toBe(202);
        return r.body.turnId as string;
      },
    );
    await until(`${N} pending approvals`, async () => (await count(`approvals where status = 'pending'`)) === N, 600_000);
    const pausedIn = (Date.now() - began) / 1000;
    global.gc?.();
    const paused = { rss: rssMb(), heap: heapMb() };
    expect(await count('bookings')).toBe(0);
    console.log(`[load] ${N} turns paused in ${pausedIn.toFixed(1)} s; rss ${before.rss} -> ${paused.rss} MB, heap ${before.heap} -> ${paused.heap} MB`);

    const pending = (await h.db.query<{ approval_id: string; turn_id: string }>(`select id as approval_id, turn_id from approvals where status = 'pending'`)).rows;
    const approveStart = Date.now();
    // As a client would: a 503 (the turn's worker busy) is retried after its Retry-After.
    let retried = 0;
    const answers = await pool(pending, 50, async (a) => {
      for (;;) {
        const r = await h.json('POST', `/turns/${a.turn_id}/approvals/${a.approval_id}`, { key: KEYS.bob, body: { decision: 'approve' } });
        if (r.status !== 503) return r;
        retried++;
        await new Promise((ok) => setTimeout(ok, Number(r.headers.get('retry-after') ?? 1) * 1000));
      }
    });
    const refused = answers.filter((a) => a.status >= 300);
    expect(refused.slice(0, 3).map((a) => `${a.status} ${a.body?.detail}`), `${refused.length} approvals refused`).toEqual([]);
    const views = await Promise.all(turns.map((id) => h.client.workflow.getHandle(`turn-${id}`).result() as Promise<any>));
    const drained = (Date.now() - approveStart) / 1000;
    expect(views.filter((v) => v.status !== 'completed' || v.receipts.length !== 1)).toEqual([]);
    expect(await count('bookings')).toBe(N);
    expect(await count(`(select starts_at from bookings group by 1 having count(*) > 1) d`)).toBe(0);
    expect(await count(`approvals where status = 'approved'`)).toBe(N);
    global.gc?.();
    console.log(
      `[load] ${N} paused turns (cache ${CACHE}): paused in ${pausedIn.toFixed(1)} s; process rss ${before.rss} -> ${paused.rss} MB (+${paused.rss - before.rss}), heap ${before.heap} -> ${paused.heap} MB; ` +
        `approved and drained in ${drained.toFixed(1)} s (${retried} approvals retried after a 503)`,
    );
  }, 1_800_000);
});
