/**
 * The grounding eval (issue 21, part 4) against a scripted Knowledge-Base agent and scripted judges: one
 * that finds every statement supported, one that finds none, one that answers badly, one wrong on a known
 * subset; the judge sees the cited passages in full; golden facts; `npm run eval -- --grounding`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.js';
import { openDatabase, type Db } from '../../adapters/db.js';
import { createModelClient } from '../../adapters/llm.js';
import { createRuntime, type Runtime } from '../../app/runtime.js';
import { GROUNDING_NAMESPACE, JUDGE_PROMPT, loadGroundingDataset, runGroundingEval, formatGroundingReport } from '../../evals/grounding.js';
import { ingestForEval } from '../../evals/retrieval.js';
import { agentOf, call, firstUser, httpError, startScriptedLlm, text, toolResults, type ChatRequestBody, type ScriptedLlm, type ScriptedReply } from '../support/scripted-llm.js';

const dataset = loadGroundingDataset();
let llm: ScriptedLlm;
let db: Db;
let runtime: Runtime;
beforeAll(async () => {
  llm = await startScriptedLlm();
  db = await openDatabase({ inMemory: true });
  runtime = createRuntime(loadConfig({ AGENT_BASE_URL: llm.url, AGENT_MODEL: 'scripted-kb', EVAL_JUDGE_MODEL: 'scripted-judge' }), db);
  await ingestForEval({ db, store: runtime.deps.knowledge, embedder: runtime.deps.embedder, namespace: GROUNDING_NAMESPACE, documents: dataset.documents });
}, 60_000);
afterAll(async () => {
  await llm?.close();
  await db?.close();
});

const NOT_COVERED = 'The documents do not cover this.';
/** The Knowledge-Base agent: searches with the question, then answers with the top passage, cited. */
function kbAgent(req: ChatRequestBody): ScriptedReply {
  const results = toolResults(req);
  if (results.length === 0) return call('search_knowledge_base', { query: firstUser(req) });
  const passages = JSON.parse(results.at(-1)!).passages as { file: string; page: number; text: string }[];
  return passages.length ? text(`${passages[0]!.text} [${passages[0]!.file} p.${passages[0]!.page}]`) : text(NOT_COVERED);
}
const isJudge = (req: ChatRequestBody) => req.messages[0]?.content === JUDGE_PROMPT;
const judgeRequests: ChatRequestBody[] = [];
/** A judge: every statement supported unless `unsupported` says otherwise for this request. */
const judgeWith = (unsupported: (req: ChatRequestBody) => boolean) => (req: ChatRequestBody): ScriptedReply => {
  judgeRequests.push(req);
  const answer = req.messages[1]!.content!.split('Answer:\n')[1]!;
  if (answer === NOT_COVERED) return text(JSON.stringify({ statements: [] }));
  return text(JSON.stringify({ statements: [{ text: answer.slice(0, 60), supported: !unsupported(req) }] }));
};
const respond = (judgeReply: (req: ChatRequestBody) => ScriptedReply) => llm.respond((req) => (isJudge(req) ? judgeReply(req) : agentOf(req) === 'knowledge_base_agent' ? kbAgent(req) : httpError(400)));
const run = () => runGroundingEval({ db, activities: runtime.activities, agentModel: runtime.deps.agentModel, judgeModel: createModelClient(loadConfig({ AGENT_BASE_URL: llm.url, EVAL_JUDGE_MODEL: 'scripted-judge' }).judge, 5000), dataset });

describe('the grounding eval', () => {
  it('has answerable questions with golden facts and questions the documents do not answer', () => {
    expect(dataset.questions.filter((q) => q.golden).length).toBeGreaterThanOrEqual(5);
    expect(dataset.questions.filter((q) => !q.answerable).length).toBeGreaterThanOrEqual(2);
  });

  it('a judge that finds every statement supported: answerable answers grounded in what they cite, unanswerable ones make no claim', async () => {
    judgeRequests.length = 0;
    respond(judgeWith(() => false));
    const report = await run();
    expect(report).toMatchObject({ agentModel: 'scripted-kb', judgeModel: 'scripted-judge', total: dataset.questions.length });
    // The judge read the cited passages in full, not the 300-character snippets.
    const meal = report.results.find((r) => r.id === 'grounding-01')!;
    expect(meal.cited).toEqual(['acme-policy.pdf p.1']);
    expect(judgeRequests.some((r) => r.messages[1]!.content!.includes('Client meals are reimbursed up to 60 EUR per person when a client attends. Alcohol is not reimbursed. Keep the itemised receipt.'))).toBe(true);
    expect(meal).toMatchObject({ grounded: true, golden: { pass: true, missing: [] } });
    for (const id of ['grounding-09', 'grounding-10']) expect(report.results.find((r) => r.id === id)).toMatchObject({ answer: NOT_COVERED, cited: [], statements: [], grounded: true });
    // What this scripted agent finds, it answers from: every answer it gave from a passage is grounded.
    for (const r of report.results) expect(r.grounded, r.id).toBe(r.answerable ? r.cited.length > 0 : true);
    expect(report.golden.total).toBe(dataset.questions.filter((q) => q.golden).length);
    expect(formatGroundingReport(report)).toMatch(/judge scripted-judge: \d+ \/ 10 grounded/);
  }, 60_000);

  it('a judge that finds nothing supported fails every answer that claims something; one that answers badly is an error, never a pass', async () => {
    respond(judgeWith(() => true));
    const none = await run();
    for (const r of none.results) expect(r.grounded, r.id).toBe(!r.answerable && r.statements.length === 0);
    respond(() => text('I think it is fine.'));
    const bad = await run();
    expect(bad.grounded).toBe(0);
    expect(bad.results.every((r) => r.grounded === false && /judge's reply is not JSON/.test(r.error ?? ''))).toBe(true);
    respond(() => httpError(500));
    const down = await run();
    expect(down.results.every((r) => !r.grounded && r.error)).toBe(true);
  }, 60_000);

  it('a judge wrong on a known subset (the travel page) fails exactly the answers citing it', async () => {
    respond(judgeWith((req) => req.messages[1]!.content!.includes('[acme-policy.pdf p.2]')));
    const report = await run();
    const failed = report.results.filter((r) => !r.grounded).map((r) => r.id);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.sort()).toEqual(report.results.filter((r) => r.cited.includes('acme-policy.pdf p.2') || (r.answerable && r.cited.length === 0)).map((r) => r.id).sort());
  }, 60_000);

  it('npm run eval -- --grounding prints the table and saves the report naming both models', async () => {
    respond(judgeWith(() => false));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounding-'));
    try {
      const env = { ...process.env, AGENT_BASE_URL: llm.url, AGENT_MODEL: 'scripted-kb', EVAL_JUDGE_MODEL: 'scripted-judge', DATA_DIR: dir, LOG_LEVEL: 'silent' };
      const r = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'evals/cli.ts', '--grounding', '--out', path.join(dir, 'g.json')], { env, timeout: 120_000 });
      expect(r.stdout).toMatch(/grounding: 10 questions, agent scripted-kb, judge scripted-judge/);
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'g.json'), 'utf8'))).toMatchObject({ agentModel: 'scripted-kb', judgeModel: 'scripted-judge', total: 10 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
