/**
 * What the routes do with turns: start one (taking the conversation's lock), read it at any moment
 * (database once finished, else the workflow's `state` query), wait for it, and read its event log.
 */
import crypto from 'node:crypto';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Config } from '../adapters/config.js';
import type { ConversationStore, TurnRecord } from '../adapters/conversation-store.js';
import { ConversationIdKey, TurnStatusKey, UserIdKey } from '../domain/search-attributes.js';
import { TERMINAL_EVENTS, turnView, type TurnEvent, type TurnInput, type TurnStatus, type TurnView } from '../domain/types.js';
import * as messages from '../workflows/messages.js';
import type { turnWorkflow } from '../workflows/turn.js';
import { canSee, type AuthUser } from './auth.js';
import { HttpProblem, notFound } from './errors.js';

export const workflowIdFor = (turnId: string) => `turn-${turnId}`;

export interface TurnServiceDeps {
  client: Client;
  conversations: ConversationStore;
  config: Pick<Config, 'temporal' | 'maxHops' | 'maxAgentRetries' | 'timezone' | 'defaultNamespace'>;
  /** Non-null when no LLM is configured: the 503 names the variables. */
  llmProblem: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const FINISHED: TurnStatus[] = ['completed', 'failed'];

function viewFromRecord(r: TurnRecord): TurnView {
  return {
    turnId: r.turnId,
    conversationId: r.conversationId,
    status: r.status,
    question: r.question,
    answer: r.answer,
    decisions: r.result?.decisions ?? [],
    sources: r.result?.sources ?? [],
    pendingApprovals: [],
    receipts: r.result?.receipts ?? [],
    usage: r.result?.usage ?? { total: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, byModel: {}, byAgent: {}, calls: 0 },
    hops: r.result?.hops ?? 0,
    error: r.result?.error ?? null,
    startedAt: r.createdAt,
    finishedAt: r.finishedAt,
  };
}

export function createTurnService(deps: TurnServiceDeps) {
  const { client, conversations, config } = deps;

  async function workflowClosed(turnId: string): Promise<{ closed: boolean; status?: string }> {
    try {
      const d = await client.workflow.getHandle(workflowIdFor(turnId)).describe();
      return { closed: d.status.name !== 'RUNNING', status: d.status.name };
    } catch (e) {
      if (e instanceof WorkflowNotFoundError) return { closed: true };
      throw e;
    }
  }

  /** The turn record, or 404 when it does not exist or belongs to someone else. */
  async function ownedTurn(user: AuthUser, turnId: string): Promise<TurnRecord> {
    const r = await conversations.getTurn(turnId);
    if (!r || !canSee(user, r.userId)) throw notFound(`turn ${turnId}`);
    return r;
  }

  return {
    ownedTurn,

    async start(user: AuthUser, body: { question: string; conversationId?: string; namespace?: string }) {
      if (deps.llmProblem) throw new HttpProblem(503, 'llm-not-configured', 'LLM not configured', deps.llmProblem);
      const turnId = crypto.randomUUID();
      const conversationId = body.conversationId ?? crypto.randomUUID();
      const namespace = body.namespace ?? config.defaultNamespace;
      const begin = () => conversations.beginTurn({ turnId, conversationId, userId: user.userId, question: body.question, namespace });
      let r = await begin();
      if (!r.ok && r.reason === 'busy') {
        // A lock held by a workflow that is gone (terminated, timed out) would block the conversation forever.
        const w = await workflowClosed(r.activeTurnId);
        if (w.closed) {
          await conversations.releaseLock(conversationId, r.activeTurnId, 'failed');
          r = await begin();
        }
      }
      if (!r.ok) {
        if (r.reason === 'not_found') throw notFound(`conversation ${conversationId}`);
        throw new HttpProblem(409, 'conversation-busy', 'Conversation busy', `turn ${r.activeTurnId} of this conversation is still running; one turn at a time`, {
          activeTurnId: r.activeTurnId,
        });
      }
      const input: TurnInput = {
        turnId,
        conversationId,
        userId: user.userId,
        question: body.question,
        namespace,
        settings: { maxHops: config.maxHops, maxAgentRetries: config.maxAgentRetries, timezone: config.timezone },
      };
      try {
        await client.workflow.start<typeof turnWorkflow>('turnWorkflow', {
          workflowId: workflowIdFor(turnId),
          taskQueue: config.temporal.taskQueue,
          args: [input],
          typedSearchAttributes: [
            { key: ConversationIdKey, value: conversationId },
            { key: UserIdKey, value: user.userId },
            { key: TurnStatusKey, value: 'running' },
          ],
          staticSummary: `Turn: ${body.question.slice(0, 80)}`,
        });
      } catch (e) {
        await conversations.releaseLock(conversationId, turnId, 'failed');
        throw new HttpProblem(503, 'temporal-unavailable', 'Workflow service unavailable', `the turn could not be started: ${(e as Error).message}`);
      }
      return { turnId, conversationId };
    },

    /** The turn as it is now: the saved result once finished, else the live workflow state. */
    async view(user: AuthUser, turnId: string): Promise<TurnView> {
      const record = await ownedTurn(user, turnId);
      if (FINISHED.includes(record.status) && record.result) return viewFromRecord(record);
      try {
        const s = await client.workflow.getHandle(workflowIdFor(turnId)).query(messages.state);
        return turnView(s);
      } catch {
        return viewFromRecord(record);
      }
    },

    /** Waits until the turn completes, fails or pauses for approval, or `timeoutMs` passes. */
    async waitForRest(user: AuthUser, turnId: string, timeoutMs: number): Promise<{ view: TurnView; settled: boolean }> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const view = await this.view(user, turnId);
        if (view.status !== 'running') return { view, settled: true };
        if (Date.now() >= deadline) return { view, settled: false };
        await sleep(Math.min(100, Math.max(0, deadline - Date.now())));
      }
    },

    /** Events after `after`, and whether the log has ended (terminal event included). */
    async eventsAfter(record: TurnRecord, after: number): Promise<{ events: TurnEvent[]; done: boolean }> {
      let events: TurnEvent[];
      const saved = record.result?.events;
      if (saved && FINISHED.includes(record.status)) events = saved.filter((e) => e.offset > after);
      else {
        try {
          events = await client.workflow.getHandle(workflowIdFor(record.turnId)).query(messages.events, { after });
        } catch (e) {
          // Finished since the record was read: the saved log is complete.
          const fresh = await conversations.getTurn(record.turnId);
          if (fresh?.result && FINISHED.includes(fresh.status)) events = fresh.result.events.filter((ev) => ev.offset > after);
          else throw e;
        }
      }
      if (events.some((e) => TERMINAL_EVENTS.includes(e.type))) return { events, done: true };
      if (events.length === 0 && !saved) {
        // Resumed after the terminal event: nothing new will come once the turn is saved as finished.
        const fresh = await conversations.getTurn(record.turnId);
        if (fresh && FINISHED.includes(fresh.status)) return { events: [], done: true };
      }
      return { events, done: Boolean(saved && FINISHED.includes(record.status)) };
    },
  };
}

export type TurnService = ReturnType<typeof createTurnService>;
