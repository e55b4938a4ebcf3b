/**
 * The concurrency burst on an older tree of this project (bench/baseline.ts unpacks it): run with
 * BASELINE_ROOT (the tree) and BASELINE_LEVELS (bursts, e.g. `10,200,200`), it starts that tree's own
 * dev server, database, runtime and worker, exactly as its bench did, runs the bursts with this bench's
 * scripted turn, and prints one line `BASELINE {json}`. The older modules are loaded by path, so their
 * API is the one of that commit: the dev server, runtime and worker under worker/ (as up to 7ffb0bd),
 * the database and stores under adapters/.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import type { LocalActivitiesMode } from '../domain/types.js';
import { burst, type BurstFigure } from './burst.js';
import { BENCH_PAGES, completeTurn, hopsResponder, type TurnClient } from './turn-script.js';
import { startScriptedLlm } from '../test/support/scripted-llm.js';

const root = process.env.BASELINE_ROOT;
const levelsArg = process.env.BASELINE_LEVELS;
if (!root || !levelsArg) throw new Error('BASELINE_ROOT and BASELINE_LEVELS (e.g. 10,200,200) are required');
const from = async <T>(file: string) => (await import(path.join(root, file))) as T;

const { startDevServer } = await from<{ startDevServer(o: { cliPath?: string }): Promise<{ address: string; pid?: number; stop(): Promise<void> }> }>('worker/dev-server.ts');
const { openDatabase } = await from<{ openDatabase(o: { inMemory: boolean }): Promise<any> }>('adapters/db.ts');
const { seedRooms } = await from<{ seedRooms(db: any): Promise<unknown> }>('adapters/booking-store.ts');
const { createLocalEmbedder } = await from<{ createLocalEmbedder(): { embed(t: string[]): Promise<number[][]> } }>('adapters/embedding.ts');
const { createPgvectorStore, putDocument } = await from<{ createPgvectorStore(db: any): any; putDocument(db: any, store: any, doc: any, chunks: any[]): Promise<unknown> }>('adapters/knowledge-store.ts');
const { loadConfig } = await from<{ loadConfig(env: Record<string, string>): { localActivities: LocalActivitiesMode } }>('adapters/config.ts');
const { createRuntime } = await from<{ createRuntime(config: any, db: any): { activities: any } }>('worker/runtime.ts');
const { createWorker } = await from<{ createWorker(o: any): Promise<{ worker: { run(): Promise<void>; shutdown(): void }; connection: { close(): Promise<void> } }> }>('worker/worker.ts');

const dev = await startDevServer({ cliPath: process.env.TEMPORAL_CLI_PATH });
const llm = await startScriptedLlm(hopsResponder(3));
const db = await openDatabase({ inMemory: true });
await seedRooms(db);
const vectors = await createLocalEmbedder().embed(BENCH_PAGES);
await putDocument(db, createPgvectorStore(db), { id: 'doc-bench', namespace: 'default', fileName: 'policy.pdf', pages: 5 }, BENCH_PAGES.map((t, i) => ({ chunkIndex: i, page: i + 1, text: t, embedding: vectors[i]! })));
const taskQueue = `bench-baseline-${crypto.randomUUID()}`;
const config = loadConfig({ ORCHESTRATOR_BASE_URL: llm.url, AGENT_BASE_URL: llm.url, TEMPORAL_ADDRESS: dev.address, TEMPORAL_TASK_QUEUE: taskQueue, MAX_HOPS: '6', LOG_LEVEL: 'silent' });
const runtime = createRuntime(config, db);
const { worker, connection: workerConnection } = await createWorker({ address: dev.address, namespace: 'default', taskQueue, activities: runtime.activities });
const running = worker.run();
const connection = await Connection.connect({ address: dev.address });
// Started as that tree's API started them (its own gRPC connection), waited for as today's bench waits
// (the worker's connection: the wait is the bench's cost, not the code's; bench/turn-script.ts).
const turns: TurnClient = { starter: new Client({ connection }), eager: false, waiter: new Client({ connection: workerConnection as never }) };
// The same turn input as today's bench: the older tree's TurnInput has the same fields.
const runOne = () => completeTurn(turns, taskQueue, config.localActivities);
try {
  await runOne(); // warm-up: the bundle loaded, connections open
  const figures: BurstFigure[] = [];
  for (const c of levelsArg.split(',').map(Number)) figures.push(await burst(c, runOne, dev.pid));
  console.log(`BASELINE ${JSON.stringify({ localActivities: config.localActivities, figures })}`);
} finally {
  worker.shutdown();
  await running;
  await workerConnection.close();
  await connection.close();
  await llm.close();
  await db.close();
  await dev.stop();
}
process.exit(0);
