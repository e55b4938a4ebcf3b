/** The eval harness itself, against a scripted model: scoring, errors, set comparison, dataset validation. */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.js';
import { createModelClient } from '../../adapters/llm.js';
import type { NormalizedDecision } from '../../domain/types.js';
import { answerFailures, DATASET_PATH, DatasetError, EVAL_CATEGORIES, loadDataset, parseDataset, type Scenario } from '../../evals/dataset.js';
import { belowThreshold, decisionsMatch, EVAL_THRESHOLDS, formatReport, runEval } from '../../evals/grader.js';
import { scenarioOracle } from '../support/eval-oracle.js';
import { calls, httpError, startScriptedLlm, text, type ScriptedLlm } from '../support/scripted-llm.js';

const scenarios = loadDataset();
let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm();
});
afterAll(async () => llm?.close());
const model = () => createModelClient(loadConfig({ ORCHESTRATOR_BASE_URL: llm.url, ORCHESTRATOR_MODEL: 'scripted-orchestrator' }).orchestrator, 5000);

const { size, scenarioOf, replyWith, perfect } = scenarioOracle(scenarios);
const WRONG: NormalizedDecision = { type: 'call_agents', agents: ['knowledge_base_agent', 'booking_agent'] };

describe('the dataset', () => {
  it('has 72 scenarios in the six categories, each recognizable by its messages', () => {
    expect(scenarios).toHaveLength(72);
    expect(Object.fromEntries(EVAL_CATEGORIES.map((c) => [c, scenarios.filter((s) => s.category === c).length]))).toEqual({
      initial_routing: 20,
      after_booking: 10,
      after_kb: 10,
      empty_agent_response: 10,
      irrelevant: 10,
      clarify: 12,
    });
    expect(size).toBe(72);
  });

  it('rejects a malformed dataset naming the scenario id and the field at fault', () => {
    const raw = JSON.parse(fs.readFileSync(DATASET_PATH, 'utf8'));
    const broken = structuredClone(raw);
    delete broken.scenarios[32].state.hop;
    expect(() => parseDataset(broken)).toThrow(new DatasetError(`scenario ${broken.scenarios[32].id}: state.hop: Invalid input: expected number, received undefined`));
    const badAgent = structuredClone(raw);
    badAgent.scenarios[0].expected.decisions[0].agents = ['weather_agent'];
    expect(() => parseDataset(badAgent)).toThrow(/scenario initial_routing-01: expected\.decisions\.0\.agents\.0: /);
    const dup = structuredClone(raw);
    dup.scenarios[1].id = dup.scenarios[0].id;
    expect(() => parseDataset(dup)).toThrow(/scenario initial_routing-01: id: duplicate id/);
    expect(() => parseDataset({ version: 2, scenarios: [] })).toThrow(/dataset: version/);
  });

  it('holds answer checks to account: valid patterns, an example that meets them, and an answer to check', () => {
    const raw = JSON.parse(fs.readFileSync(DATASET_PATH, 'utf8'));
    const i = raw.scenarios.findIndex((s: Scenario) => s.id === 'clarify-02');
    const badExample = structuredClone(raw);
    badExample.scenarios[i].expected.answer.example = 'I have booked Room 3 for Sarah.';
    expect(() => parseDataset(badExample)).toThrow(/scenario clarify-02: expected\.answer\.example: the example fails its own checks: does not mention \/\\\?\/; .*claims/);
    const badPattern = structuredClone(raw);
    badPattern.scenarios[i].expected.answer.mentions = ['(unclosed'];
    expect(() => parseDataset(badPattern)).toThrow(/scenario clarify-02: expected\.answer\.mentions\.0: not a valid regular expression/);
    const noAnswer = structuredClone(raw);
    noAnswer.scenarios[i].expected.decisions = [{ type: 'call_agents', agents: ['booking_agent'] }];
    expect(() => parseDataset(noAnswer)).toThrow(/answer checks need return_to_user/);
  });

  it('asks rather than guesses: at least 10 scenarios grade a clarifying or how-to answer on its content, none may claim a booking', () => {
    const content = scenarios.filter((s) => s.expected.answer);
    expect(content.length).toBeGreaterThanOrEqual(10);
    for (const s of content) {
      expect(s.expected.answer!.mustNotClaim?.length, s.id).toBeGreaterThan(0);
      for (const claim of ['I have booked Room 3 for you.', 'Your booking is confirmed.', 'Room 2 has been booked.']) expect(answerFailures(s.expected.answer!, claim).some((f) => f.startsWith('claims')), `${s.id}: ${claim}`).toBe(true);
    }
    expect(content.filter((s) => /how (do|can) i|what do i need/i.test(s.state.question)).length).toBeGreaterThanOrEqual(3);
  });
});

describe('grading', () => {
  it('a model answering each scenario\'s first acceptable decision (and its example answer) scores 72/72', async () => {
    llm.respond(perfect);
    const seen: string[] = [];
    const report = await runEval(model(), scenarios, { category: 'all', concurrency: 4, onResult: (r) => seen.push(r.id) });
    expect(report.passed).toBe(72);
    expect(report.total).toBe(72);
    expect(seen.sort()).toEqual(scenarios.map((s) => s.id).sort());
    expect(report.results.map((r) => r.id)).toEqual(scenarios.map((s) => s.id)); // dataset order
    expect(report).toMatchObject({ model: 'scripted-orchestrator', promptVersion: expect.stringMatching(/^orchestrator-v\d+$/) });
    expect(report.summary.initial_routing).toEqual({ passed: 20, total: 20 });
    expect(report.results.every((r) => r.latencyMs >= 0 && r.tokens === 120)).toBe(true);
  });

  it('a model that always fails scores 0/72, every error shown', async () => {
    llm.respond(() => httpError(500));
    const report = await runEval(model(), scenarios, { category: 'all', concurrency: 8 });
    expect(report.passed).toBe(0);
    expect(report.results.every((r) => !r.pass && r.actual === null && /HTTP 500/.test(r.error ?? ''))).toBe(true);
    expect(formatReport(report)).toMatch(/total\s+0 \/ 72/);
  });

  it('a model wrong on a known subset scores exactly the rest', async () => {
    const wrongIds = new Set(scenarios.filter((_, i) => i % 7 === 3).map((s) => s.id));
    // WRONG (both agents) is acceptable nowhere except where a scenario expects both: keep the subset to the others.
    for (const s of scenarios) if (s.expected.decisions.some((d) => decisionsMatch(d, WRONG))) wrongIds.delete(s.id);
    llm.respond((req) => {
      const s = scenarioOf(req.messages) as Scenario;
      return wrongIds.has(s.id) ? replyWith(WRONG) : perfect(req);
    });
    const report = await runEval(model(), scenarios, { category: 'all', concurrency: 4 });
    expect(report.passed).toBe(72 - wrongIds.size);
    expect(report.results.filter((r) => !r.pass).map((r) => r.id).sort()).toEqual([...wrongIds].sort());
    expect(formatReport(report)).toContain('call_agents[knowledge_base_agent,booking_agent]');
  });

  it('grades what an answer says, not only where it routed: the right decision with a wrong answer fails, and says why', async () => {
    const content = scenarios.filter((s) => s.expected.answer);
    llm.respond((req) => {
      const s = scenarioOf(req.messages) as Scenario;
      // Routes right (answers the user) but guesses and claims, as a careless model would.
      return s.id === 'clarify-07' ? text('How to book: Booked! I have booked Room 3 for you.') : text('Done: your booking is confirmed.');
    });
    const report = await runEval(model(), content, { category: 'clarify' });
    expect(report.passed).toBe(0);
    for (const r of report.results) {
      expect(r.actual).toEqual({ type: 'return_to_user' });
      expect(r.contentFailures!.some((f) => f.startsWith('claims')), r.id).toBe(true);
    }
    expect(formatReport(report)).toMatch(/clarify-07: the answer .*claims/);
    // Wrong on a known subset of content: exactly those fail.
    const wrong = new Set(['clarify-01', 'clarify-07', 'clarify-11']);
    llm.respond((req) => {
      const s = scenarioOf(req.messages) as Scenario;
      return wrong.has(s.id) ? text('Here you go.') : perfect(req);
    });
    const subset = await runEval(model(), content, { category: 'clarify' });
    expect(subset.results.filter((r) => !r.pass).map((r) => r.id).sort()).toEqual([...wrong].sort());
  });

  it('holds runs to the thresholds: routing 95%, tool selection 90%, trajectories 85%', () => {
    expect(EVAL_THRESHOLDS).toEqual({ routing: 0.95, tools: 0.9, trajectories: 0.85 });
    expect(belowThreshold('routing', 69, 72)).toBeNull(); // 95.8%
    expect(belowThreshold('routing', 68, 72)).toMatch(/routing: 68 \/ 72 passed \(94\.4%\), below the 95% threshold/);
    expect(belowThreshold('trajectories', 7, 8)).toBeNull();
    expect(belowThreshold('trajectories', 6, 8)).toMatch(/below the 85% threshold/);
    expect(belowThreshold('routing', 0, 0)).toMatch(/below/);
  });

  it('compares agents as sets: order does not matter', async () => {
    expect(decisionsMatch({ type: 'call_agents', agents: ['booking_agent', 'knowledge_base_agent'] }, WRONG)).toBe(true);
    expect(decisionsMatch({ type: 'call_agents', agents: ['booking_agent'] }, WRONG)).toBe(false);
    expect(decisionsMatch({ type: 'return_to_user' }, { type: 'return_to_user' })).toBe(true);
    const both = scenarios.filter((s) => s.expected.decisions.some((d) => d.type === 'call_agents' && d.agents.length === 2));
    expect(both.length).toBeGreaterThanOrEqual(2);
    llm.respond((req) => replyWith((scenarioOf(req.messages) as Scenario).expected.decisions[0]!, true));
    expect((await runEval(model(), both, { category: 'initial_routing' })).passed).toBe(both.length);
  });

  it('a timeout or an invalid-only reply is a failure with its reason, not "no decision" hidden', async () => {
    const one = scenarios.slice(0, 1);
    llm.respond(() => ({ hang: true }));
    const slow = await runEval(model(), one, { category: 'initial_routing', timeoutMs: 300 });
    expect(slow.results[0]).toMatchObject({ pass: false, error: 'timed out after 300 ms' });
    llm.respond(() => calls(['weather_agent', { request: 'x' }]));
    const invalid = await runEval(model(), one, { category: 'initial_routing' });
    expect(invalid.results[0]!.error).toMatch(/^no decision: every tool call was invalid \(unknown tool "weather_agent"/);
  });
});
