/** The eval endpoints and the browser client (headless Chromium), against the scripted model. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, hasBrowser } from '../support/browser.js';
import { createHarness, KEYS, type Harness } from '../support/harness.js';
import { world } from '../support/world.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ responder: world, worker: false });
});
afterAll(async () => h?.close());

describe('eval endpoints', () => {
  it('GET /eval/dataset returns the scenarios', async () => {
    const r = await h.json('GET', '/eval/dataset');
    expect(r.status).toBe(200);
    expect(r.body.scenarios).toHaveLength(60);
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
      expect(await page.locator('#rows tr').count()).toBe(60);
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
