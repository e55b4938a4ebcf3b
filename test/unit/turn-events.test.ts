/**
 * A turn's event log as a stream reads it (`eventsAfter`), at the moment the turn saves itself: the turn's
 * record is written before its workflow appends the terminal event, so a query in between answers nothing new
 * while the saved log already ends with it. The query and the store are stubs here, to hold that moment still;
 * the streams over a real server are tested in test/api.
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { createTurnService, type TurnServiceDeps } from '../../api/turn-service.js';
import { NoticeBus } from '../../adapters/notices.js';
import type { ConversationStore, TurnRecord } from '../../adapters/conversation-store.js';
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
