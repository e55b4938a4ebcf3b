/**
 * A turn's event log as a stream reads it (`eventsAfter`), at the moments the turn saves itself: the turn's
 * record is written before its workflow appends the terminal event, so a query in between answers nothing new
 * while the saved log already ends with it; and a record read just before that save, then a query that goes
 * unanswered, must not have the closed workflow's record rebuilt over the one it saved. The query is a stub
 * here, and the first read of the store lags, to hold those moments still; the streams over a real server are
 * tested in test/api.
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { createTurnService, finishedAfter, type TurnServiceDeps } from '../../api/turn-service.js';
import { NoticeBus } from '../../adapters/notices.js';
import { createSqlConversationStore, type ConversationStore, type TurnRecord } from '../../adapters/conversation-store.js';
import { openDatabase } from '../../adapters/db.js';
import type { TurnEvent } from '../../domain/types.js';

const at = '2026-12-06T10:00:00.000Z';
const events: TurnEvent[] = [
  { offset: 0, type: 'turn.started', at, data: {} },
  { offset: 1, type: 'orchestrator.decision', at, data: {} },
  { offset: 2, type: 'turn.completed', at, data: { status: 'completed', guard: ['unbacked claims: 1'] } },
];
const running: TurnRecord = { turnId: 't1', conversationId: 'c1', userId: 'alice', seq: 1, question: 'q', namespace: 'default', status: 'running', answer: null, result: null, createdAt: at, finishedAt: null };
const saved = { ...running, status: 'completed', answer: 'a', result: { events } as unknown as TurnRecord['result'], finishedAt: at } as TurnRecord;

function service(queryAnswer: () => Promise<TurnEvent[]>) {
  const client = { connection: { withDeadline: (_d: number, fn: () => unknown) => fn() }, workflow: { getHandle: () => ({ query: queryAnswer, describe: async () => ({ status: { name: 'COMPLETED' } }) }) } } as unknown as Client;
  const conversations = { getTurn: async () => saved } as unknown as ConversationStore;
  return createTurnService({ client, conversations, notices: new NoticeBus(), config: {} as TurnServiceDeps['config'], approvers: [], admins: [], llmProblem: null } as TurnServiceDeps);
}

describe('eventsAfter', () => {
  it('a stream that read up to a decision while the turn ran, then finds it saved as finished with a query that answers nothing new, gets the terminal event from the saved log', async () => {
    const turns = service(async () => []);
    expect(await turns.eventsAfter(running, 1)).toEqual({ events: [events[2]], done: true });
    // Resumed after the terminal event: nothing more, and the log has ended.
    expect(await turns.eventsAfter(running, 2)).toEqual({ events: [], done: true });
    // The record read as saved: from the saved log, as before.
    expect(await turns.eventsAfter(saved, 0)).toEqual({ events: events.slice(1), done: true });
  });
});

describe('a log rebuilt with fewer events than a stream wrote', () => {
  it('ends the stream on its terminal event after the cursor; a whole log resumed at its end still gives nothing', () => {
    // Terminated mid-step, no worker answering for its log and no events pushed to this API: the log is its end alone.
    const rebuilt: TurnEvent[] = [{ offset: 0, type: 'turn.failed', at, data: { status: 'failed' } }];
    expect(finishedAfter(rebuilt, 2)).toEqual([{ ...rebuilt[0], offset: 3 }]);
    expect(finishedAfter(rebuilt, -1)).toEqual(rebuilt);
    expect(finishedAfter(events, 2)).toEqual([]);
    expect(finishedAfter(events, 0)).toEqual(events.slice(1));
  });
});

describe('a turn record rebuilt from its closed workflow', () => {
  it('is not written over the record the workflow saved: a stream that read the turn running, then found its query unanswered, gets the saved log', async () => {
    const db = await openDatabase({ inMemory: true });
    try {
      const store = createSqlConversationStore(db);
      const turn = { turnId: 't2', conversationId: 'c2', userId: 'alice', question: 'q', namespace: 'default' };
      await store.beginTurn(turn);
      const stale = (await store.getTurn('t2'))!;
      // The workflow saves its whole record, then closes.
      await store.saveTurn(turn, 'completed', 'a', { events } as unknown as NonNullable<TurnRecord['result']>);
      // The first read after the failed query lags (it was read before the save); the rest see the store.
      let lagging = true;
      const conversations = { ...store, getTurn: async (id: string) => (lagging ? ((lagging = false), stale) : store.getTurn(id)) } as ConversationStore;
      const unanswered = async () => {
        throw new Error('query timed out');
      };
      const client = {
        connection: { withDeadline: (_d: number, fn: () => unknown) => fn() },
        workflow: { getHandle: () => ({ query: unanswered, describe: async () => ({ status: { name: 'COMPLETED' } }), result: async () => ({ status: 'completed', answer: 'a', receipts: [], outcomes: [], outcomeBlock: '', decisions: [], sources: [], usage: undefined, cost: null, stopReason: null, hops: 1, error: null }) }) },
      } as unknown as Client;
      const turns = createTurnService({ client, conversations, notices: new NoticeBus(), config: {} as TurnServiceDeps['config'], approvers: [], admins: [], llmProblem: null } as TurnServiceDeps);
      expect(await turns.eventsAfter(stale, -1)).toEqual({ events, done: true });
      // The record kept its whole log: the checks' notes are on its last event.
      expect((await store.getTurn('t2'))!.result!.events).toEqual(events);
    } finally {
      await db.close();
    }
  });
});
