/**
 * Turns started eagerly: under `npm start` the API shares the turn worker's connection, so the server
 * hands a turn's first workflow task back in the start call's answer (api/server.ts). What a user of the
 * API must never notice: a turn that could not start eagerly (the worker stopped, its slots full, an API
 * with a connection of its own) is dispatched by the server and answers the same.
 * `copilot_turns_started_total{dispatch}` says which way each turn went.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, KEYS, type Harness } from '../support/harness.js';
import { sample, scrapeMetrics } from '../support/metrics.js';
import { seedPolicy, world } from '../support/world.js';

const started = async (h: Harness) => {
  const text = await scrapeMetrics(h, KEYS.admin);
  return { eager: sample(text, 'copilot_turns_started_total', 'dispatch="eager"'), server: sample(text, 'copilot_turns_started_total', 'dispatch="server"') };
};
const delta = (a: { eager: number; server: number }, b: { eager: number; server: number }) => ({ eager: b.eager - a.eager, server: b.server - a.server });
/** A harness for the describe block around it, with the policy PDF's passages seeded. */
function harness(opts: Parameters<typeof createHarness>[0]) {
  const ref: { h?: Harness } = {};
  beforeAll(async () => {
    ref.h = await createHarness({ responder: world, ...opts });
    await seedPolicy(ref.h.db, ref.h.runtime.deps.knowledge);
  });
  afterAll(async () => ref.h?.close());
  return () => ref.h!;
}
const ask = (h: Harness) => h.json('POST', '/query', { body: { question: 'What is the client meal policy?' } });
/** `n` questions at once: every one answers; how their starts were counted (each once, one way or the other). */
async function atOnce(h: Harness, n: number) {
  const before = await started(h);
  const answers = await Promise.all(Array.from({ length: n }, () => ask(h)));
  expect(answers.map((a) => a.body.status)).toEqual(Array(n).fill('completed'));
  const d = delta(before, await started(h));
  expect(d.eager + d.server).toBe(n);
  return d;
}

describe('an API sharing the worker connection (npm start)', () => {
  const harnessNow = harness({});

  it('starts a turn eagerly on its worker, and the turn answers from the documents', async () => {
    const h = harnessNow();
    const before = await started(h);
    const { status, body } = await ask(h);
    expect(status).toBe(200);
    expect(body.status).toBe('completed');
    expect(body.sources.length).toBeGreaterThan(0);
    expect(delta(before, await started(h))).toEqual({ eager: 1, server: 0 });
    // The history is an ordinary one: started, its first task, and the turn to its end. (The answer can
    // reach the API before the workflow's last task is recorded: it is told by push.)
    const handle = h.client.workflow.getHandle(`turn-${body.turnId}`);
    await handle.result();
    const history = await handle.fetchHistory();
    expect(history.events?.[0]?.workflowExecutionStartedEventAttributes?.taskQueue?.name).toBe(h.taskQueue);
    expect(history.events?.at(-1)?.workflowExecutionCompletedEventAttributes).toBeTruthy();
  });

  it('with the worker stopped, a turn is dispatched by the server and answers once a worker is back', async () => {
    const h = harnessNow();
    await h.stopWorker();
    const before = await started(h);
    const res = await h.json('POST', '/turns', { body: { question: 'What is the client meal policy?' } });
    expect(res.status).toBe(202);
    expect(delta(before, await started(h))).toEqual({ eager: 0, server: 1 });
    await h.startWorker();
    let view;
    for (let i = 0; i < 100; i++) {
      view = (await h.json('GET', `/turns/${res.body.turnId}`)).body;
      if (view.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(view.status).toBe('completed');
    expect(view.sources.length).toBeGreaterThan(0);
  });

  it('eight turns at once: every one answers, each counted once', async () => {
    expect((await atOnce(harnessNow(), 8)).eager).toBeGreaterThan(0);
  });
});

describe('a worker with no free workflow-task slot (its two pollers hold them)', () => {
  const harnessNow = harness({ env: { WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: '2' } });

  it('gets its turns from the server instead, and every one answers', async () => {
    expect((await atOnce(harnessNow(), 6)).server).toBeGreaterThan(0);
  });
});

describe('an API with a connection of its own (npm run api)', () => {
  const harnessNow = harness({ apiConnection: 'own' });

  it('never asks for an eager start: the server dispatches the turn, which answers the same', async () => {
    const h = harnessNow();
    const before = await started(h);
    const { body } = await ask(h);
    expect(body.status).toBe('completed');
    expect(body.sources.length).toBeGreaterThan(0);
    expect(delta(before, await started(h))).toEqual({ eager: 0, server: 1 });
  });
});
