/** The eval job: the workflow on its own task queue, resuming after a crash, and `npm run eval`. */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { compareReports, formatComparison } from '../../evals/compare.js';
import { loadDataset } from '../../evals/dataset.js';
import { BESIDE_RECEIPT_CLAIMS, CHAT_ANSWERS, OTHERS_BOOKINGS, POLICY_CLAIMS, POLICY_FACTS, UNSPOKEN_CLAIMS, READ_BEYOND, READ_CONTRADICTIONS, READ_RELAYS, WHOSE_CLAIMS, WRITTEN_CLAIMS, WRITTEN_RELAYS } from '../../evals/honesty.js';
import type { EvalProgress } from '../../evals/workflow.js';
import { evalQueue as evalQueueSpec } from '../../evals/runs.js';
import { createHarness, type Harness } from '../support/harness.js';
import { scenarioOracle } from '../support/eval-oracle.js';
import { answerToVerify, calls, text } from '../support/scripted-llm.js';
import { spawnWorkerProcess, type WorkerProcess } from '../support/worker-process.js';
import { bundleWorkflow, createWorker } from '../../worker/worker.js';

const scenarios = loadDataset();
const { perfect, scenarioOf } = scenarioOracle(scenarios);

let h: Harness;
let client: Client;
let connection: Connection;
const evalQueue = `evals-${crypto.randomUUID()}`;
const workers: WorkerProcess[] = [];
beforeAll(async () => {
  h = await createHarness({ responder: perfect, worker: false });
  connection = await Connection.connect({ address: inject('temporalAddress') });
  client = new Client({ connection });
});
afterAll(async () => {
  for (const w of workers) await w.kill('SIGKILL');
  await connection?.close();
  await h?.close();
});

describe('the eval workflow', () => {
  it('grades a category on its own task queue, then a worker crash mid-run re-runs only the unfinished scenario', async () => {
    let release!: () => void;
    const fourth = new Promise<void>((r) => (release = r));
    h.llm.respond((req, n) => {
      if (n === 3) {
        release();
        return { hang: true };
      }
      return perfect(req);
    });
    const env = { ORCHESTRATOR_BASE_URL: h.llm.url, ORCHESTRATOR_MODEL: 'scripted-orchestrator', AGENT_BASE_URL: h.llm.url, TEMPORAL_ADDRESS: inject('temporalAddress'), TEMPORAL_TASK_QUEUE: `unused-${evalQueue}`, EVAL_TASK_QUEUE: evalQueue, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'eval-')) };
    const w1 = spawnWorkerProcess(env);
    workers.push(w1);
    await w1.ready;
    const before = h.llm.requests.length;
    const handle = await client.workflow.start('evalWorkflow', { workflowId: `eval-${crypto.randomUUID()}`, taskQueue: evalQueue, args: [{ category: 'after_kb', concurrency: 1 }] });
    await fourth;
    await w1.kill('SIGKILL');
    const w2 = spawnWorkerProcess(env);
    workers.push(w2);
    await w2.ready;
    const result = (await handle.result()) as EvalProgress;
    expect(result).toMatchObject({ category: 'after_kb', total: 10, done: 10, passed: 10, model: 'scripted-orchestrator' });
    expect(result.results.map((r) => r.id)).toEqual(scenarios.filter((s) => s.category === 'after_kb').map((s) => s.id));
    // Ten scenarios, eleven model calls: only the one in flight at the crash ran twice.
    expect(h.llm.requests.length - before).toBe(11);
    await w2.kill('SIGTERM');
  }, 120_000);
});

describe('npm run eval', () => {
  it('prints the table, saves a report, and --compare lists regressions and fixes', async () => {
    h.llm.respond(perfect);
    // The eval job as an entry point gives it to a worker: its own bundle and activities.
    const spec = evalQueueSpec(evalQueue, h.runtime.deps);
    const { worker } = await createWorker({ address: inject('temporalAddress'), namespace: 'default', taskQueue: spec.taskQueue, activities: spec.activities, workflowBundle: await bundleWorkflow(null, spec.workflowsPath) });
    const running = worker.run();
    try {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-cli-'));
      const env = { ...process.env, TEMPORAL_ADDRESS: inject('temporalAddress'), EVAL_TASK_QUEUE: evalQueue, LOG_LEVEL: 'silent' };
      const run = promisify(execFile);
      const first = await run(process.execPath, ['--import', 'tsx', 'evals/cli.ts', '--category', 'irrelevant', '--out', path.join(dir, 'a.json')], { env });
      expect(first.stdout).toMatch(/irrelevant\s+10 \/ 10/);
      expect(first.stdout).toMatch(/total\s+10 \/ 10/);
      const report = JSON.parse(fs.readFileSync(path.join(dir, 'a.json'), 'utf8'));
      expect(report).toMatchObject({ category: 'irrelevant', passed: 10, total: 10, model: 'scripted-orchestrator', promptVersion: expect.any(String) });
      // A previous report where one scenario failed and another passed that now fails.
      const previous = structuredClone(report);
      previous.results[2].pass = false;
      fs.writeFileSync(path.join(dir, 'prev.json'), JSON.stringify(previous));
      const second = await run(process.execPath, ['--import', 'tsx', 'evals/cli.ts', '--category', 'irrelevant', '--out', path.join(dir, 'b.json'), '--compare', path.join(dir, 'prev.json')], { env });
      expect(second.stdout).toMatch(/regressions \(0\)/);
      expect(second.stdout).toMatch(/fixes \(1\): irrelevant-03/);
      // One of ten wrong: 90% is under the 95% routing threshold, so the run exits 1 after its report.
      const firstIrrelevant = scenarios.find((s) => s.category === 'irrelevant')!;
      h.llm.respond((req) => (scenarioOf(req.messages)?.id === firstIrrelevant.id ? calls(['booking_agent', { request: 'x' }]) : perfect(req)));
      const below = await run(process.execPath, ['--import', 'tsx', 'evals/cli.ts', '--category', 'irrelevant', '--out', path.join(dir, 'c.json')], { env }).catch((e) => e);
      expect(below.code).toBe(1);
      expect(below.stdout).toMatch(/routing: 9 \/ 10 passed \(90\.0%\), below the 95% threshold/);
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'c.json'), 'utf8'))).toMatchObject({ passed: 9, total: 10 });
      h.llm.respond(perfect);
      const bad = await run(process.execPath, ['--import', 'tsx', 'evals/cli.ts', '--category', 'nope'], { env }).catch((e) => e);
      expect(bad.code).toBe(1);
      expect(bad.stderr.trim()).toBe('error: --category must be all or one of initial_routing, after_booking, after_kb, empty_agent_response, irrelevant, clarify');
    } finally {
      worker.shutdown();
      await running;
    }
  }, 120_000);

  it('--trajectories runs the multi-step evals as real turns against the configured orchestrator', async () => {
    h.llm.respond(() => text('Sure, all done.')); // a lazy orchestrator: answers without asking anyone
    const env = { ...process.env, TEMPORAL_ADDRESS: inject('temporalAddress'), ORCHESTRATOR_BASE_URL: h.llm.url, ORCHESTRATOR_MODEL: 'lazy-model', LOG_LEVEL: 'silent', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'traj-')) };
    // 2 of 10 is below the 85% threshold: the table, then exit code 1.
    const failed = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'evals/cli.ts', '--trajectories'], { env }).catch((e) => e);
    expect(failed.code).toBe(1);
    const stdout: string = failed.stdout;
    expect(stdout).toMatch(/trajectories against lazy-model/);
    expect(stdout).toMatch(/^pass\s+greeting/m);
    expect(stdout).toMatch(/^FAIL\s+kb-then-return\s+return/m);
    expect(stdout).toMatch(/2 \/ 10 trajectories passed/);
    expect(stdout).toMatch(/trajectories: 2 \/ 10 passed \(20\.0%\), below the 85% threshold/);
    const saved = stdout.match(/report saved to (\S+)/)![1]!;
    expect(JSON.parse(fs.readFileSync(saved, 'utf8'))).toMatchObject({ model: 'lazy-model', passed: 2, total: 10 });
    fs.rmSync(saved);
  }, 120_000);

  it('--honesty runs the corpus against the verifier model and reports catch and false-positive rates per language', async () => {
    // A verifier that calls every answer a booking claim (with the receipt id it names), except that it
    // misses answers about a "Raum" (the German row shows the misses, a claim of whose booking among them) and finds none in answers that
    // cite the policy (the knowledge answers). A claim beside a receipt it lists too, with its kind and
    // that receipt's id, except the Spanish and Portuguese ones. Policy claims and facts it lists as such;
    // greetings make none.
    h.llm.verify((req) => {
      const answer = answerToVerify(req);
      if (POLICY_FACTS.some((c) => c.text === answer)) return text(JSON.stringify({ claims: [{ text: answer.replace(/ \(policy\.pdf p\.1\)\.$/, ''), kind: 'policy', receiptId: null }] }));
      if (/Raum|policy\.pdf/.test(answer) || CHAT_ANSWERS.some((c) => c.text === answer)) return text(JSON.stringify({ claims: [] }));
      if (POLICY_CLAIMS.some((c) => c.text === answer)) return text(JSON.stringify({ claims: [{ text: answer, kind: 'policy', receiptId: null }] }));
      // An invented rule in another language than the documents, glossed into theirs where the request names it.
      const rule = UNSPOKEN_CLAIMS.find((c) => c.text === answer);
      const named = /The documents' language: English/.test(req.messages.at(-1)?.content ?? '');
      if (rule) return text(JSON.stringify({ claims: [{ text: answer, kind: 'policy', receiptId: null, whose: null, gloss: rule.lang !== 'en' && named ? UNSPOKEN_CLAIMS[0]!.text : null }] }));
      // Whose booking an answer says it is: the user's own, or a colleague's.
      if (WHOSE_CLAIMS.some((c) => c.text === answer)) return text(JSON.stringify({ claims: [{ text: answer, kind: 'exists', receiptId: null, whose: 'asker' }] }));
      if (OTHERS_BOOKINGS.some((c) => c.text === answer)) return text(JSON.stringify({ claims: [{ text: answer, kind: 'exists', receiptId: null, whose: 'other' }] }));
      // A check's contradictions, claims beyond it and relays, and those against the turn's own booking: their parts, each with its kind.
      const checked = [...READ_CONTRADICTIONS, ...READ_BEYOND, ...READ_RELAYS, ...WRITTEN_CLAIMS, ...WRITTEN_RELAYS].find((c) => c.text === answer);
      if (checked) return text(JSON.stringify({ claims: checked.parts.map((p) => ({ ...p, receiptId: null, whose: null })) }));
      const receiptId = /bk_\w+/.exec(answer)?.[0] ?? null;
      const beside = BESIDE_RECEIPT_CLAIMS.filter((c) => answer.includes(c.text) && c.lang !== 'es' && c.lang !== 'pt').map((c) => ({ text: c.text, kind: c.kind, receiptId }));
      return text(JSON.stringify({ claims: [{ text: answer.slice(0, 40), kind: 'booked', receiptId }, ...beside] }));
    });
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'honesty-')), 'honesty.json');
    const env = { ...process.env, AGENT_BASE_URL: h.llm.url, AGENT_API_KEY: 'unused', VERIFIER_MODEL: 'checker-model', LOG_LEVEL: 'silent', DATA_DIR: path.dirname(out) };
    const before = h.llm.verifierRequests.length;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'evals/cli.ts', '--honesty', '--out', out], { env });
    expect(stdout).toMatch(/honesty corpus \(48 false claims, 7 of them beside a real receipt, 24 true claims, 12 read claims, 6 knowledge answers, 8 policy claims, run before and after a search, 7 rules with no figure after a search, 6 policy facts, 4 chat answers, 7 claims that a colleague's booking is the user's, 4 answers relaying it as the colleague's, 15 claims a check contradicts, 15 of a time it did not read, 7 relays of it, 15 claims against the turn's own booking, 5 relays of it\) against checker-model/);
    // After a search, the invented facts with a figure are caught by it ("100 EUR" where the policy says
    // 60; "four hours", "trois jours" where it states no such number), and the rules with no figure by the words no
    // passage has ("dogs on Fridays"; domain/unspoken.ts; in German, Spanish and French by the gloss the verifier gives them
    // into the documents' English). The German
    // read claims the verifier misses are caught there by their figures (an answer from documents states
    // only the passages' figures).
    expect(stdout).toMatch(/^\| en \| 8\/8 \(100%\) \| 0\/4 \(0%\) \| 4\/4 \(100%\) \| 0\/2 \(0%\) \| 3\/3 \(100%\) \| 3\/3 \(100%\) \| 4\/4 \(100%\) \| 0\/1 \(0%\) \| 0\/1 \(0%\) \| 2\/2 \(100%\) \| 0\/1 \(0%\) \| 5\/5 \(100%\) \| 8\/8 \(100%\) \| 0\/1 \(0%\) \| 6\/6 \(100%\) \| 0\/2 \(0%\) \| 0 \|$/m);
    // Of the German answers the verifier misses, those whose words say what they claim are caught by
    // them (claimsByWords, as the turn does): a first-person cancellation beside the receipt ("habe ich
    // dein Standup … abgesagt"), "Raum 3 ist … frei" at the booked hour or at hours the check did not
    // read, and (since the undone-echoes patch) the implied and emoji write claims that speak of the
    // rejected booking ("Bis Freitag um 14 Uhr in Raum 3!", "👍 Raum 3 ist reserviert."); "noch zu haben" is not.
    expect(stdout).toMatch(/^\| de \| 7\/7 \(100%\) \| 0\/4 \(0%\) \| 2\/2 \(100%\) \| 0\/1 \(0%\) \| 1\/1 \(100%\) \| 1\/1 \(100%\) \| 1\/1 \(100%\) \| 0\/1 \(0%\) \| 0\/1 \(0%\) \| 0\/1 \(0%\) \| 0\/1 \(0%\) \| 2\/3 \(67%\) \| 2\/2 \(100%\) \| 0\/2 \(0%\) \| 1\/1 \(100%\) \| 0\/1 \(0%\) \| 0 \|$/m);
    // The Spanish and Portuguese claims beside a receipt are listed only as the booking made: the
    // Spanish one ("moví") is caught by its words, the Portuguese one ("passei … para") is missed.
    expect(stdout).toMatch(/^\| es \| 7\/7 \(100%\) \|/m);
    expect(stdout).toMatch(/^\| pt \| 4\/5 \(80%\) \|/m);
    expect(stdout).toMatch(/^\| all \| 47\/48 \(98%\) \| 0\/24 \(0%\) \| 12\/12 \(100%\) \| 0\/6 \(0%\) \| 8\/8 \(100%\) \| 8\/8 \(100%\) \| 7\/7 \(100%\) \| 0\/6 \(0%\) \| 0\/4 \(0%\) \| 6\/7 \(86%\) \| 0\/4 \(0%\) \| 14\/15 \(93%\) \| 15\/15 \(100%\) \| 0\/7 \(0%\) \| 15\/15 \(100%\) \| 0\/5 \(0%\) \| \|$/m);
    // The same cases by the claims their words make alone (no verifier): the first-person and passive
    // writes, and (since the write-nouns patch) those with the room or booking as subject ("✅ Sala 3
    // confirmada", "tu reserva … quedó hecha", "Sala 3 garantida"), the rooms said free or booked against
    // the check, and (since the possession-words patch) the room said to be the user's ("Room 3 is all
    // yours"), and (since the other-scripts patch) the writes in Chinese, Japanese, Korean and Russian,
    // and (since the undone-echoes patch) the sentences that speak of the rejected booking (its room,
    // day, hour or Sarah) as done with no word of it not being done: all but the three that speak of
    // another room or a lunch ("the boardroom is reserved for your client lunch") and the two beside a
    // receipt; no false positive anywhere.
    expect(stdout).toMatch(/^\| all, by their words alone \(no verifier\) \| 43\/48 \(90%\) \| 0\/24 \(0%\) \| 0\/12 \(0%\) \| 0\/6 \(0%\) \| 0\/8 \(0%\) \| 0\/8 \(0%\) \| 0\/7 \(0%\) \| 0\/6 \(0%\) \| 0\/4 \(0%\) \| 0\/7 \(0%\) \| 0\/4 \(0%\) \| 11\/15 \(73%\) \| 14\/15 \(93%\) \| 0\/7 \(0%\) \| 15\/15 \(100%\) \| 0\/5 \(0%\) \| \|$/m);
    expect(h.llm.verifierRequests.length - before).toBe(191);
    expect(h.llm.verifierRequests.at(-1)!.model).toBe('checker-model');
    expect(JSON.parse(fs.readFileSync(out, 'utf8')).rows).toContainEqual({
      lang: 'de',
      falseClaims: 7,
      caught: 7,
      trueClaims: 4,
      falsePositives: 0,
      readClaims: 2,
      readCaught: 2,
      kbAnswers: 1,
      kbFalsePositives: 0,
      policyClaims: 1,
      policyCaught: 1,
      figureClaims: 1,
      figuresCaught: 1,
      unspokenClaims: 1,
      unspokenCaught: 1,
      policyFacts: 1,
      factFalsePositives: 0,
      chatAnswers: 1,
      chatFalsePositives: 0,
      whoseClaims: 1,
      whoseCaught: 0,
      othersAnswers: 1,
      othersFalsePositives: 0,
      contradictedClaims: 3,
      contradictedCaught: 2,
      unreadClaims: 2,
      unreadCaught: 2,
      relayAnswers: 2,
      relayFalsePositives: 0,
      writtenClaims: 1,
      writtenCaught: 1,
      writtenRelayAnswers: 1,
      writtenRelayFalsePositives: 0,
      malformed: 0,
      byWords: { caught: 7, falsePositives: 0, readCaught: 0, kbFalsePositives: 0, policyCaught: 0, figuresCaught: 0, unspokenCaught: 0, factFalsePositives: 0, chatFalsePositives: 0, whoseCaught: 0, othersFalsePositives: 0, contradictedCaught: 2, unreadCaught: 2, relayFalsePositives: 0, writtenCaught: 1, writtenRelayFalsePositives: 0 },
    });
  }, 60_000);

  it('compareReports tells regressions, fixes, new and gone scenarios apart', () => {
    const r = (pairs: [string, boolean][]) => ({ results: pairs.map(([id, pass]) => ({ id, pass })) as never });
    const c = compareReports(r([['a', true], ['b', false], ['c', true], ['gone', true]]), r([['a', false], ['b', true], ['c', true], ['new', false]]));
    expect(c).toEqual({ regressions: ['a'], fixes: ['b'], added: ['new'], removed: ['gone'] });
    expect(formatComparison(c)).toBe('regressions (1): a\nfixes (1): b\nnew (1): new\ngone (1): gone');
  });
});
