/**
 * The worker process is SIGKILLed while a vector search is in flight (Pinecone's query never answers);
 * a new worker process picks the turn up and finishes it with the passage cited, the search retried
 * after the heartbeat timeout rather than the 30 s activity timeout.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { openDatabase } from '../../adapters/db.js';
import { createPineconeStore } from '../../adapters/pinecone-store.js';
import { withFullText } from '../../adapters/fulltext.js';
import { startFakePinecone } from '../support/fake-pinecone.js';
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.js';
import { seedPolicy, turnInput, world } from '../support/world.js';
import { spawnWorkerProcess, type WorkerProcess } from '../support/worker-process.js';

const PINECONE_KEY = 'pc-kill-key';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copilot-search-kill-'));
const taskQueue = `search-kill-${crypto.randomUUID()}`;
const workers: WorkerProcess[] = [];
let llm: ScriptedLlm;
let pc: Awaited<ReturnType<typeof startFakePinecone>>;
let connection: Connection;

beforeAll(async () => {
  llm = await startScriptedLlm(world);
  pc = await startFakePinecone(PINECONE_KEY);
  // Documents and vectors are in place before any worker opens the embedded database.
  const db = await openDatabase({ dataDir });
  // As the runtime wraps any vector store (adapters/stores.ts): the passages' text is kept in the database
  // too, for full-text search and for the answer check's figures.
  await seedPolicy(db, withFullText(createPineconeStore({ apiKey: PINECONE_KEY, index: undefined, indexHost: pc.url }), db), 'acme');
  await db.close();
  connection = await Connection.connect({ address: inject('temporalAddress') });
});
afterAll(async () => {
  for (const w of workers) await w.kill('SIGKILL');
  await connection?.close();
  await llm?.close();
  await pc?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const startWorker = () => {
  const w = spawnWorkerProcess({
    ORCHESTRATOR_BASE_URL: llm.url,
    AGENT_BASE_URL: llm.url,
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    TEMPORAL_TASK_QUEUE: taskQueue,
    DATA_DIR: dataDir,
    VECTOR_STORE: 'pinecone',
    PINECONE_API_KEY: PINECONE_KEY,
    PINECONE_INDEX_HOST: pc.url,
  });
  workers.push(w);
  return w;
};

it('a new worker finishes a turn whose worker was killed mid vector search', async () => {
  pc.hangNext();
  const w1 = startWorker();
  await w1.ready;
  const input = turnInput('How much are client meals reimbursed?', { namespace: 'acme' });
  const client = new Client({ connection });
  const handle = await client.workflow.start('turnWorkflow', { workflowId: `turn-${input.turnId}`, taskQueue, args: [input] });
  const queries = () => pc.requests.filter((r) => r.path === '/query').length;
  while (queries() === 0) await new Promise((r) => setTimeout(r, 50));
  await w1.kill('SIGKILL');
  const killedAt = Date.now();

  const w2 = startWorker();
  await w2.ready;
  const view: any = await handle.result();
  expect(view.status).toBe('completed');
  expect(view.answer).toContain('60 EUR');
  expect(view.sources[0]).toMatchObject({ fileName: 'policy.pdf', page: 1 });
  // Picked up after the 10 s heartbeat timeout, well before the 30 s start-to-close timeout.
  expect(Date.now() - killedAt).toBeLessThan(28_000);
  expect(queries()).toBe(2);
  const history = await handle.fetchHistory();
  const searches = history.events!.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'searchKnowledgeBase');
  expect(searches).toHaveLength(1); // one search, retried in place: nothing run twice in the workflow
  await w2.kill('SIGTERM');
}, 120_000);
