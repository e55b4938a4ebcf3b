import { describe, expect, it } from 'vitest';
import { buildOrchestratorMessages, parseAgentCalls } from '../../domain/prompts.js';
import { citedSources, guardAnswer, honestStopAnswer } from '../../domain/guard.js';
import { normalizeDecision, type DecideInput } from '../../domain/types.js';

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
  it('flags a booking claimed without a receipt', () => {
    const g = guardAnswer("Done! I've booked Room 3 for Sarah from 2 to 3pm.", []);
    expect(g.notes).toEqual(['write claimed without a receipt']);
    expect(g.answer).toMatch(/no booking or cancellation was made/);
  });
  it('leaves honest answers alone', () => {
    expect(guardAnswer('Room 3 is free from 2 to 3pm.', []).notes).toEqual([]);
    expect(guardAnswer('Room 3 is booked by Tom at 2pm.', []).notes).toEqual([]);
    expect(guardAnswer('Your meeting can be booked once approved.', []).notes).toEqual([]);
    for (const claim of ['Room 3 has been booked for Sarah.', 'Your booking is confirmed.', 'I cancelled the 2pm booking.', 'Room 3 is now reserved.']) {
      expect(guardAnswer(claim, []).notes, claim).toEqual(['write claimed without a receipt']);
    }
    expect(guardAnswer('', []).answer).toMatch(/could not produce an answer/);
  });
  it('accepts a claim backed by a receipt', () => {
    expect(guardAnswer('Room 3 has been booked.', [{ kind: 'booking.created', bookingId: 'b1', summary: 's', at: 'now' }]).notes).toEqual([]);
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
  it('keeps the cited pages, or all retrieved when none is cited', () => {
    const s = [1, 2, 3].map((page) => ({ fileName: 'policy.pdf', page }));
    expect(citedSources('Up to 60 EUR (policy.pdf p.1) and see page 3 of policy.pdf', s).map((x) => x.page)).toEqual([1, 3]);
    expect(citedSources('Up to 60 EUR.', s)).toHaveLength(3);
  });
});
