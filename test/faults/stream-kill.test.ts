/**
 * A worker process SIGKILLed while the orchestrator's answer streams (issue 19): the API (its own
 * process, on PostgreSQL's LISTEN/NOTIFY) has shown part of the draft; a new worker re-runs the model
 * call, and the client sees one `answer.reset`, then the new draft from its start, then the final
 * answer equal to it; never two drafts interleaved.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { readSse, type SseMessage } from '../support/sse.js';
import { createTempDatabase, postgresAvailable } from '../support/postgres.js';
import { isOrchestrator, startScriptedLlm, streamedText, toolResults } from '../support/scripted-llm.js';
import { agents } from '../support/world.js';
import { startFakePinecone } from '../support/fake-pinecone.js';
import { scriptedWorkerEnv, spawnApiProcess, spawnWorkerProcess, type WorkerProcess } from '../support/worker-process.js';

const hasPostgres = await postgresAvailable();
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});
const ADMIN_KEY = 'stream-kill-admin-key-0123456789';
const ANSWER = 'Client meals are reimbursed up to 60 EUR per person when a client attends, and alcohol is not reimbursed (acme-policy.pdf p.1).';
const QUESTION = 'How much are client meals reimbursed?';

describe.skipIf(!hasPostgres)('a worker killed mid-stream', () => {
  it('the retried call restarts the draft: one reset, then one draft, then the final answer equal to it', async () => {
    const tmp = await createTempDatabase();
    cleanups.push(() => tmp.drop());
    let finals = 0;
    const llm = await startScriptedLlm((req) => {
      if (!isOrchestrator(req)) return agents(req);
      if (toolResults(req).length === 0) return { content: null, toolCalls: [{ name: 'knowledge_base_agent', arguments: { request: QUESTION } }] };
      // The first answer streams slowly (the worker is killed during it); the re-run answers at once.
      return finals++ === 0 ? streamedText(ANSWER, { tokenDelayMs: 250 }) : streamedText(ANSWER, { tokenDelayMs: 5 });
    });
    cleanups.push(() => llm.close());
    // The vectors in Pinecone (its wire format, faked): this machine's PostgreSQL has no pgvector.
    const pinecone = await startFakePinecone('stream-kill-pinecone-key');
    cleanups.push(() => pinecone.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copilot-stream-kill-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      ...scriptedWorkerEnv({ llmUrl: llm.url, temporalAddress: inject('temporalAddress'), taskQueue: `stream-kill-${crypto.randomUUID()}`, dataDir }),
      EVAL_TASK_QUEUE: `stream-kill-evals-${crypto.randomUUID()}`,
      DATABASE_URL: tmp.url,
      VECTOR_STORE: 'pinecone',
      PINECONE_API_KEY: 'stream-kill-pinecone-key',
      PINECONE_INDEX_HOST: pinecone.url,
      COPILOT_API_KEYS: `${ADMIN_KEY}:ops:admin`,
      HOST: '127.0.0.1',
      PORT: '0',
      METRICS_PORT: '0',
    };
    const spawned: WorkerProcess[] = [];
    cleanups.push(async () => Promise.all(spawned.map((p) => p.kill('SIGKILL'))));
    const spawn = (p: WorkerProcess) => (spawned.push(p), p);
    const api = spawn(spawnApiProcess(env));
    const w1 = spawn(spawnWorkerProcess(env));
    await Promise.all([api.ready, w1.ready]);
    const apiUrl = api
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, any>)
      .find((l) => l.msg === 'API listening')!.url as string;

    // Answers stream when they come from documents: the policy is ingested first, as a user would.
    const form = new FormData();
    form.append('namespace', 'default');
    form.append('file', new Blob([new Uint8Array(fs.readFileSync('test/fixtures/acme-policy.pdf'))]), 'acme-policy.pdf');
    const ingested = await fetch(`${apiUrl}/ingestion?wait=true`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_KEY}` }, body: form });
    expect(ingested.status, await ingested.clone().text()).toBe(200);
    expect(await ingested.json()).toMatchObject({ status: 'completed' });

    const res = await fetch(`${apiUrl}/query-agent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ question: QUESTION }),
    });
    expect(res.status).toBe(200);
    let killed: Promise<void> | null = null;
    let deltas = 0;
    const events: SseMessage[] = await readSse(res, Infinity, {
      drafts: true,
      onMessage: (m) => {
        // Part of the draft is on the screen: the worker dies, another takes over.
        if (m.type === 'answer.delta' && ++deltas === 3 && !killed) {
          killed = w1.kill('SIGKILL').then(async () => {
            await spawn(spawnWorkerProcess(env)).ready;
          });
        }
      },
    });
    await killed;
    const resets = events.filter((e) => e.type === 'answer.reset');
    expect(resets, 'exactly one reset').toHaveLength(1);
    const resetAt = events.indexOf(resets[0]!);
    const before = events.slice(0, resetAt).filter((e) => e.type === 'answer.delta');
    const after = events.slice(resetAt + 1).filter((e) => e.type === 'answer.delta');
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(new Set(before.map((e) => e.data.draftId)).size).toBe(1);
    // The new draft starts from 0 under one id of its own, and is whole: the final answer is it.
    expect(after[0]!.data.from).toBe(0);
    expect(new Set(after.map((e) => e.data.draftId)).size).toBe(1);
    expect(after[0]!.data.draftId).not.toBe(before[0]!.data.draftId);
    let text = '';
    for (const d of after) text = text.slice(0, d.data.from) + d.data.text;
    const done = events.at(-1)!;
    expect(done.type).toBe('turn.completed');
    expect(done.data.answer).toBe(ANSWER);
    expect(text.trim()).toBe(ANSWER);
  }, 120_000);
});
