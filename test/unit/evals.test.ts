/** The eval harness itself, against a scripted model: scoring, errors, set comparison, dataset validation. */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.js';
import { createModelClient } from '../../adapters/llm.js';
import type { NormalizedDecision } from '../../domain/types.js';
import { DATASET_PATH, DatasetError, EVAL_CATEGORIES, loadDataset, parseDataset, type Scenario } from '../../evals/dataset.js';
import { decisionsMatch, formatReport, runEval } from '../../evals/grader.js';
import { scenarioOracle } from '../support/eval-oracle.js';
import { calls, httpError, startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.js';

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
  it('has 60 scenarios in the five categories, each recognizable by its messages', () => {
    expect(scenarios).toHaveLength(60);
    expect(Object.fromEntries(EVAL_CATEGORIES.map((c) => [c, scenarios.filter((s) => s.category === c).length]))).toEqual({
      initial_routing: 20,
      after_booking: 10,
      after_kb: 10,
      empty_agent_response: 10,
      irrelevant: 10,
    });
    expect(size).toBe(60);
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
});

describe('grading', () => {
  it('a model answering each scenario\'s first acceptable decision scores 60/60', async () => {
    llm.respond(perfect);
    const seen: string[] = [];
    const report = await runEval(model(), scenarios, { category: 'all', concurrency: 4, onResult: (r) => seen.push(r.id) });
    expect(report.passed).toBe(60);
    expect(report.total).toBe(60);
    expect(seen.sort()).toEqual(scenarios.map((s) => s.id).sort());
    expect(report.results.map((r) => r.id)).toEqual(scenarios.map((s) => s.id)); // dataset order
    expect(report).toMatchObject({ model: 'scripted-orchestrator', promptVersion: expect.stringMatching(/^orchestrator-v\d+$/) });
    expect(report.summary.initial_routing).toEqual({ passed: 20, total: 20 });
    expect(report.results.every((r) => r.latencyMs >= 0 && r.tokens === 120)).toBe(true);
  });

  it('a model that always fails scores 0/60, every error shown', async () => {
    llm.respond(() => httpError(500));
    const report = await runEval(model(), scenarios, { category: 'all', concurrency: 8 });
    expect(report.passed).toBe(0);
    expect(report.results.every((r) => !r.pass && r.actual === null && /HTTP 500/.test(r.error ?? ''))).toBe(true);
    expect(formatReport(report)).toMatch(/total\s+0 \/ 60/);
  });

  it('a model wrong on a known subset scores exactly the rest', async () => {
    const wrongIds = new Set(scenarios.filter((_, i) => i % 7 === 3).map((s) => s.id));
    // WRONG (both agents) is acceptable nowhere except where a scenario expects both: keep the subset to the others.
    for (const s of scenarios) if (s.expected.decisions.some((d) => decisionsMatch(d, WRONG))) wrongIds.delete(s.id);
    llm.respond((req) => {
      const s = scenarioOf(req.messages) as Scenario;
      return replyWith(wrongIds.has(s.id) ? WRONG : s.expected.decisions[0]!);
    });
    const report = await runEval(model(), scenarios, { category: 'all', concurrency: 4 });
    expect(report.passed).toBe(60 - wrongIds.size);
    expect(report.results.filter((r) => !r.pass).map((r) => r.id).sort()).toEqual([...wrongIds].sort());
    expect(formatReport(report)).toContain('call_agents[knowledge_base_agent,booking_agent]');
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
