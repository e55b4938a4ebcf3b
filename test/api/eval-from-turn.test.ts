/**
 * From production to evals (issue 21, part 6): a real turn on Temporal exported as orchestrator scenarios,
 * its state pinned so exactly that the scenario rebuilds the very messages the orchestrator was sent, and
 * `npm run eval -- --from-turn` writing them as a dataset file (or saying clearly why it cannot).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.js';
import { createModelClient } from '../../adapters/llm.js';
import { buildOrchestratorMessages } from '../../domain/prompts.js';
import { loadDataset, parseDataset } from '../../evals/dataset.js';
import { scenariosFromTurn } from '../../evals/from-turn.js';
import { runEval } from '../../evals/grader.js';
import { state } from '../../workflows/temporal-messages.js';
import { scenarioOracle } from '../support/eval-oracle.js';
import { createHarness, type Harness } from '../support/harness.js';
import { agentOf, isOrchestrator, startScriptedLlm, text, toolResults, type ChatRequestBody } from '../support/scripted-llm.js';
import { agents, orchestrator, seedPolicy } from '../support/world.js';

const run = promisify(execFile);
let h: Harness;
beforeAll(async () => {
  // The Knowledge-Base agent's first answer ever is empty: that turn's second decision follows an empty output.
  let kbAnswers = 0;
  h = await createHarness({
    responder: (req) => {
      if (isOrchestrator(req)) return orchestrator(req);
      if (agentOf(req) === 'knowledge_base_agent' && toolResults(req).length > 0 && kbAnswers++ === 0) return text('');
      return agents(req);
    },
  });
  await seedPolicy(h.db, h.runtime.deps.knowledge);
}, 120_000);
afterAll(async () => h?.close());

const orchestratorRequests = (from: number) => h.llm.requests.slice(from).filter((r) => isOrchestrator(r));

describe('a turn exported as scenarios', () => {
  it('gives one scenario per decision, each rebuilding exactly the messages the orchestrator saw', async () => {
    const before = h.llm.requests.length;
    const { body } = await h.json('POST', '/query', { body: { question: 'What does the expense policy say about client meals?' } });
    expect(body.status).toBe('completed');
    const turnState = await h.client.workflow.getHandle(`turn-${body.turnId}`).query(state);
    const scenarios = scenariosFromTurn(turnState, body.turnId);
    const sent = orchestratorRequests(before);
    expect(scenarios.length).toBe(sent.length);
    expect(scenarios.length).toBeGreaterThanOrEqual(2);
    expect(scenarios.map((s) => s.expected.decisions[0])).toEqual(body.decisions);
    expect(scenarios[0]).toMatchObject({ id: 'initial_routing-90', category: 'initial_routing', state: { hop: 1, hops: [] } });
    // After the empty answer: its category, and the retry count the workflow had then.
    expect(scenarios[1]).toMatchObject({ id: 'empty_agent_response-90', state: { hop: 2, retryCounts: { knowledge_base_agent: 1 } } });
    expect(scenarios[0]!.description).toContain(`exported from turn ${body.turnId}`);
    scenarios.forEach((s, i) => expect(buildOrchestratorMessages(s.state), s.id).toEqual((sent[i] as ChatRequestBody).messages));
    // The caller is pinned too ("me" resolves to them).
    expect(scenarios[0]!.state.caller).toMatchObject({ userId: 'alice' });
    // They load as the dataset does, and grade: the model that decides as the turn did passes them all.
    expect(parseDataset({ version: 1, scenarios })).toHaveLength(scenarios.length);
    const llm = await startScriptedLlm(scenarioOracle(scenarios).perfect);
    try {
      const report = await runEval(createModelClient(loadConfig({ ORCHESTRATOR_BASE_URL: llm.url, ORCHESTRATOR_MODEL: 'm' }).orchestrator, 5000), scenarios, { category: 'all' });
      expect(report.passed).toBe(scenarios.length);
    } finally {
      await llm.close();
    }
    // Ids stay out of the dataset's way.
    const ids = new Set(loadDataset().map((s) => s.id));
    expect(scenarios.some((s) => ids.has(s.id))).toBe(false);
  }, 60_000);

  it('npm run eval -- --from-turn writes them as a dataset file, and refuses an unknown turn with the reason', async () => {
    const { body } = await h.json('POST', '/query', { body: { question: 'What does the travel policy say about hotels?' } });
    expect(body.status).toBe('completed');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'from-turn-'));
    try {
      const out = path.join(dir, 'exported.json');
      const env = { ...process.env, TEMPORAL_ADDRESS: h.temporalAddress, TEMPORAL_TASK_QUEUE: h.taskQueue, DATA_DIR: dir, ORCHESTRATOR_BASE_URL: h.llm.url, AGENT_BASE_URL: h.llm.url };
      const r = await run('npx', ['tsx', 'evals/cli.ts', '--from-turn', body.turnId, '--out', out], { env, timeout: 60_000 });
      expect(r.stdout).toMatch(/scenario\(s\) from turn .* written to/);
      const written = JSON.parse(fs.readFileSync(out, 'utf8'));
      expect(parseDataset(written).map((s) => s.expected.decisions[0])).toEqual(body.decisions);
      const bad = await run('npx', ['tsx', 'evals/cli.ts', '--from-turn', 'no-such-turn', '--out', out], { env, timeout: 60_000 }).catch((e) => e);
      expect(bad.code).not.toBe(0);
      expect(bad.stderr + bad.stdout).toMatch(/could not read turn no-such-turn from Temporal/);
      const hostile = await run('npx', ['tsx', 'evals/cli.ts', '--from-turn', '../../etc/passwd'], { env, timeout: 60_000 }).catch((e) => e);
      expect(hostile.code).not.toBe(0);
      expect(hostile.stderr + hostile.stdout).toMatch(/--from-turn takes a turn id/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
