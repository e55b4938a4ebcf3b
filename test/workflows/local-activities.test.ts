/**
 * TURN_LOCAL_ACTIVITIES on the real Temporal server: the same turns give the same answers in every mode,
 * and the history shows which steps ran as regular activities and which as local ones (markers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { temporal } from '@temporalio/proto';
import type { LocalActivitiesMode } from '../../domain/types.js';
import * as messages from '../../workflows/temporal-messages.js';
import { RECORD_DECISION_LOCALLY } from '../../workflows/approval-gate.js';
import { LOCAL_TURN_RECORD } from '../../workflows/turn.js';
import { createHarness, type Harness } from '../support/harness.js';
import { LOCAL_ACTIVITY_MARKER } from '../support/history.js';
import { booker, futureSlot, seedPolicy, turnInput, world } from '../support/world.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ responder: world });
  await seedPolicy(h.db, h.runtime.deps.knowledge);
});
afterAll(async () => h?.close());

type Event = temporal.api.history.v1.IHistoryEvent;

async function run(question: string, mode: LocalActivitiesMode, opts: { approvers?: string[] } = {}) {
  const input = turnInput(question, opts);
  input.settings.localActivities = mode;
  const handle = await h.client.workflow.start('turnWorkflow', { workflowId: `turn-${input.turnId}`, taskQueue: h.taskQueue, args: [input] });
  return { handle, input };
}

/** Regular activities by type, local-activity markers, and workflow tasks, from a turn's history. */
async function shape(workflowId: string) {
  const events = (await h.client.workflow.getHandle(workflowId).fetchHistory()).events ?? [];
  const regular = events.flatMap((e: Event) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []);
  const markers = events.filter((e: Event) => e.markerRecordedEventAttributes?.markerName === LOCAL_ACTIVITY_MARKER).length;
  const workflowTasks = events.filter((e: Event) => e.workflowTaskCompletedEventAttributes).length;
  // Markers of the patch under which an approval's decision is recorded locally.
  const patches = events.filter(
    (e: Event) =>
      e.markerRecordedEventAttributes?.markerName === 'core_patch' &&
      Object.values(e.markerRecordedEventAttributes.details ?? {}).some((p) => (p.payloads ?? []).some((x) => Buffer.from(x.data ?? []).toString().includes(RECORD_DECISION_LOCALLY))),
  ).length;
  // Every patch the turn recorded, by id.
  const patchIds = events.flatMap((e: Event) =>
    e.markerRecordedEventAttributes?.markerName === 'core_patch'
      ? Object.values(e.markerRecordedEventAttributes.details ?? {}).flatMap((p) => (p.payloads ?? []).map((x) => (JSON.parse(Buffer.from(x.data ?? []).toString()) as { id: string }).id))
      : [],
  );
  const signalled = events.findIndex((e: Event) => e.workflowExecutionSignaledEventAttributes);
  const tasksAfterSignal = signalled < 0 ? 0 : events.slice(signalled).filter((e: Event) => e.workflowTaskCompletedEventAttributes).length;
  return { regular: [...new Set(regular)].sort(), regularCalls: regular, markers, workflowTasks, patches, patchIds, tasksAfterSignal };
}

describe('TURN_LOCAL_ACTIVITIES', () => {
  it('gives the same answer, sources and hops in every mode; only the history differs', async () => {
    const views: Record<string, any> = {};
    const shapes: Record<string, Awaited<ReturnType<typeof shape>>> = {};
    for (const mode of ['none', 'reads', 'all'] as const) {
      const { handle } = await run('What is the client meal policy?', mode);
      views[mode] = await handle.result();
      shapes[mode] = await shape(handle.workflowId);
    }
    for (const mode of ['reads', 'all']) {
      expect(views[mode].status).toBe('completed');
      expect(views[mode].answer).toBe(views.none.answer);
      expect(views[mode].hops).toBe(views.none.hops);
      expect(views[mode].sources.map((s: any) => [s.fileName, s.page])).toEqual(views.none.sources.map((s: any) => [s.fileName, s.page]));
    }
    expect(views.none.answer).toContain('60 EUR');
    // Saved the same way in every mode.
    for (const mode of ['none', 'reads', 'all']) {
      const { rows } = await h.db.query<{ status: string; answer: string }>(`select status, answer from turns where id = $1`, [views[mode].turnId]);
      expect(rows).toEqual([{ status: 'completed', answer: views[mode].answer }]);
    }

    // none: every step is a regular activity.
    expect(shapes.none!.regular).toEqual(['agentStep', 'decide', 'loadContext', 'persistTurn', 'searchKnowledgeBase', 'verifyClaims']);
    expect(shapes.none!.markers).toBe(0);
    // reads: the context and the search are local; model calls stay regular.
    expect(shapes.reads!.regular).toEqual(['agentStep', 'decide', 'persistTurn', 'verifyClaims']);
    expect(shapes.reads!.markers).toBe(2);
    // all: no regular activity; the turn's record is the last local one, and the turn one workflow task.
    expect(shapes.all!.regular).toEqual([]);
    expect(shapes.all!.markers).toBeGreaterThanOrEqual(7);
    expect(shapes.all!.workflowTasks).toBe(1);
    expect(shapes.all!.patchIds).toContain(LOCAL_TURN_RECORD);
    // The other modes keep the regular record, and never ask for the patch.
    expect(shapes.reads!.patchIds).not.toContain(LOCAL_TURN_RECORD);
    expect(shapes.none!.patchIds).not.toContain(LOCAL_TURN_RECORD);
    expect(shapes.all!.workflowTasks).toBeLessThan(shapes.reads!.workflowTasks);
    expect(shapes.reads!.workflowTasks).toBeLessThan(shapes.none!.workflowTasks);
  });

  it("in all, a turn already saved as finished keeps its record and the run adopts it (a crash's repeated steps answer nothing new)", async () => {
    // What a run finds when its worker died after the turn's record was saved (and maybe seen) but before
    // its workflow task completed: the row, finished, with another answer than this run's model gives.
    const input = turnInput('What is the client meal policy?');
    input.settings.localActivities = 'all';
    const saved = {
      decisions: [{ type: 'return_to_user' as const }],
      sources: [],
      entities: [],
      receipts: [],
      outcomes: [],
      outcomeBlock: '',
      usage: { total: { promptTokens: 7, completionTokens: 5, totalTokens: 12 }, byModel: {}, byAgent: {}, calls: 1 },
      stopReason: null,
      hops: 1,
      error: null,
      events: [
        { offset: 0, type: 'turn.started' as const, at: '2026-12-03T10:00:00.000Z', data: { turnId: input.turnId } },
        { offset: 1, type: 'orchestrator.decision' as const, at: '2026-12-03T10:00:00.100Z', data: { hop: 1, decision: { type: 'return_to_user' } } },
        { offset: 2, type: 'turn.completed' as const, at: '2026-12-03T10:00:00.200Z', data: { status: 'completed', answer: 'The answer the user saw first.' } },
      ],
    };
    const identity = { turnId: input.turnId, conversationId: input.conversationId, userId: input.userId, question: input.question, namespace: input.namespace };
    await h.runtime.deps.conversations.saveTurn(identity, 'completed', 'The answer the user saw first.', saved);
    const handle = await h.client.workflow.start('turnWorkflow', { workflowId: `turn-${input.turnId}`, taskQueue: h.taskQueue, args: [input] });
    const view: any = await handle.result();
    expect(view).toMatchObject({ status: 'completed', answer: 'The answer the user saw first.', hops: 1, decisions: [{ type: 'return_to_user' }], sources: [], error: null });
    expect(view.usage.total.totalTokens).toBe(12);
    // The row is as it was saved first.
    const row = await h.runtime.deps.conversations.getTurn(input.turnId);
    expect(row).toMatchObject({ status: 'completed', answer: 'The answer the user saw first.' });
    expect(row!.result!.events.map((e) => e.type)).toEqual(['turn.started', 'orchestrator.decision', 'turn.completed']);
    // This run did look (its own steps are in the history), then recorded nothing new: one task, no regular activity.
    const s = await shape(handle.workflowId);
    expect(s.regular).toEqual([]);
    expect(s.markers).toBeGreaterThanOrEqual(7);
    expect(s.workflowTasks).toBe(1);
  });

  it('still pauses for approval and commits through regular activities when model calls are local', async () => {
    const slot = futureSlot(45, 10);
    h.llm.respond(booker(slot));
    try {
      const { handle } = await run('Book room 3 for Sarah', 'all', { approvers: ['bob'] });
      let pending;
      for (let i = 0; !(pending = (await handle.query(messages.state)).approvals.find((a) => a.status === 'pending')); i++) {
        if (i > 100) throw new Error('no approval appeared');
        await new Promise((r) => setTimeout(r, 100));
      }
      // Paused: the workflow task completed, so everything before the approval is recorded.
      const paused = await shape(handle.workflowId);
      expect(paused.regular).toEqual(['saveApproval']);
      expect(paused.markers).toBeGreaterThanOrEqual(4);
      await handle.signal(messages.approval, { approvalId: pending.approvalId, decision: 'approve', userId: 'bob' });
      const view: any = await handle.result();
      expect(view.status).toBe('completed');
      expect(view.receipts).toHaveLength(1);
      expect(view.answer).toContain(view.receipts[0].bookingId);
      const done = await shape(handle.workflowId);
      expect(done.regular).toEqual(['commitWrite', 'saveApproval']);
      // The pending approval was saved through the server, the decision locally (one patch marker for it):
      // after the signal: its task (the commit), then the decision's record, the answer and the turn's record
      // in one task (before: three, the turn's record a round trip of its own; before that, four).
      expect(done.regularCalls.filter((n) => n === 'saveApproval')).toHaveLength(1);
      expect(done.patches).toBe(1);
      expect(done.tasksAfterSignal).toBe(2);
      const { rows: decided } = await h.db.query<{ status: string }>(`select status from approvals where id = $1`, [pending.approvalId]);
      expect(decided[0]!.status).toBe('approved');
      const { rows } = await h.db.query<{ n: number }>(`select count(*)::int as n from bookings where id = $1`, [view.receipts[0].bookingId]);
      expect(rows[0]!.n).toBe(1);
    } finally {
      h.llm.respond(world);
    }
  });
});
