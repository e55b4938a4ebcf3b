/**
 * The worker dies while an embedding batch is in flight; a new worker finishes the ingestion with
 * every chunk stored once and nothing left staged.
 */
import { putUpload } from '../../adapters/knowledge-store.js';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { afterAll, expect, inject, it } from 'vitest';
import { openDatabase } from '../../adapters/db.js';
import type { IngestionInput } from '../../workflows/ingestion.js';
import type { IngestionState } from '../../workflows/temporal-messages.js';
import { startScriptedLlm } from '../support/scripted-llm.js';
import { spawnWorkerProcess, type WorkerProcess } from '../support/worker-process.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copilot-ingest-kill-'));
const workers: WorkerProcess[] = [];
afterAll(async () => {
  for (const w of workers) await w.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('a new worker finishes an ingestion whose worker was killed mid-batch, without duplicates', async () => {
  const llm = await startScriptedLlm();
  let release!: () => void;
  const secondBatch = new Promise<void>((r) => (release = r));
  llm.respondEmbeddings((req, n) => {
    if (n === 1) {
      release();
      return new Promise(() => {}); // hangs: the worker dies waiting
    }
    return { vectors: req.input.map((_, i) => Array.from({ length: 1024 }, (_, j) => (j === (n * 8 + i) % 1024 ? 1 : 0))) };
  });
  // The upload is stored before the worker starts: PGlite serves one process at a time.
  const ingestionId = crypto.randomUUID();
  const db = await openDatabase({ dataDir });
  const uploadKey = await putUpload(db, fs.readFileSync('/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf'));
  await db.query(`insert into ingestions (id, namespace, file_name, upload_key, status, created_by) values ($1, 'kill', 'mime.pdf', $2, 'running', 'alice')`, [ingestionId, uploadKey]);
  await db.close();

  const taskQueue = `ingest-kill-${crypto.randomUUID()}`;
  const env = { ORCHESTRATOR_BASE_URL: llm.url, AGENT_BASE_URL: llm.url, EMBEDDING_PROVIDER: 'ollama', EMBEDDING_BASE_URL: llm.url, TEMPORAL_ADDRESS: inject('temporalAddress'), TEMPORAL_TASK_QUEUE: taskQueue, DATA_DIR: dataDir };
  const w1 = spawnWorkerProcess(env);
  workers.push(w1);
  await w1.ready;
  const connection = await Connection.connect({ address: inject('temporalAddress') });
  const client = new Client({ connection });
  const input: IngestionInput = { ingestionId, namespace: 'kill', fileName: 'mime.pdf', uploadKey, userId: 'alice', batchSize: 8, concurrency: 1 };
  const handle = await client.workflow.start('ingestionWorkflow', { workflowId: `ingest-${ingestionId}`, taskQueue, args: [input] });
  await secondBatch;
  await w1.kill('SIGKILL');

  const w2 = spawnWorkerProcess(env);
  workers.push(w2);
  await w2.ready;
  const result = (await handle.result()) as IngestionState;
  expect(result.status).toBe('completed');
  expect(result.embedded).toBe(result.chunks);
  const history = await handle.fetchHistory();
  expect(history.events!.some((e) => (e.activityTaskStartedEventAttributes?.attempt ?? 1) >= 2)).toBe(true);
  await w2.kill('SIGTERM');
  await connection.close();
  await llm.close();

  const after = await openDatabase({ dataDir });
  try {
    const n = (sql: string) => after.query<{ n: number }>(sql).then((r) => r.rows[0]!.n);
    expect(await n(`select count(*)::int as n from kb_chunks where namespace = 'kill'`)).toBe(result.chunks);
    expect(await n(`select count(distinct chunk_index)::int as n from kb_chunks where namespace = 'kill'`)).toBe(result.chunks);
    expect(await n(`select count(*)::int as n from ingest_chunks`)).toBe(0);
    expect((await after.query<{ status: string }>(`select status from ingestions where id = $1`, [ingestionId])).rows[0]!.status).toBe('completed');
  } finally {
    await after.close();
  }
}, 120_000);
