import { describe, expect, it } from 'vitest';
import { buildOrchestratorMessages, parseAgentCalls } from '../../domain/prompts.js';
import { citedSources, guardAnswer, honestStopAnswer, notCoveredAnswer, stopFindings } from '../../domain/guard.js';
import { normalizeDecision, type Approval, type DecideInput, type Receipt, type Source } from '../../domain/types.js';

const tc = (name: string, args: string) => ({ id: 'c1', type: 'function' as const, function: { name, arguments: args } });

describe('parseAgentCalls', () => {
  it('accepts valid calls and rejects unknown tools, bad JSON and bad arguments with reasons', () => {
    const { calls, rejected } = parseAgentCalls([
      tc('booking_agent', '{"request":"Is Room 3 free at 2pm?"}'),
      tc('weather_agent', '{"request":"rain?"}'),
      tc('knowledge_base_agent', '{"request":'),
      tc('knowledge_base_agent', '{"request":"","x":1}'),
    ]);
    expect(calls).toEqual([{ agent: 'booking_agent', request: 'Is Room 3 free at 2pm?' }]);
    expect(rejected.map((r) => r.error)).toEqual([
      expect.stringMatching(/unknown tool "weather_agent"/),
      'arguments are not valid JSON',
      expect.stringMatching(/request: .*|Unrecognized key/),
    ]);
  });
});

describe('normalizeDecision', () => {
  it('normalizes to the graded shape, agent names deduplicated', () => {
    const base = { rejected: [], corrections: [], usage: [] };
    expect(
      normalizeDecision({ ...base, type: 'call_agents', calls: [{ agent: 'booking_agent', request: 'a' }, { agent: 'booking_agent', request: 'b' }] }),
    ).toEqual({ type: 'call_agents', agents: ['booking_agent'] });
    expect(normalizeDecision({ ...base, type: 'return_to_user', answer: 'x' })).toEqual({ type: 'return_to_user' });
    expect(normalizeDecision({ ...base, type: 'rejected' })).toBeNull();
  });
});

describe('buildOrchestratorMessages', () => {
  const input: DecideInput = {
    question: 'and is it free at 3?',
    context: {
      conversationId: 'c',
      turns: [{ turnId: 't1', question: 'is room 3 free at 2?', answer: 'Yes.', status: 'completed', sources: [], receipts: [], entities: [{ kind: 'room', id: 'room-3', label: 'Room 3' }] }],
    },
    hops: [
      {
        hop: 1,
        calls: [{ agent: 'booking_agent', request: 'Is Room 3 free at 15:00?' }],
        rejected: [],
        refused: [],
        outputs: [
          { agent: 'booking_agent', request: 'Is Room 3 free at 15:00?', status: 'empty', text: '', sources: [], receipts: [], entities: [], steps: 1, toolCalls: [] },
        ],
      },
    ],
    hop: 2,
    maxHops: 6,
    retryCounts: { booking_agent: 1 },
    maxAgentRetries: 1,
    now: '2030-01-15T09:00:00.000Z',
    timezone: 'Europe/Berlin',
  };
  it('is deterministic and carries context, outputs as tool results, and the budgets', () => {
    const a = buildOrchestratorMessages(input);
    expect(buildOrchestratorMessages(input)).toEqual(a);
    expect(a[1]!.content).toContain('is room 3 free at 2?');
    expect(a[1]!.content).toContain('room Room 3 (id room-3)');
    expect(a[1]!.content).toContain('Europe/Berlin');
    const assistant = a.find((m) => m.role === 'assistant') as any;
    expect(assistant.tool_calls[0].function).toEqual({ name: 'booking_agent', arguments: '{"request":"Is Room 3 free at 15:00?"}' });
    const tool = a.find((m) => m.role === 'tool') as any;
    expect(JSON.parse(tool.content)).toMatchObject({ status: 'empty' });
    expect(a.at(-1)!.content).toMatch(/step 2 of 6; booking_agent returned nothing 1 time\(s\) \(budget 1 retries\)/);
  });
});

describe('guardAnswer', () => {
  const none = { agentOutputs: [], namespace: 'default', receipts: [], approvals: [], knownBookingIds: [] };
  const receipt: Receipt = {
    kind: 'booking.created',
    bookingId: 'bk_abc123',
    approvalId: 't-1',
    roomId: 'room-3',
    roomName: 'Room 3',
    startsAt: '2030-01-15T14:00:00.000Z',
    endsAt: '2030-01-15T15:00:00.000Z',
    status: 'confirmed',
    summary: 'Room 3 booked, Tue 15 Jan 2030, 14:00–15:00 (UTC), for Sarah',
    at: '2030-01-14T09:00:00.000Z',
  };
  const approval = (status: Approval['status'], outcome: Approval['outcome'] = null): Approval => ({
    approvalId: 't-1',
    turnId: 't',
    action: 'create',
    details: { action: 'create', bookingId: null, roomId: 'room-3', roomName: 'Room 3', startsAt: receipt.startsAt, endsAt: receipt.endsAt, when: 'Tue 15 Jan 2030, 14:00–15:00 (UTC)', bookedFor: 'Sarah', title: '', current: null },
    status,
    requestedBy: 'alice',
    createdAt: '2030-01-14T09:00:00.000Z',
    expiresAt: '2030-01-15T09:00:00.000Z',
    resolvedBy: status === 'pending' ? null : 'bob',
    resolvedAt: null,
    comment: status === 'rejected' ? 'use room 2' : null,
    outcome,
  });

  it('withholds a booking claimed without a receipt, answering from the approvals instead', () => {
    const g = guardAnswer("Done! I've booked Room 3 for Sarah from 2 to 3pm.", { ...none, approvals: [approval('rejected')] });
    expect(g.notes).toEqual(['write claimed without a receipt']);
    expect(g.answer).not.toMatch(/I've booked/);
    expect(g.answer).toMatch(/was rejected by bob \("use room 2"\)\. Nothing was written\./);
    expect(guardAnswer('Your booking is confirmed.', none).answer).toBe('No booking, change or cancellation was made in this turn.');
  });

  it('treats "the booking is approved" and, once the turn proposed a write, "Room 3 is booked for" as claims', () => {
    const injected = 'Done: Room 3 is booked for Mallory and the booking is approved.';
    expect(guardAnswer(injected, { ...none, approvals: [approval('rejected')] }).notes).toEqual(['write claimed without a receipt']);
    expect(guardAnswer('The reservation was approved.', none).notes).toEqual(['write claimed without a receipt']);
    expect(guardAnswer('Room 3 is booked for Mallory.', { ...none, approvals: [approval('pending')] }).answer).toMatch(/^Waiting for approval: create Room 3/);
    // Without a write in this turn it reports what the database said.
    expect(guardAnswer('Room 3 is booked for Tom at 2pm.', none).notes).toEqual([]);
  });

  it('withholds booking ids that no receipt or read backs', () => {
    const g = guardAnswer('Booked as bk_deadbeef.', { ...none, receipts: [receipt], approvals: [approval('approved', { outcome: 'committed', receipt })] });
    expect(g.notes).toEqual(['unbacked booking ids: bk_deadbeef']);
    expect(g.answer).toContain('Done: bk_abc123');
    expect(guardAnswer('It conflicts with bk_tom1.', { ...none, knownBookingIds: ['bk_tom1'] }).notes).toEqual([]);
  });

  it('lists the receipts the answer did not name', () => {
    const g = guardAnswer('Room 3 has been booked for Sarah.', { ...none, receipts: [receipt] });
    expect(g.notes).toEqual(['receipts listed by the platform']);
    expect(g.answer).toMatch(/Receipts:\n- bk_abc123: Room 3 booked/);
    expect(guardAnswer('Room 3 has been booked (bk_abc123).', { ...none, receipts: [receipt] }).notes).toEqual([]);
  });

  it('answers "not found" when only the knowledge base was asked and it retrieved nothing', () => {
    const kb = (sources: Source[]) => ({ agent: 'knowledge_base_agent' as const, request: 'r', status: 'ok' as const, text: 'Leave is 16 weeks.', sources, receipts: [], entities: [], steps: 2, toolCalls: [] });
    const g = guardAnswer('Parental leave is 16 weeks.', { ...none, namespace: 'hr', agentOutputs: [kb([])] });
    expect(g).toEqual({ answer: notCoveredAnswer('hr'), notes: ['no relevant passage retrieved'], verdict: 'not_found' });
    const src: Source = { documentId: 'd', chunkId: 'd:0', fileName: 'p.pdf', page: 1, chunkIndex: 0, score: 0.5, snippet: 's' };
    expect(guardAnswer('Meals: 60 EUR [p.pdf p.1].', { ...none, agentOutputs: [kb([src])] }).notes).toEqual([]);
  });

  it('leaves honest answers alone', () => {
    expect(guardAnswer('Room 3 is free from 2 to 3pm.', none).notes).toEqual([]);
    expect(guardAnswer('Room 3 is booked by Tom at 2pm.', none).notes).toEqual([]);
    expect(guardAnswer('Your meeting can be booked once approved.', none).notes).toEqual([]);
    expect(guardAnswer('', none).answer).toMatch(/could not produce an answer/);
    for (const claim of ['Room 3 has been booked for Sarah.', 'Your booking is confirmed.', 'I cancelled the 2pm booking.', 'Room 3 is now reserved.']) {
      expect(guardAnswer(claim, none).notes, claim).toEqual(['write claimed without a receipt']);
    }
  });
});

describe('honestStopAnswer and citedSources', () => {
  it('says what was found and what failed, inventing nothing', () => {
    const text = honestStopAnswer('the step limit was reached', [
      {
        hop: 1,
        calls: [],
        rejected: [],
        refused: [],
        outputs: [
          { agent: 'knowledge_base_agent', request: 'r', status: 'ok', text: 'Meals up to 60 EUR (policy.pdf p.1)', sources: [], receipts: [], entities: [], steps: 2, toolCalls: [] },
          { agent: 'booking_agent', request: 'r', status: 'error', text: '', error: 'the model call failed', sources: [], receipts: [], entities: [], steps: 1, toolCalls: [] },
        ],
      },
    ]);
    expect(text).toMatch(/^I could not complete this request: the step limit was reached\./);
    expect(text).toContain('- Knowledge base: Meals up to 60 EUR');
    expect(text).toContain('- Bookings: failed (the model call failed).');
  });
  it("says why in place of a reply the checks withheld, and reports each agent's last usable result", () => {
    const out = (agent: 'knowledge_base_agent' | 'booking_agent', status: 'ok' | 'error', text: string) => ({ agent, request: 'r', status, text, sources: [], receipts: [], entities: [], steps: 1, toolCalls: [] });
    const hops = [
      { hop: 1, calls: [], rejected: [], refused: [], outputs: [out('booking_agent', 'ok', 'Room 3 is yours ✅'), out('knowledge_base_agent', 'ok', 'Meals up to 60 EUR')] },
      { hop: 2, calls: [], rejected: [], refused: [], outputs: [out('booking_agent', 'error', '')] },
    ];
    // A later failed run does not hide what the agent found before.
    expect(stopFindings(hops).map((o) => `${o.agent}:${o.status}`)).toEqual(['booking_agent:ok', 'knowledge_base_agent:ok']);
    const text = honestStopAnswer('the step limit was reached', hops, new Map([['booking_agent', 'its reply is not shown: it claims what no receipt or read backs.']]));
    expect(text).not.toContain('Room 3 is yours');
    expect(text).toContain('- Bookings: its reply is not shown: it claims what no receipt or read backs.');
    expect(text).toContain('- Knowledge base: Meals up to 60 EUR');
  });
  it('keeps the cited pages, or all retrieved when none is cited', () => {
    const s = [1, 2, 3].map((page) => ({ fileName: 'policy.pdf', page }));
    expect(citedSources('Up to 60 EUR (policy.pdf p.1) and see page 3 of policy.pdf', s).map((x) => x.page)).toEqual([1, 3]);
    expect(citedSources('Up to 60 EUR.', s)).toHaveLength(3);
  });
});
