/**
 * The Booking agent's tool-selection eval (issue 21, part 3) against scripted agent models: one that takes
 * every expected path, one that always fails, one wrong on a known subset; the dataset's checks, the
 * partial-match score, and `npm run eval -- --tools` with its threshold.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRooms } from '../../adapters/booking-store.js';
import { loadConfig } from '../../adapters/config.js';
import { openDatabase, type Db } from '../../adapters/db.js';
import { createRuntime, type Runtime } from '../../app/runtime.js';
import { loadToolDataset, parseToolDataset, partialMatch, runToolEval, TOOLS_DATASET_PATH, type ToolScenario } from '../../evals/tools.js';
import { agentOf, calls, httpError, startScriptedLlm, text, toolResults, type ChatRequestBody, type ScriptedLlm, type ScriptedReply } from '../support/scripted-llm.js';

const scenarios = loadToolDataset();
let llm: ScriptedLlm;
let db: Db;
let runtime: Runtime;
beforeAll(async () => {
  llm = await startScriptedLlm();
  db = await openDatabase({ inMemory: true });
  await seedRooms(db);
  runtime = createRuntime(loadConfig({ AGENT_BASE_URL: llm.url, AGENT_MODEL: 'scripted-booker' }), db);
}, 60_000);
afterAll(async () => {
  await llm?.close();
  await db?.close();
});

const scenarioOf = (req: ChatRequestBody) => scenarios.find((s) => req.messages.find((m) => m.role === 'user')?.content === s.request);
/** Plays a path: the k-th step makes the k-th call, then it answers. */
const play = (path: ToolScenario['example']) => (req: ChatRequestBody): ScriptedReply => {
  const k = toolResults(req).length;
  return k < path.length ? calls([path[k]!.tool, path[k]!.args]) : text('Done: the proposal awaits approval.');
};
const perfect = (req: ChatRequestBody): ScriptedReply => (agentOf(req) === 'booking_agent' && scenarioOf(req) ? play(scenarioOf(req)!.example)(req) : httpError(400));
const run = () => runToolEval({ db, bookings: runtime.deps.bookings, activities: runtime.activities, model: runtime.deps.agentModel, scenarios });

describe('the tool-selection dataset', () => {
  it('has at least 10 scenarios, reads and writes, with "availability before create" and "list before cancel" among them', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(10);
    const seqs = scenarios.map((s) => s.expected.join(' → '));
    expect(seqs).toContain('check_availability → create_booking');
    expect(seqs).toContain('list_bookings → cancel_booking');
    expect(seqs).toContain('list_bookings → update_booking');
    expect(seqs.some((q) => !/create|update|cancel/.test(q))).toBe(true);
  });

  it('refuses an example that does not take the expected path, arguments a tool would refuse, a tool the agent lacks', () => {
    const raw = JSON.parse(fs.readFileSync(TOOLS_DATASET_PATH, 'utf8'));
    const a = structuredClone(raw);
    a.scenarios[0].expected = ['create_booking'];
    expect(() => parseToolDataset(a)).toThrow(/tool scenario tools-01: example: the example's tools must be the expected sequence/);
    const b = structuredClone(raw);
    b.scenarios[0].example[0].args = { room: 'Room 3', start: 'tomorrow', end: 'later' };
    expect(() => parseToolDataset(b)).toThrow(/tool scenario tools-01: example\.0\.args: invalid arguments for check_availability/);
    const c = structuredClone(raw);
    c.scenarios[0].expected[0] = 'search_knowledge_base';
    expect(() => parseToolDataset(c)).toThrow(/not one of the Booking agent's tools/);
  });
});

describe('scoring', () => {
  it('partial match is the longest common subsequence over the longer sequence', () => {
    expect(partialMatch(['a', 'b'], ['a', 'b'])).toBe(1);
    expect(partialMatch(['a', 'b'], ['b'])).toBe(0.5);
    expect(partialMatch(['a', 'b'], ['b', 'a'])).toBe(0.5);
    expect(partialMatch(['a', 'b', 'c'], ['a', 'x', 'c', 'y'])).toBe(0.5);
    expect(partialMatch(['a'], [])).toBe(0);
    expect(partialMatch([], [])).toBe(1);
  });

  it('a model that takes every expected path scores all exact, through the production agent loop, and no write is made', async () => {
    llm.respond(perfect);
    const report = await run();
    expect(report).toMatchObject({ model: 'scripted-booker', total: scenarios.length, exact: scenarios.length, exactRate: 1, partialMean: 1 });
    expect(report.results.map((r) => r.actual)).toEqual(scenarios.map((s) => s.expected));
    // Writes were proposed and recorded, never made: the last scenario's database is its fixture, no more.
    const last = scenarios.at(-1)!;
    expect((await db.query<{ n: number }>('select count(*)::int as n from bookings')).rows[0]!.n).toBe(last.bookings.length);
  }, 60_000);

  it('a model that always fails scores 0, every error shown', async () => {
    llm.respond(() => httpError(500));
    const report = await run();
    expect(report).toMatchObject({ exact: 0, exactRate: 0, partialMean: 0 });
    expect(report.results.every((r) => r.actual.length === 0 && /model call failed/.test(r.error ?? ''))).toBe(true);
  }, 60_000);

  it('a model wrong on a known subset (it books without checking availability) fails exactly those, with partial credit', async () => {
    const wrong = new Set(scenarios.filter((s) => s.expected.join() === 'check_availability,create_booking').map((s) => s.id));
    expect(wrong.size).toBeGreaterThanOrEqual(2);
    llm.respond((req) => {
      const s = scenarioOf(req);
      if (!s) return httpError(400);
      return play(wrong.has(s.id) ? s.example.filter((c) => c.tool !== 'check_availability') : s.example)(req);
    });
    const report = await run();
    expect(report.results.filter((r) => !r.exact).map((r) => r.id).sort()).toEqual([...wrong].sort());
    for (const r of report.results.filter((x) => !x.exact)) expect(r).toMatchObject({ actual: ['create_booking'], partial: 0.5 });
    expect(report.exact).toBe(scenarios.length - wrong.size);
  }, 60_000);
});

describe('npm run eval -- --tools', () => {
  it('prints the table, saves the report naming the model, and exits 1 under the 90% threshold', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-eval-'));
    try {
      llm.respond(perfect);
      const env = { ...process.env, AGENT_BASE_URL: llm.url, AGENT_MODEL: 'scripted-booker', DATA_DIR: dir, LOG_LEVEL: 'silent' };
      const ok = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'evals/cli.ts', '--tools', '--out', path.join(dir, 'a.json')], { env, timeout: 90_000 });
      expect(ok.stdout).toMatch(new RegExp(`${scenarios.length} / ${scenarios.length} exact`));
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'a.json'), 'utf8'))).toMatchObject({ model: 'scripted-booker', exact: scenarios.length });
      llm.respond(() => httpError(500));
      const bad = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'evals/cli.ts', '--tools', '--out', path.join(dir, 'b.json')], { env, timeout: 90_000 }).catch((e) => e);
      expect(bad.code).toBe(1);
      expect(bad.stdout).toMatch(/tools: 0 \/ \d+ passed \(0\.0%\), below the 90% threshold/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
