import crypto from 'node:crypto';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { seedRooms } from '../../adapters/booking-store.js';
import { loadConfig } from '../../adapters/config.js';
import { openDatabase } from '../../adapters/db.js';
import { createPgvectorStore, putDocument } from '../../adapters/knowledge-store.js';
import type { LocalActivitiesMode, TurnInput } from '../../domain/types.js';
import { startDevServer } from '../../worker/dev-server.js';
import { createRuntime } from '../../worker/runtime.js';
import { createWorker } from '../../worker/worker.js';
import { installTemporalLogging } from '../../worker/cli.js';
import { agentOf, call, isOrchestrator, startScriptedLlm, text, toolResults, type ChatRequestBody } from '../../test/support/scripted-llm.js';

await installTemporalLogging('warn');
const mode = (process.env.MODE ?? 'all') as LocalActivitiesMode;
const k = Number(process.env.HOPS ?? 6);
const reps = Number(process.env.REPS ?? 10);
const dev = await startDevServer({ cliPath: process.env.TEMPORAL_CLI_PATH, tuning: process.env.TEMPORAL_DEV_TUNING === 'stock' ? 'stock' : 'tuned', toolsDir: path.resolve('test/.artifacts/tools') });
const llm = await startScriptedLlm((req: ChatRequestBody) => {
  if (isOrchestrator(req)) {
    const done = req.messages.filter((m) => m.role === 'tool').length;
    return done < k - 1 ? call('knowledge_base_agent', { request: `policy question ${done + 1}` }) : text(`Answer after ${k} hops.`);
  }
  if (agentOf(req) === 'knowledge_base_agent') return toolResults(req).length === 0 ? call('search_knowledge_base', { query: 'client meals reimbursed policy', top_k: 5 }) : text('Client meals are reimbursed up to 60 EUR.');
  return text('?');
});
const db = await openDatabase({ inMemory: true });
await seedRooms(db);
const { createLocalEmbedder } = await import('../../adapters/embedding.js');
const emb = createLocalEmbedder();
const pages = Array.from({ length: 5 }, (_, i) => `Expense policy page ${i + 1}. Client meals are reimbursed up to 60 EUR per person. ${'Policy detail and context. '.repeat(36)}`);
const vectors = await emb.embed(pages);
await putDocument(db, createPgvectorStore(db), { id: 'doc-bench', namespace: 'default', fileName: 'policy.pdf', pages: 5 }, pages.map((t, i) => ({ chunkIndex: i, page: i + 1, text: t, embedding: vectors[i]! })));
const taskQueue = `hop-${crypto.randomUUID()}`;
const config = loadConfig({ ORCHESTRATOR_BASE_URL: llm.url, AGENT_BASE_URL: llm.url, TEMPORAL_ADDRESS: dev.address, TEMPORAL_TASK_QUEUE: taskQueue, MAX_HOPS: '8', LOG_LEVEL: 'silent' });
const runtime = createRuntime(config, db);
const { worker, connection: wc } = await createWorker({ address: dev.address, namespace: 'default', taskQueue, activities: runtime.activities });
const running = worker.run();
const client = new Client({ connection: await Connection.connect({ address: dev.address }) });
const times: number[] = [];
for (let r = 0; r < reps + 2; r++) {
  const turnId = crypto.randomUUID();
  const input: TurnInput = { turnId, conversationId: `c-${turnId}`, userId: 'bench', question: 'q', namespace: 'default', settings: { maxHops: 8, maxAgentRetries: 1, timezone: 'UTC', localActivities: mode } };
  const t = performance.now();
  const h = await client.workflow.start('turnWorkflow', { workflowId: `turn-${turnId}`, taskQueue, args: [input] });
  const v = (await h.result()) as { hops: number; status: string };
  if (v.hops !== k) throw new Error(`hops ${v.hops} ${v.status}`);
  if (r >= 2) times.push((performance.now() - t) / k);
}
times.sort((a, b) => a - b);
console.log(`mode ${mode} ${k} hops: per hop p50 ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms (min ${times[0]!.toFixed(1)}, max ${times.at(-1)!.toFixed(1)}) incl. model+work`);
worker.shutdown();
await running;
await wc.close();
await llm.close();
await db.close();
await dev.stop();
