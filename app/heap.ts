/**
 * How far V8 lets the main thread's heap grow past what survived the last full collection before it runs
 * the next one (WORKER_HEAP_GROWTH_PERCENT).
 *
 * By default V8 picks the factor itself, between 1.1× and 4×, the higher the faster the program allocates.
 * A burst of turns allocates fast, so the heap of the worker that ran it grew to twice or more what it
 * held, and when the burst ended in turns that wait for approval, nothing allocated any more, no
 * collection came, and the process kept all of it resident: 1,000 paused turns added 79 to 395 MB to the
 * worker, most of the spread being that garbage (docs/performance.md, paused turns). With a fixed 20% the
 * same 1,000 add 66 to 122 MB, at the cost of more frequent full collections while busy (200 concurrent
 * turns: within this machine's noise, the first burst about 6% slower on average).
 *
 * V8 does not take this flag from NODE_OPTIONS, so the worker sets it when it starts, before its heap grows.
 */
import v8 from 'node:v8';

/** Sets V8's heap growing factor to 1 + percent/100 for this process (0: V8's own choice). */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${Math.round(percent)}`);
}
