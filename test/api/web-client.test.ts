/**
 * The web client end to end in headless Chromium (Debian's package, driven by playwright-core) against
 * the real API, worker and Temporal, with the scripted model: enter the key, ask, watch per-agent
 * progress, read the answer with sources and cost; ask for a booking, reload mid-turn (the stream
 * resumes), approve inline and see the receipt; upload a PDF and watch its progress bar finish; decide
 * an approval on /approvals. By keyboard where a person would use one; no console errors; phone width.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_PATH, hasBrowser } from '../support/browser.js';
import { createHarness, KEYS, type Harness } from '../support/harness.js';
import { agents, booker, futureSlot, seedPolicy, world } from '../support/world.js';
import { isOrchestrator, streamedText, toolResults } from '../support/scripted-llm.js';


const PRICES = { 'scripted-orchestrator': { input: 1, output: 2 }, 'scripted-agent': { input: 0.5, output: 1 } };

let h: Harness;
let browser: Browser;
beforeAll(async () => {
  h = await createHarness({ responder: world, env: { MODEL_PRICES: JSON.stringify(PRICES) } });
  await seedPolicy(h.db, h.runtime.deps.knowledge);
  if (!hasBrowser) return;
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

/** A page that collects console errors and uncaught exceptions. */
async function open(path: string, width = 1280): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  await page.goto(`${h.api.url}${path}`);
  return { page, errors };
}
/** Asks `question` as a person does (typed, then Enter); the card of its turn. */
async function ask(page: Page, question: string) {
  await page.fill('#question', question);
  await page.press('#question', 'Enter');
  return page.locator('article.turn').last();
}
async function signIn(page: Page, key = KEYS.alice) {
  await page.fill('#key-input', key);
  await page.press('#key-input', 'Enter');
  await page.waitForSelector('#whoami:has-text("·")');
}

describe('pages and content negotiation', () => {
  it('serves the pages to browsers and the API to everyone else, with a strict CSP', async () => {
    for (const p of ['/', '/documents', '/approvals']) {
      const page = await h.request('GET', p, { key: null, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
      expect(await page.text()).toMatch(/<script type="module" src="\/ui\/\w+\.js"><\/script>/);
    }
    // curl and fetch send */*: they get the API, which still wants a key.
    expect((await h.request('GET', '/documents', { key: null })).status).toBe(401);
    expect((await h.json('GET', '/documents')).body).toHaveProperty('documents');
    expect((await h.request('GET', '/ui/common.js', { key: null })).headers.get('content-type')).toMatch(/javascript/);
    expect((await h.request('GET', '/ui/nope.js', { key: null })).status).toBe(404);
    const me = await h.json('GET', '/me');
    expect(me.body).toMatchObject({ userId: 'alice', role: 'member', defaultNamespace: 'default', temporalUiUrl: 'http://127.0.0.1:8233', temporalNamespace: 'default' });
  });
});

describe.skipIf(!hasBrowser)('the web client in Chromium', () => {
  it('asks a question: per-agent progress, the answer with sources and cost, a Temporal link, the conversation in the sidebar', async () => {
    const { page, errors } = await open('/');
    await page.waitForSelector('#notice:has-text("Enter your API key")');
    await signIn(page);
    const card = await ask(page, 'What is the client meal policy?');
    const kb = card.locator('.progress li.ok[data-key$="knowledge_base_agent"]');
    await kb.waitFor();
    await card.locator('.answer').waitFor();
    expect(await card.locator('.progress li').first().textContent()).toMatch(/Orchestrator \(step 1\) asks Knowledge base/);
    // The step that answered reads as done under the finished turn, not as still writing; nothing is left under way.
    expect(await card.locator('.progress li[data-key="hop-2"]').textContent()).toBe('Orchestrator (step 2) wrote the answer');
    expect(await card.locator('.progress li.running').count()).toBe(0);
    // What the agent did and found, not its reply (model prose no check has read): the checked answer is the prose on show.
    expect(await kb.textContent()).toMatch(/Knowledge base answered · searched the documents/);
    expect(await kb.locator('.found').textContent()).toBe('Sources: policy.pdf p.1');
    expect(await kb.textContent()).not.toContain('60 EUR');
    expect(await card.locator('.answer').textContent()).toContain('60 EUR');
    expect(await card.locator('.sources li').first().textContent()).toMatch(/policy\.pdf, page 1/);
    expect(await card.locator('.meta .cost').textContent()).toBe('cost $0.00049');
    const turnId = await card.getAttribute('data-turn');
    expect(await card.locator('.meta a').getAttribute('href')).toBe(`http://127.0.0.1:8233/namespaces/default/workflows/turn-${turnId}`);
    await page.locator('#conversations a[aria-current="true"]:has-text("client meal policy")').waitFor();
    await page.screenshot({ path: 'test/.artifacts/web-ask.png', fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the answer growing as it is written, kept from the screen reader until the final answer replaces it', async () => {
    const answer = 'Client meals are reimbursed up to 60 EUR per person when a client attends (policy.pdf p.1). Alcohol is not reimbursed, and receipts are needed for every claim.';
    h.llm.respond((req) => {
      if (!isOrchestrator(req)) return agents(req);
      if (toolResults(req).length === 0) return { content: null, toolCalls: [{ name: 'knowledge_base_agent', arguments: { request: 'client meals policy' } }] };
      return streamedText(answer, { tokenDelayMs: 60 });
    });
    try {
      const { page, errors } = await open('/');
      await signIn(page);
      const card = await ask(page, 'What does the policy say about client meals?');
      const draft = card.locator('.answer.draft');
      await draft.waitFor();
      const first = (await draft.textContent())!.length;
      await page.waitForTimeout(400);
      const later = (await draft.textContent())!.length;
      expect(later).toBeGreaterThan(first);
      expect(answer.startsWith((await draft.textContent())!)).toBe(true);
      // Out of the live region while it grows: not read token by token.
      expect(await draft.getAttribute('aria-hidden')).toBe('true');
      expect(await card.getAttribute('aria-busy')).toBe('true');
      await page.screenshot({ path: 'test/.artifacts/web-draft.png', fullPage: true });
      const final = card.locator('.answer:not(.draft)');
      await final.waitFor();
      expect(await final.textContent()).toBe(answer);
      expect(await draft.count()).toBe(0);
      expect(await card.getAttribute('aria-busy')).toBeNull();
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      h.llm.respond(world);
    }
  });

  it('a turn ended while an agent works (terminated from the Temporal UI): the step says it stopped, not that it is still working', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    h.llm.respond(async (req, n) => {
      if (!isOrchestrator(req)) {
        await held;
        return agents(req);
      }
      return toolResults(req).length === 0 ? { content: null, toolCalls: [{ name: 'knowledge_base_agent', arguments: { request: 'client meals policy' } }] } : world(req, n);
    });
    try {
      const { page, errors } = await open('/');
      await signIn(page);
      const card = await ask(page, 'What does the policy say about client meals?');
      const working = card.locator('.progress li.running[data-key$="knowledge_base_agent"]');
      await working.waitFor();
      const turnId = (await card.getAttribute('data-turn'))!;
      await h.client.workflow.getHandle(`turn-${turnId}`).terminate('ended by an operator');
      await card.locator('.meta').waitFor();
      const stopped = card.locator('.progress li[data-key$="knowledge_base_agent"]');
      expect(await stopped.getAttribute('class')).toBe('error');
      expect(await stopped.textContent()).toMatch(/Knowledge base is working: .*\(stopped when the turn ended\)$/);
      expect(await card.locator('.progress li.running').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      release();
      h.llm.respond(world);
    }
  });

  it('an answer the check sent back: the trace says the answer was written again, and the held claim is not shown', async () => {
    const at = futureSlot(47, 14);
    h.llm.respond((req) => {
      if (isOrchestrator(req)) return toolResults(req).length === 0 ? { content: null, toolCalls: [{ name: 'booking_agent', arguments: { request: 'Can Sarah have Room 3 at 2pm?' } }] } : { content: "Room 3 is Sarah's at 2pm." };
      return toolResults(req).length === 0 ? { content: null, toolCalls: [{ name: 'check_availability', arguments: { room: 'Room 3', start: at.start, end: at.end } }] } : { content: 'Room 3 is free then.' };
    });
    try {
      const { page, errors } = await open('/');
      await signIn(page);
      const card = await ask(page, 'Can Sarah have Room 3 at 2pm that day?');
      await card.locator('.meta').waitFor();
      expect(await card.locator('.progress li[data-key="hop-2"]').textContent()).toBe('Orchestrator (step 2) wrote the answer');
      expect(await card.locator('.progress li[data-key="hop-3"]').textContent()).toBe('Orchestrator (step 3) wrote the answer again: the check sent the first back');
      expect(await card.locator('.answer').textContent()).toBe('No booking, change or cancellation was made in this turn.');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      h.llm.respond(world);
    }
  });

  it('books a room: the approval inline, a reload mid-turn resumes the stream, approve by keyboard, the receipt', async () => {
    h.llm.respond(booker(futureSlot(45, 14)));
    const { page, errors } = await open('/');
    await signIn(page);
    await page.fill('#question', 'Book room 3 for Sarah 2-3pm that day');
    await page.press('#question', 'Enter');
    await page.locator('.approval:has-text("Approval needed: Book Room 3")').waitFor();
    // An arriving approval leaves the focus where it was and announces itself: what the user types next
    // goes into the question box, and a Space or Enter there approves nothing.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('question');
    await page.locator('#announce:has-text("Approval needed: Book Room 3")').waitFor();
    await page.keyboard.type(' thanks');
    expect(await page.inputValue('#question')).toBe(' thanks');
    expect(await page.locator('.approval .outcome').textContent()).toBe('');
    await page.fill('#question', '');
    // Reload while the turn waits: the page finds its conversation and replays the stream.
    await page.reload();
    await page.locator('.approval:has-text("Approval needed: Book Room 3")').waitFor();
    const box = page.locator('.approval').last();
    expect(await box.locator('dl').textContent()).toMatch(/ForSarah/);
    expect(await page.locator('.progress li.running:has-text("Bookings")').count()).toBe(1);
    await box.locator('input').fill('ok for the offsite');
    await box.locator('button.approve').focus();
    await page.keyboard.press('Enter');
    await page.locator('.receipt').waitFor();
    expect(await page.locator('.receipt').textContent()).toMatch(/Receipt · .*Room 3/);
    expect(await box.locator('.outcome').textContent()).toMatch(/^Approved by alice\. Committed: /);
    // Decided, the box no longer asks for an approval.
    expect(await box.locator('h3').textContent()).toBe('Approved: Book Room 3');
    expect(await box.locator('dl').textContent()).toMatch(/Decided byalice/);
    expect(await box.locator('dl').textContent()).not.toMatch(/Expires/);
    expect(await page.locator('.answer').last().textContent()).toMatch(/Booked Room 3 for Sarah/);
    // What the write came to, stated by the system: its own block, apart from the model's prose.
    const stated = page.locator('.outcomes').last();
    expect(await stated.locator('h3').textContent()).toMatch(/^What happened \(stated by the system/);
    expect(await stated.locator('li.outcome-committed').textContent()).toMatch(/^Done: Booking · Room 3 · .* for Sarah \(receipt bk_\w+\)\.$/);
    expect(await page.locator('.answer').last().textContent()).not.toMatch(/What happened/);
    expect((await h.db.query<{ n: number }>(`select count(*)::int as n from bookings where booked_for = 'Sarah'`)).rows[0]!.n).toBe(1);
    // Beside the receipt: the booking's history, and an Undo within the window.
    const receipt = page.locator('.receipt').last();
    await receipt.locator('summary:has-text("History")').click();
    await receipt.locator('.history li:has-text("committed")').waitFor();
    expect((await receipt.locator('.history li').allTextContents()).map((t) => t.split(' · ')[1])).toEqual(['proposed create by alice', 'approved create by alice (“ok for the offsite”)', 'committed create by alice']);
    await page.screenshot({ path: 'test/.artifacts/web-booking.png', fullPage: true });
    await receipt.locator('button.undo').click();
    await receipt.locator('.undo-outcome:has-text("Undone: the booking of Room 3 is cancelled")').waitFor();
    await receipt.locator('.history li:has-text("undone")').waitFor();
    expect((await h.db.query<{ n: number }>(`select count(*)::int as n from bookings where booked_for = 'Sarah' and status = 'confirmed'`)).rows[0]!.n).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
    h.llm.respond(world);
  });

  it('a booking that met one before any approval was asked: the trace says it was tried and not done, not proposed', async () => {
    const at = futureSlot(49, 14);
    const seeded = await h.runtime.deps.bookings.createBooking({ bookingId: 'bk_web_taken', roomId: 'room-3', startsAt: at.start, endsAt: at.end, bookedFor: 'alice', requestedBy: 'alice', approvedBy: 'alice', title: 'Standup', idempotencyKey: 'seed-bk_web_taken' });
    expect(seeded.outcome).toBe('committed');
    h.llm.respond(booker(at));
    try {
      const { page, errors } = await open('/');
      await signIn(page, KEYS.bob);
      const card = await ask(page, 'Book room 3 for Sarah 2-3pm that day');
      await card.locator('.meta').waitFor();
      const step = card.locator('.progress li[data-key="1-booking_agent"]');
      expect(await step.textContent()).toBe('Bookings answered · tried to book (not done)');
      expect(await card.locator('.approval').count()).toBe(0);
      expect(await card.locator('.outcomes').textContent()).toMatch(/Not done: Booking · Room 3 · .* conflicts with another booking/);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      h.llm.respond(world);
    }
  });

  it('uploads a PDF with a progress bar fed by the ingestion stream, lists it, deletes it', async () => {
    const { page, errors } = await open('/documents');
    await signIn(page);
    await page.setInputFiles('#files', 'test/fixtures/acme-policy.pdf');
    await page.click('#send');
    const bar = page.locator('.uploads .bar.done');
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    expect(await page.locator('.uploads .state').textContent()).toMatch(/^done: \d+ pages, \d+ chunks searchable$/);
    const row = page.locator('#docs tr:has-text("acme-policy.pdf")');
    await row.waitFor();
    await page.screenshot({ path: 'test/.artifacts/web-documents.png', fullPage: true });
    await row.locator('button[data-delete]').click();
    await page.locator('#notice:has-text("Deleted acme-policy.pdf")').waitFor();
    expect(await page.locator('#docs tr:has-text("acme-policy.pdf")').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lists pending approvals for an approver and rejects one', async () => {
    h.llm.respond(booker(futureSlot(46, 9)));
    const q = await h.json('POST', '/query', { body: { question: 'Book room 3 for Sarah at 9' } });
    expect(q.body.status).toBe('awaiting_approval');
    const { page, errors } = await open('/approvals');
    await signIn(page, KEYS.bob);
    const card = page.locator(`[data-approval="${q.body.pendingApprovals[0].approvalId}"]`);
    await card.waitFor();
    expect(await card.textContent()).toMatch(/Book Room 3.*pending.*Asked byalice/s);
    await card.locator('button[data-decision="reject"]').click();
    await card.locator('.outcome:has-text("Rejected")').waitFor();
    expect(await card.locator('.status-pill').textContent()).toBe('rejected');
    expect(errors).toEqual([]);
    await page.close();
    h.llm.respond(world);
  });

  it('is readable on a phone: no page is wider than the screen', async () => {
    for (const p of ['/', '/documents', '/approvals']) {
      const { page, errors } = await open(p, 390);
      await signIn(page);
      await page.waitForLoadState('networkidle');
      if (p === '/') await page.screenshot({ path: 'test/.artifacts/web-phone.png', fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), p).toBeLessThanOrEqual(390);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
