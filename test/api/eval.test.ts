/** The eval endpoints and the browser client (headless Chromium), against the scripted model. */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, hasBrowser } from '../support/browser.js';
import { createHarness, KEYS, type Harness } from '../support/harness.js';
import { world } from '../support/world.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ responder: world, worker: false, evalWorker: true });
});
afterAll(async () => h?.close());

describe('eval endpoints', () => {
  it('GET /eval/dataset returns the scenarios', async () => {
    const r = await h.json('GET', '/eval/dataset');
    expect(r.status).toBe(200);
    expect(r.body.scenarios).toHaveLength(72);
    expect(r.body.scenarios[0]).toMatchObject({ id: 'initial_routing-01', category: 'initial_routing', state: { question: expect.any(String) }, expected: { decisions: expect.any(Array) } });
  });

  it('POST /eval/:category runs it through decide() for admins only', async () => {
    expect((await h.json('POST', '/eval/irrelevant')).status).toBe(403);
    expect((await h.json('POST', '/eval/nonsense', { key: KEYS.admin })).status).toBe(400);
    const r = await h.json('POST', '/eval/irrelevant', { key: KEYS.admin });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ category: 'irrelevant', passed: 10, total: 10, model: 'scripted-orchestrator' });
    expect(r.body.results[0]).toMatchObject({ id: 'irrelevant-01', pass: true, expected: [{ type: 'return_to_user' }], actual: { type: 'return_to_user' } });
    expect(r.body.results[0].latencyMs).toBeGreaterThanOrEqual(0);
    // It ran as the eval workflow on the eval task queue: the same durable run `npm run eval` starts.
    expect(r.body.runId).toMatch(/^eval-irrelevant-/);
    expect(r.headers.get('location')).toBe(`/eval/runs/${r.body.runId}`);
    const d = await h.client.workflow.getHandle(r.body.runId).describe();
    expect(d).toMatchObject({ type: 'evalWorkflow', taskQueue: h.config.temporal.evalTaskQueue, status: { name: 'COMPLETED' } });
    const again = await h.json('GET', `/eval/runs/${r.body.runId}`, { key: KEYS.admin });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'completed', runId: r.body.runId, passed: 10, total: 10, summary: { irrelevant: { passed: 10, total: 10 } } });
  });

  it('?wait=false answers 202 with the run to follow; runs are for admins, and only eval runs are runs', async () => {
    const r = await h.json('POST', '/eval/irrelevant?wait=false&concurrency=2', { key: KEYS.admin });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ runId: expect.stringMatching(/^eval-irrelevant-/), status: 'running' });
    expect(r.headers.get('location')).toBe(r.body.location);
    expect((await h.json('GET', r.body.location)).status).toBe(403);
    expect((await h.json('GET', r.body.location, { key: KEYS.bob })).status).toBe(403);
    let body: any;
    for (let i = 0; i < 100; i++) {
      body = (await h.json('GET', r.body.location, { key: KEYS.admin })).body;
      if (body.status === 'completed') break;
      expect(body).toMatchObject({ status: 'running', runId: r.body.runId });
      await new Promise((ok) => setTimeout(ok, 100));
    }
    expect(body).toMatchObject({ status: 'completed', passed: 10, total: 10 });
    // A turn's workflow id, a made-up run and a path trick are not eval runs.
    const turn = await h.client.workflow.start('turnWorkflow', { workflowId: `eval-not-really-${crypto.randomUUID()}`, taskQueue: h.taskQueue, args: [{ turnId: 't', conversationId: 'c', userId: 'u', question: 'q', namespace: 'default' }] });
    expect((await h.json('GET', `/eval/runs/${turn.workflowId}`, { key: KEYS.admin })).status).toBe(404);
    await turn.terminate('test');
    expect((await h.json('GET', `/eval/runs/eval-all-${crypto.randomUUID()}`, { key: KEYS.admin })).status).toBe(404);
    expect((await h.json('GET', '/eval/runs/turn-..%2F..', { key: KEYS.admin })).status).toBe(404);
    expect((await h.json('POST', '/eval/irrelevant?wait=maybe', { key: KEYS.admin })).status).toBe(400);
  });
});

describe('the browser client at /eval/', () => {
  it.skipIf(!hasBrowser)('loads the scenarios, runs a category and shows the table', async () => {
    const { chromium: pw } = await import('playwright-core');
    const browser = await pw.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } }); // a phone
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${h.api.url}/eval/`);
      await page.fill('#key', KEYS.admin);
      await page.press('#key', 'Tab'); // change event: the dataset loads
      await page.waitForSelector('tr[data-id="initial_routing-01"]');
      expect(await page.locator('#rows tr').count()).toBe(72);
      await page.selectOption('#category', 'irrelevant');
      expect(await page.locator('#rows tr').count()).toBe(10);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter'); // the Run button, by keyboard
      await page.waitForSelector('.score');
      expect(await page.textContent('.score')).toBe('10 / 10');
      expect(await page.locator('#rows .pass').count()).toBe(10);
      await page.screenshot({ path: 'test/.artifacts/eval-page.png', fullPage: true });
      expect(errors).toEqual([]);
      // Readable on a phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await browser.close();
    }
  });
});
