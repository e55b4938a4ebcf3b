/**
 * The bench's scripted turn, shared by the bench and the baseline run of older code (bench/baseline.ts):
 * what the model answers for a k-hop knowledge turn and the pages its searches find.
 */
import crypto from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { Db } from '../adapters/db.js';
import type { LocalActivitiesMode, TurnInput } from '../domain/types.js';
import { agentOf, call, isOrchestrator, text, toolResults, type ChatRequestBody, type ScriptedReply } from '../test/support/scripted-llm.js';

/**
 * Hop = one orchestrator decision, as the workflow counts them. A k-hop turn asks the knowledge-base
 * agent k-1 times (each search returning five passages of ~1,000 characters), then answers.
 */
export function hopsResponder(k: number, latencyMs = 0) {
  return (req: ChatRequestBody): ScriptedReply => {
    const latency = latencyMs ? { delayMs: latencyMs } : {};
    if (isOrchestrator(req)) {
      const done = req.messages.filter((m) => m.role === 'tool').length;
      return { ...(done < k - 1 ? call('knowledge_base_agent', { request: `policy question ${done + 1}` }) : text(`Answer after ${k} hops.`)), ...latency };
    }
    if (agentOf(req) === 'knowledge_base_agent') {
      return { ...(toolResults(req).length === 0 ? call('search_knowledge_base', { query: 'client meals reimbursed policy', top_k: 5 }) : text('Client meals are reimbursed up to 60 EUR.')), ...latency };
    }
    return { ...text('?'), ...latency };
  };
}

/** Five pages of ~1,000 characters that all match the benchmark's query. */
export const BENCH_PAGES = Array.from({ length: 5 }, (_, i) => `Expense policy page ${i + 1}. Client meals are reimbursed up to 60 EUR per person. ${'Policy detail and context. '.repeat(36)}`);

/**
 * Indexes BENCH_PAGES in `db` (pgvector with its full-text index, the local embedder), as one document
 * of the `default` namespace: what the bench's searches find. The stores are loaded when called, so that
 * the baseline run of older code (bench/baseline-turns.ts), which imports this file, loads none of today's.
 */
export async function seedBenchPages(db: Db): Promise<void> {
  const { createWordVectorEmbedder } = await import('../adapters/embedding.js');
  const { withFullText } = await import('../adapters/fulltext.js');
  const { createPgvectorStore, putDocument } = await import('../adapters/knowledge-store.js');
  const vectors = await createWordVectorEmbedder().embed(BENCH_PAGES);
  await putDocument(db, withFullText(createPgvectorStore(db), db), { id: 'doc-bench', namespace: 'default', fileName: 'policy.pdf', pages: 5 }, BENCH_PAGES.map((t, i) => ({ chunkIndex: i, page: i + 1, text: t, embedding: vectors[i]! })));
}

/** A bench turn's input: a conversation of its own, up to 6 hops, in the given mode. */
export function benchTurnInput(question: string, localActivities: LocalActivitiesMode): TurnInput {
  const turnId = crypto.randomUUID();
  return { turnId, conversationId: `bench-${turnId}`, userId: 'bench', question, namespace: 'default', settings: { maxHops: 6, maxAgentRetries: 1, timezone: 'UTC', localActivities } };
}

/**
 * How the bench starts turns and waits for them. `starter` starts them as the code under test's API
 * does (today: through the worker's connection, `eager`); `waiter` waits for results. The product never
 * waits that way (the API is told by push), so the wait is the bench's own cost: both runs, today's and
 * the baseline's, wait through a worker's connection (the SDK's native client), which costs the process
 * less CPU than the JS gRPC client's long poll.
 */
export interface TurnClient {
  starter: Client;
  eager: boolean;
  waiter: Client;
}

/** Turns started as today's API starts them under `npm start` (`client` over the worker's connection, eagerly) and waited for on it. */
export const apiTurns = (client: Client): TurnClient => ({ starter: client, eager: true, waiter: client });

/** Starts a k-hop bench turn (the model scripted for it) and waits for its view. */
export async function runTurn(c: TurnClient, taskQueue: string, input: TurnInput): Promise<{ status: string; hops: number; sources: unknown[] }> {
  const started = await c.starter.workflow.start('turnWorkflow', { workflowId: `turn-${input.turnId}`, taskQueue, args: [input], ...(c.eager ? { requestEagerStart: true } : {}) });
  return (await c.waiter.workflow.getHandle(started.workflowId).result()) as { status: string; hops: number; sources: unknown[] };
}

/** Starts a 3-hop bench turn and waits for it; throws unless it completed. */
export async function completeTurn(c: TurnClient, taskQueue: string, localActivities: LocalActivitiesMode): Promise<void> {
  const view = await runTurn(c, taskQueue, benchTurnInput('benchmark turn of 3 hops', localActivities));
  if (view.status !== 'completed') throw new Error(`bench turn ended ${view.status}`);
}
