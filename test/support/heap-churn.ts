/**
 * A process for test/unit/heap.test.ts: sets the heap growth it is given (app/heap.ts), builds a live set,
 * then churns objects that live long enough to reach the old generation, as a burst of turns does, and
 * prints how many full collections V8 ran and the highest heap it saw.
 */
import v8 from 'node:v8';
import { limitHeapGrowth } from '../../app/heap.js';

limitHeapGrowth(Number(process.argv[2]));
// V8's own record of every collection, read once at the end (a PerformanceObserver's 'gc' entries arrive
// later, in a task of their own, and on a loaded machine some had not arrived when the count was taken).
const gcs = new v8.GCProfiler();
gcs.start();
const heapMb = () => process.memoryUsage().heapUsed / 1048576;
const live: unknown[] = [];
for (let i = 0; i < 1_000_000; i++) live.push({ i, s: `x${i}` });
const ring: unknown[][] = [];
let peakMb = 0;
for (let r = 0; r < 6000; r++) {
  ring.push(Array.from({ length: 2000 }, (_, j) => ({ r, j })));
  // Each batch lives for 200 more (about 20 MB in all): too long to die in the young generation, which
  // with 40 it sometimes did, and then neither growth setting ran more than two or three full collections.
  if (ring.length > 200) ring.shift();
  if (r % 10 === 0) {
    await new Promise((res) => setImmediate(res));
    peakMb = Math.max(peakMb, heapMb());
  }
}
const majors = gcs.stop().statistics.filter((s) => s.gcType === 'MarkSweepCompact').length;
process.stdout.write(JSON.stringify({ majors, peakMb: Math.round(peakMb), live: live.length }));
