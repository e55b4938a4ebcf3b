/**
 * The worker side of `npm start` and `npm run worker`: the runtime (database, stores, model clients),
 * workflow notices through the database, tracing, and the workers of the turn queue and the others given.
 */
import fs from 'node:fs';
import type { Config } from '../adapters/config.js';
import type { Logger } from '../adapters/logger.js';
import { notifyThrough } from '../adapters/notices.js';
import { setupTracing, type Tracing } from '../adapters/tracing.js';
import { createConfiguredWorkers, type QueueSpec } from '../worker/worker.js';
import { limitHeapGrowth } from './heap.js';
import { openRuntime, type Runtime } from './runtime.js';

/** `queues` adds the queues beside the turns' (the entry points' eval queue, which app/ may not import). */
export async function startWorkerSide(config: Config, address: string, logger: Logger, queues: (deps: Runtime['deps']) => QueueSpec[]) {
  // Before anything fills the heap: how far it may grow past what is live (app/heap.ts).
  limitHeapGrowth(config.heapGrowthPercent);
  const runtime = await openRuntime(config);
  let tracing: Tracing | null = null;
  try {
    notifyThrough(runtime.db, logger);
    tracing = setupTracing(config.otel);
    const workers = await createConfiguredWorkers({ config, address, activities: runtime.activities, extraQueues: queues(runtime.deps), tracing });
    // The sticky cache's size as the SDK settled it: WORKER_MAX_CACHED_WORKFLOWS, or by default sized from
    // the V8 heap limit, so a heap cap (NODE_OPTIONS=--max-old-space-size) also shrinks the cache.
    const stickyCacheSize = workers.workers[0]?.options.maxCachedWorkflows;
    return { runtime, tracing, workers, stickyCacheSize, allocator: allocatorOf('self') };
  } catch (e) {
    await tracing?.shutdown();
    await runtime.db.close();
    throw e;
  }
}

/**
 * The malloc a process runs with, from the libraries it has mapped: jemalloc when app/with-allocator.sh
 * preloaded it (MEMORY_ALLOCATOR), glibc's otherwise; null where there is no /proc (not Linux).
 */
export function allocatorOf(pid: number | 'self' | undefined): 'jemalloc' | 'glibc' | null {
  if (!pid) return null;
  try {
    return /libjemalloc/.test(fs.readFileSync(`/proc/${pid}/maps`, 'utf8')) ? 'jemalloc' : 'glibc';
  } catch {
    return null;
  }
}
