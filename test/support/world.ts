/**
 * Scripted model behaviour shared by tests: an orchestrator that routes by keywords the way a real
 * model would, agents that call their tools and answer from the results. Tests override pieces.
 */
import crypto from 'node:crypto';
import { createWordVectorEmbedder } from '../../adapters/embedding.js';
import type { TurnInput } from '../../domain/types.js';
import type { Db } from '../../adapters/db.js';
import { putDocument, type KnowledgeStore } from '../../adapters/knowledge-store.js';
import { agentOf, calls, call, firstUser, isOrchestrator, text, toolResults, type ChatRequestBody, type Responder, type ScriptedReply } from './scripted-llm.js';

export const POLICY_PAGES = [
  { page: 1, text: 'Expense policy. Client meals are reimbursed up to 60 EUR per person when a client attends. Alcohol is not reimbursed.' },
  { page: 2, text: 'Travel policy. Book economy class for flights under six hours. Hotel nights are capped at 150 EUR in most cities.' },
  { page: 3, text: 'Security policy. Laptops must use full-disk encryption. Report lost devices to IT within 24 hours.' },
];

/** Seeds one policy document into the knowledge table with the offline default embedder (word vectors), as the runtime searches. */
export async function seedPolicy(db: Db, store: KnowledgeStore, namespace = 'default', pages: { page: number; text: string }[] = POLICY_PAGES, id = 'doc-policy') {
  const emb = createWordVectorEmbedder();
  const vectors = await emb.embed(pages.map((p) => p.text));
  await putDocument(
    db,
    store,
    { id, namespace, fileName: 'policy.pdf', pages: pages.length },
    pages.map((p, i) => ({ chunkIndex: i, page: p.page, text: p.text, embedding: vectors[i]! })),
  );
}

const lastOrchestratorAgentOutputs = (req: ChatRequestBody) => req.messages.filter((m) => m.role === 'tool');

/** The orchestrator: first hop routes by keywords; once agents answered, it answers with their text. */
export function orchestrator(req: ChatRequestBody): ScriptedReply {
  const outputs = lastOrchestratorAgentOutputs(req);
  if (outputs.length > 0) {
    const texts = outputs.map((o) => {
      try {
        return JSON.parse(o.content ?? '{}').text as string;
      } catch {
        return '';
      }
    });
    return text(`Here is what I found: ${texts.filter(Boolean).join(' / ')}`);
  }
  // The question itself (after "User: "), as a model would pass it on.
  const last = req.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
  const q = (last.split('User: ').at(-1) ?? last).toLowerCase();
  const wantsKb = /policy|expense|meal|travel|laptop|reimburs/.test(q);
  const wantsRooms = /room|book|free|projector|meeting/.test(q);
  if (wantsKb && wantsRooms) return calls(['knowledge_base_agent', { request: 'What does the policy say about client meals?' }], ['booking_agent', { request: 'Is Room 3 free tomorrow 14:00-15:00?' }]);
  if (wantsKb) return call('knowledge_base_agent', { request: q });
  if (wantsRooms) return call('booking_agent', { request: q });
  return text('Hello! I can answer questions about workspace policies and room bookings.');
}

/** The agents: call their main tool once, then answer from the tool result. */
export function agents(req: ChatRequestBody): ScriptedReply {
  const agent = agentOf(req);
  const results = toolResults(req);
  if (agent === 'knowledge_base_agent') {
    if (results.length === 0) return call('search_knowledge_base', { query: firstUser(req).slice(0, 200) });
    const passages = JSON.parse(results.at(-1)!).passages as { file: string; page: number; text: string }[];
    if (!passages?.length) return text('That is not in the documents.');
    return text(`${passages[0]!.text} (${passages[0]!.file} p.${passages[0]!.page})`);
  }
  if (agent === 'booking_agent') {
    if (results.length === 0) return call('check_availability', { room: 'Room 3', start: '2030-01-15T14:00:00Z', end: '2030-01-15T15:00:00Z' });
    const r = JSON.parse(results.at(-1)!);
    return text(r.available ? `${r.room} is free from ${r.start} to ${r.end}.` : `${r.room} is not free: ${r.conflicts?.length ?? 0} conflict(s).`);
  }
  return text('?');
}

export const world: Responder = (req) => (isOrchestrator(req) ? orchestrator(req) : agents(req));

/** A future slot for booking tests (the workflow rejects starts in the past). */
export function futureSlot(daysAhead = 30, hour = 14, hours = 1) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daysAhead);
  d.setUTCHours(hour, 0, 0, 0);
  const start = d.toISOString();
  return { start, end: new Date(d.getTime() + hours * 3600_000).toISOString() };
}

/**
 * A booking conversation: the orchestrator sends "book …" requests to the booking agent; the agent
 * proposes create_booking for the slot, then reports exactly what the tool result said.
 */
export function booker(slot: { start: string; end: string }, room = 'Room 3'): Responder {
  return (req) => {
    if (isOrchestrator(req)) return orchestrator(req);
    if (agentOf(req) !== 'booking_agent') return agents(req);
    const results = toolResults(req);
    if (results.length === 0) return call('create_booking', { room, start: slot.start, end: slot.end, bookedFor: 'Sarah', title: 'Planning' });
    const r = JSON.parse(results.at(-1)!);
    if (r.status === 'committed') return text(`Booked ${r.receipt.roomName} for Sarah (receipt ${r.receipt.bookingId}).`);
    if (r.status === 'conflict') return text(`Not booked: the slot was taken. Free instead: ${r.nearestFreeSlots.map((s: any) => `${s.roomName} ${s.startsAt}`).join(', ')}.`);
    if (r.status === 'rejected') return text(`Not booked: ${r.by} rejected it.`);
    if (r.status === 'expired') return text('Not booked: nobody approved it in time.');
    return text(`Not booked: ${r.error ?? r.message}.`);
  };
}

/** A turn's workflow input, for tests that start turns on Temporal directly (no API). */
export function turnInput(question: string, opts: { namespace?: string; userId?: string; approvers?: string[] } = {}): TurnInput {
  const turnId = crypto.randomUUID();
  return {
    turnId,
    conversationId: `conv-${turnId}`,
    userId: opts.userId ?? 'alice',
    question,
    namespace: opts.namespace ?? 'default',
    settings: { maxHops: 4, maxAgentRetries: 1, timezone: 'UTC' },
    ...(opts.approvers ? { approvers: opts.approvers } : {}),
  };
}

/** Slot i of many distinct bookings: Room 3, one hour, ten a day from 08:00 UTC, starting two days out. */
export function numberedSlot(i: number) {
  const start = new Date(Date.now() + (2 + Math.floor(i / 10)) * 86_400_000);
  start.setUTCHours(8 + (i % 10), 0, 0, 0);
  return { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() };
}

/** For load: the booking agent books the numbered slot its request names ("slot 17") and reports the outcome. */
export const numberedSlotBooker: Responder = (req) => {
  if (isOrchestrator(req)) return orchestrator(req);
  if (agentOf(req) !== 'booking_agent') return text('?');
  const results = toolResults(req);
  const i = Number(/slot (\d+)/.exec(firstUser(req))?.[1]);
  if (results.length === 0) return call('create_booking', { room: 'Room 3', ...numberedSlot(i), bookedFor: `Guest ${i}`, title: 'Load' });
  const r = JSON.parse(results.at(-1)!);
  return text(r.status === 'committed' ? `Booked (receipt ${r.receipt.bookingId}).` : `Not booked: ${r.status}.`);
};
