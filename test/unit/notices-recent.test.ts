/**
 * The notice bus's recent logs (adapters/notices.ts `recentEvents`): what a stream that joins a running
 * workflow may start from instead of a read. Only an unbroken run of pushed events counts; anything that
 * says the bus may have missed one (a gap, a notice without its events, a lost listener) makes it read.
 */
import { describe, expect, it } from 'vitest';
import { NoticeBus, type NoticeEvent } from '../../adapters/notices.js';

const ev = (offset: number, data: Record<string, unknown> = {}): NoticeEvent => ({ offset, type: 'hop.started', at: '2026-12-04T00:00:00Z', data });
/** A bus as an API's: keeping recent events. */
const apiBus = (): NoticeBus => {
  const bus = new NoticeBus();
  bus.keepRecent();
  return bus;
};
const push = (bus: NoticeBus, workflowId: string, events: NoticeEvent[]) => bus.deliver({ workflowId, last: events.at(-1)!.offset, events });

describe('recent events on the notice bus', () => {
  it('gives the events after an offset when it saw all of them, in order, none twice', () => {
    const bus = apiBus();
    push(bus, 'turn-a', [ev(0), ev(1)]);
    push(bus, 'turn-a', [ev(1), ev(2), ev(3)]); // a repeat of 1 (a run that repeated its steps) is not kept twice
    expect(bus.recentEvents('turn-a', -1)!.map((e) => e.offset)).toEqual([0, 1, 2, 3]);
    expect(bus.recentEvents('turn-a', 1)!.map((e) => e.offset)).toEqual([2, 3]);
    expect(bus.recentEvents('turn-a', 3)).toEqual([]);
    expect(bus.recentEvents('turn-b', -1), 'a workflow it never heard of').toBeNull();
  });

  it('after a gap it knows only the run since, so a cursor before the gap must read', () => {
    const bus = apiBus();
    push(bus, 'turn-a', [ev(0), ev(1)]);
    push(bus, 'turn-a', [ev(4), ev(5)]);
    expect(bus.recentEvents('turn-a', 1)).toBeNull();
    expect(bus.recentEvents('turn-a', 3)!.map((e) => e.offset)).toEqual([4, 5]);
    // Joined late: it never saw offset 0.
    push(bus, 'turn-c', [ev(2), ev(3)]);
    expect(bus.recentEvents('turn-c', -1)).toBeNull();
    expect(bus.recentEvents('turn-c', 1)!.map((e) => e.offset)).toEqual([2, 3]);
  });

  it('forgets a workflow on a notice without its events (its end, a large event), and everything when its listener lost notices', () => {
    const bus = apiBus();
    push(bus, 'turn-a', [ev(0), ev(1)]);
    push(bus, 'turn-b', [ev(0)]);
    bus.deliver({ workflowId: 'turn-a', last: 2 });
    expect(bus.recentEvents('turn-a', -1)).toBeNull();
    expect(bus.recentEvents('turn-b', -1)).toHaveLength(1);
    bus.wakeAll();
    expect(bus.recentEvents('turn-b', -1)).toBeNull();
  });

  it('keeps a workflow on a notice of no event (a wake: a saved approval, the closed sweep)', () => {
    const bus = apiBus();
    push(bus, 'turn-a', [ev(0), ev(1)]);
    bus.deliver({ workflowId: 'turn-a', last: -1 });
    expect(bus.recentEvents('turn-a', -1)!.map((e) => e.offset)).toEqual([0, 1]);
    push(bus, 'turn-a', [ev(2)]);
    expect(bus.recentEvents('turn-a', 0)!.map((e) => e.offset)).toEqual([1, 2]);
  });

  it('is not fed by drafts, nor by its own notices coming back from PostgreSQL', () => {
    const bus = apiBus();
    bus.deliver({ workflowId: 'turn-a', last: -1, draft: { id: 'd1', hop: 1, from: 0, text: 'Client' } });
    expect(bus.recentEvents('turn-a', -1)).toBeNull();
    bus.deliver({ workflowId: 'turn-a', last: 0, events: [ev(0)], from: bus.id });
    expect(bus.recentEvents('turn-a', -1)).toBeNull();
  });

  it('keeps nothing on a bus no API uses (a worker process alone)', () => {
    const bus = new NoticeBus();
    push(bus, 'turn-a', [ev(0), ev(1)]);
    expect(bus.recentEvents('turn-a', -1)).toBeNull();
  });

  it('holds a bounded number of bytes per workflow: the oldest go, and a cursor before them reads', () => {
    const bus = apiBus();
    const big = 'x'.repeat(10_000);
    for (let i = 0; i < 40; i++) push(bus, 'turn-a', [ev(i, { big })]);
    // About 10 KB an event, 256 KB a workflow: the newest 26 stay (offsets 14 to 39).
    expect(bus.recentEvents('turn-a', 12), 'a cursor before what it kept').toBeNull();
    expect(bus.recentEvents('turn-a', 13)!.map((e) => e.offset)).toEqual(Array.from({ length: 26 }, (_, i) => 14 + i));
    const tail = bus.recentEvents('turn-a', 30)!;
    expect(tail.map((e) => e.offset)).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39]);
  });
});
