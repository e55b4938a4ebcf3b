/**
 * A process for test/unit/heap.test.ts: sets the heap growth it is given (app/heap.ts), builds a live set,
 * then churns objects that live long enough to reach the old generation, as a burst of turns does, and
 * prints how many full collections V8 ran and the highest heap it saw.
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { limitHeapGrowth } from '../../app/heap.js';

limitHeapGrowth(Number(process.argv[2]));
let majors = 0;
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if ((e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
});
observer.observe({ entryTypes: ['gc'] });
const heapMb = () => process.memoryUsage().heapUsed / 1048576;
const live: unknown[] = [];
for (let i = 0; i < 1_000_000; i++) live.push({ i, s: `x${i}` });
const ring: unknown[][] = [];
let peakMb = 0;
for (let r = 0; r < 6000; r++) {
  ring.push(Array.from({ length: 2000 }, (_, j) => ({ r, j })));
  if (ring.length > 40) ring.shift();
  if (r % 10 === 0) {
    await new Promise((res) => setImmediate(res));
    peakMb = Math.max(peakMb, heapMb());
  }
}
await new Promise((res) => setTimeout(res, 50));
observer.disconnect();
process.stdout.write(JSON.stringify({ majors, peakMb: Math.round(peakMb), live: live.length }));
